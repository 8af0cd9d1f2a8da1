import {
  listContactAttempts,
  recordContactAttempt,
  recordContactAttempts,
} from '../domain/customers/contact-attempts.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentRowOutcomes } from '../http/presenters/ach.js';
import { presentContactAttempt } from '../http/presenters/contact-attempts.js';
import { companyContext } from './context.js';

export const createContactAttempt: OperationHandler<'createContactAttempt'> = async (c, env) => {
  const { message } = await recordContactAttempt(companyContext(env), c.request.requestBody);
  return { status: 200, body: { success: true, message } };
};

export const createContactAttemptBatch: OperationHandler<'createContactAttemptBatch'> = async (c, env) => ({
  status: 200,
  body: presentRowOutcomes(await recordContactAttempts(companyContext(env), c.request.requestBody.attempts)),
});

export const listCustomerContactAttempts: OperationHandler<'listCustomerContactAttempts'> = async (c, env) => ({
  status: 200,
  body: (await listContactAttempts(companyContext(env), c.request.params.customerId)).map(presentContactAttempt),
});
