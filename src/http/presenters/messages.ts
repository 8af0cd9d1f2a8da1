import type { MessageRow } from '../../domain/messages/messages.js';
import type { ResponseBody } from '../handler-types.js';

type Email = ResponseBody<'listCustomerEmails', 200>[number];
type Text = ResponseBody<'listCustomerTexts', 200>[number];

/** A sent email as the customer's email list returns it. */
export function presentEmail(m: MessageRow): Email {
  return {
    customerId: m.customerId,
    subject: m.subject ?? '',
    content: m.content ?? '',
    timestamp: m.sentAt!,
  };
}

/** A sent text as the customer's text list returns it. */
export function presentText(m: MessageRow): Text {
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
