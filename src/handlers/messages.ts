import { customerEmails, customerTexts } from '../domain/messages/messages.js';
import type { OperationHandler, PathParams, ResponseBody } from '../http/handler-types.js';
import type { MessageRow } from '../domain/messages/messages.js';
import { companyContext } from './context.js';
import { nextCursorHeader, pageRequest } from './pages.js';

type Text = ResponseBody<'listCustomerTexts', 200>[number];

export const listCustomerEmails: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'listCustomerEmails'>;
  const { messages: emails, nextCursor } = await customerEmails(
    companyContext(env),
    customerId,
    pageRequest(c.request.query),
  );
  return {
    status: 200,
    headers: nextCursorHeader(nextCursor),
    body: emails.map((m) => ({
      customerId: m.customerId,
      subject: m.subject ?? '',
      content: m.content ?? '',
      timestamp: m.sentAt!,
    })),
  };
};

export const listCustomerTexts: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'listCustomerTexts'>;
  const { messages: texts, nextCursor } = await customerTexts(
    companyContext(env),
    customerId,
    pageRequest(c.request.query),
  );
  return { status: 200, headers: nextCursorHeader(nextCursor), body: texts.map(presentText) };
};

function presentText(m: MessageRow): Text {
  return {
    id: m.id,
    customerId: m.customerId,
    toPhoneNumber: m.recipient ?? '',
    content: m.content ?? '',
    status: m.status as Text['status'],
    statusReason: m.statusReason,
    timestamp: m.sentAt!,
  };
}
