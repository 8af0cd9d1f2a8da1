import { readConsents, recordConsents } from '../domain/consent/consents.js';
import type { OperationHandler, PathParams, RequestBody } from '../http/handler-types.js';
import { companyContext } from './context.js';

export const getCustomerConsents: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'getCustomerConsents'>;
  return { status: 200, body: await readConsents(companyContext(env), customerId) };
};

export const recordCustomerConsents: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'recordCustomerConsents'>;
  const { events } = c.request.requestBody as RequestBody<'recordCustomerConsents'>;
  return { status: 200, body: await recordConsents(companyContext(env), customerId, events) };
};
