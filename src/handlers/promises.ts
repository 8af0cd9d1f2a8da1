import { customerPromises, promiseById } from '../domain/promises/promises.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentPromise } from '../http/presenters/promises.js';
import { companyContext } from './context.js';

export const listCustomerPromises: OperationHandler<'listCustomerPromises'> = async (c, env) => {
  const customerId = c.request.params.customerId;
  const rows = await customerPromises(companyContext(env), customerId);
  return { status: 200, body: { customerId, promises: rows.map(presentPromise) } };
};

export const getPromise: OperationHandler<'getPromise'> = async (c, env) => ({
  status: 200,
  body: presentPromise(await promiseById(companyContext(env), c.request.params.promiseId)),
});
