import { readConsents, recordConsents } from '../domain/consent/consents.js';
import type { OperationHandler } from '../http/handler-types.js';
import { companyContext } from './context.js';

export const getCustomerConsents: OperationHandler<'getCustomerConsents'> = async (c, env) => ({
  status: 200,
  body: await readConsents(companyContext(env), c.request.params.customerId),
});

export const recordCustomerConsents: OperationHandler<'recordCustomerConsents'> = async (c, env) => ({
  status: 200,
  body: await recordConsents(companyContext(env), c.request.params.customerId, c.request.requestBody.events),
});
