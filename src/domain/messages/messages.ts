import { getCustomer } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import { listSentMessages, type MessageRow } from '../scheduled-messages/scheduled-messages.js';
import { decodeCursor, encodeCursor, pageStart, type CursorScope, type PageRequest } from '../shared/cursor.js';
import { NotFoundError } from '../shared/errors.js';
export type { MessageRow };

type Scope = { db: Db; companyId: string };

const DEFAULT_PAGE_SIZE = 100;

async function requireCustomer(ctx: Scope, customerId: string): Promise<void> {
  if (!(await getCustomer(ctx.db, ctx.companyId, customerId)))
    throw new NotFoundError(`Customer ${customerId} not found`);
}

/** Emails sent to the customer (accepted by the mail server), newest first; bounced ones are not listed. */
export async function customerEmails(ctx: Scope, customerId: string, page: PageRequest): Promise<SentPage> {
  return sentMessages(ctx, customerId, 'emails', page);
}

/** Texts handed to the SMS provider for the customer, newest first, with their delivery status. */
export async function customerTexts(ctx: Scope, customerId: string, page: PageRequest): Promise<SentPage> {
  return sentMessages(ctx, customerId, 'texts', page);
}

type SentPage = { messages: MessageRow[]; nextCursor: string | null };

const LISTED = {
  emails: { channel: 'email', statuses: ['sent', 'delivered'] },
  texts: { channel: 'sms', statuses: ['sent', 'delivered', 'undelivered', 'failed'] },
} as const;

/** One page of a channel's sent messages and the cursor of the next page; a bad cursor is 400. */
async function sentMessages(
  ctx: Scope,
  customerId: string,
  list: keyof typeof LISTED,
  page: PageRequest,
): Promise<SentPage> {
  const scope: CursorScope = { list, companyId: ctx.companyId, customerId, ties: ['string'] };
  const offset = pageStart(page);
  const after = page.cursor === undefined ? undefined : decodeCursor(scope, page.cursor);
  await requireCustomer(ctx, customerId);
  const { channel, statuses } = LISTED[list];
  const { rows, next } = await listSentMessages(
    ctx.db,
    ctx.companyId,
    customerId,
    channel,
    [...statuses],
    page.limit ?? DEFAULT_PAGE_SIZE,
    offset,
    after,
  );
  return { messages: rows, nextCursor: next && encodeCursor(scope, next) };
}

/** A channel's stop (email suppression, SMS opt-out), as eligibility reads it. */
export { emailSuppression, smsOptOut } from '../../store/messages/channel-stops.js';
