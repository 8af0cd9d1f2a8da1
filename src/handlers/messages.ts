import { customerEmails, customerTexts } from '../domain/messages/messages.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentEmail, presentText } from '../http/presenters/messages.js';
import { companyContext } from './context.js';
import { nextCursorHeader, pageRequest } from './pages.js';

export const listCustomerEmails: OperationHandler<'listCustomerEmails'> = async (c, env) => {
  const { messages, nextCursor } = await customerEmails(
    companyContext(env),
    c.request.params.customerId,
    pageRequest(c.request.query),
  );
  return { status: 200, headers: nextCursorHeader(nextCursor), body: messages.map(presentEmail) };
};

export const listCustomerTexts: OperationHandler<'listCustomerTexts'> = async (c, env) => {
  const { messages, nextCursor } = await customerTexts(
    companyContext(env),
    c.request.params.customerId,
    pageRequest(c.request.query),
  );
  return { status: 200, headers: nextCursorHeader(nextCursor), body: messages.map(presentText) };
};
