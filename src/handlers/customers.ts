import { cancelCommunications } from '../domain/customers/cancel-communications.js';
import { changeCustomer, readCustomer, saveCustomer } from '../domain/customers/records.js';
import { deprecationHeaders } from '../http/deprecation-headers.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentCustomer } from '../http/presenters/customers.js';
import { companyContext } from './context.js';

export const createCustomer: OperationHandler<'createCustomer'> = async (c, env) => {
  const { customer, created, deprecated } = await saveCustomer(companyContext(env), c.request.requestBody);
  return { status: created ? 201 : 200, body: presentCustomer(customer), headers: deprecationHeaders(deprecated) };
};

export const getCustomer: OperationHandler<'getCustomer'> = async (c, env) => ({
  status: 200,
  body: presentCustomer(await readCustomer(companyContext(env), c.request.params.id)),
});

export const updateCustomer: OperationHandler<'updateCustomer'> = async (c, env) => ({
  status: 200,
  body: presentCustomer(await changeCustomer(companyContext(env), c.request.params.id, c.request.requestBody)),
});

export const cancelCustomerCommunications: OperationHandler<'cancelCustomerCommunications'> = async (c, env) => ({
  status: 200,
  body: await cancelCommunications(companyContext(env), c.request.params.customerId, c.request.requestBody?.reason),
});
