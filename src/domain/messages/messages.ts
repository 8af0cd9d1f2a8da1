import { getCustomer } from '../../store/customers/customers.js';
import type { Db } from '../../store/shared/db.js';
import { listSentMessages, type MessageRow } from '../../store/messages/messages.js';
import { NotFoundError } from '../shared/errors.js';
export type { MessageRow };

type Scope = { db: Db; companyId: string };
type Page = { limit?: number; offset?: number };

const DEFAULT_PAGE_SIZE = 100;

async function requireCustomer(ctx: Scope, customerId: string): Promise<void> {
  if (!(await getCustomer(ctx.db, ctx.companyId, customerId))) throw new NotFoundError(`Customer ${customerId} not found`);
}

/** Emails sent to the customer (accepted by the mail server), newest first; bounced ones are not listed. */
export async function customerEmails(ctx: Scope, customerId: string, page: Page): Promise<MessageRow[]> {
  await requireCustomer(ctx, customerId);
  return listSentMessages(ctx.db, ctx.companyId, customerId, 'email', ['sent', 'delivered'], page.limit ?? DEFAULT_PAGE_SIZE, page.offset ?? 0);
}

/** Texts handed to the SMS provider for the customer, newest first, with their delivery status. */
export async function customerTexts(ctx: Scope, customerId: string, page: Page): Promise<MessageRow[]> {
  await requireCustomer(ctx, customerId);
  return listSentMessages(ctx.db, ctx.companyId, customerId, 'sms', ['sent', 'delivered', 'undelivered', 'failed'], page.limit ?? DEFAULT_PAGE_SIZE, page.offset ?? 0);
}
