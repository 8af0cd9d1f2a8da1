import type { Db } from '../shared/db.js';
import { readInstant, readText } from '../shared/columns.js';

export type PaymentLinkChannel = 'sms' | 'email' | 'call';
/** Why the link was issued: after a promise, in a cadence's message, for the agent of a call. */
export type PaymentLinkSource = 'promise' | 'message' | 'call';

/** Mirrors `payment_links`, camel-cased. Amounts are decimal strings with two places. */
export interface PaymentLinkRow {
  id: string;
  companyId: string;
  customerId: string;
  loanId: string | null;
  amount: string | null;
  taskType: string;
  channel: PaymentLinkChannel;
  source: PaymentLinkSource;
  promiseId: string | null;
  scheduledMessageId: string | null;
  scheduledCallId: string | null;
  createdAt: string;
  expiresAt: string;
  firstOpenedAt: string | null;
  lastOpenedAt: string | null;
  openCount: number;
}

export type NewPaymentLink = Omit<PaymentLinkRow, 'firstOpenedAt' | 'lastOpenedAt' | 'openCount'>;

/** NUMERIC comes back as text on Postgres and as a number on SQLite: one rendering for both. */
const money = (value: unknown) => (value === null || value === undefined ? null : Number(value).toFixed(2));

function fromRow(r: Record<string, unknown>): PaymentLinkRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    loanId: readText(r.loan_id),
    amount: money(r.amount),
    taskType: String(r.task_type),
    channel: String(r.channel) as PaymentLinkChannel,
    source: String(r.source) as PaymentLinkSource,
    promiseId: readText(r.promise_id),
    scheduledMessageId: readText(r.scheduled_message_id),
    scheduledCallId: readText(r.scheduled_call_id),
    createdAt: readInstant(r.created_at)!,
    expiresAt: readInstant(r.expires_at)!,
    firstOpenedAt: readInstant(r.first_opened_at),
    lastOpenedAt: readInstant(r.last_opened_at),
    openCount: Number(r.open_count),
  };
}

/**
 * THE write path of a new link. One link per scheduled message and per scheduled call: issuing
 * again for the same one (a message tried again, a call dialed again) inserts nothing and returns
 * the link already issued.
 */
export async function insertPaymentLink(db: Db, link: NewPaymentLink): Promise<PaymentLinkRow> {
  await db('payment_links')
    .insert({
      id: link.id,
      company_id: link.companyId,
      customer_id: link.customerId,
      loan_id: link.loanId,
      amount: link.amount,
      task_type: link.taskType,
      channel: link.channel,
      source: link.source,
      promise_id: link.promiseId,
      scheduled_message_id: link.scheduledMessageId,
      scheduled_call_id: link.scheduledCallId,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      open_count: 0,
    })
    .onConflict()
    .ignore();
  const q = db<Record<string, unknown>>('payment_links').where({ company_id: link.companyId });
  const row = await (
    link.scheduledMessageId
      ? q.where({ scheduled_message_id: link.scheduledMessageId })
      : link.scheduledCallId
        ? q.where({ scheduled_call_id: link.scheduledCallId })
        : q.where({ id: link.id })
  ).first();
  return fromRow(row!);
}

/** The link of a scheduled message, if one was issued for it. */
export async function paymentLinkOfMessage(
  db: Db,
  companyId: string,
  scheduledMessageId: string,
): Promise<PaymentLinkRow | null> {
  const row = await db<Record<string, unknown>>('payment_links')
    .where({ company_id: companyId, scheduled_message_id: scheduledMessageId })
    .first();
  return row ? fromRow(row) : null;
}

/**
 * A link by its id alone: the one read that does not start from the company, because the token a
 * borrower follows is all the request has (its signature was checked before this read).
 */
export async function paymentLinkById(db: Db, id: string): Promise<PaymentLinkRow | null> {
  const row = await db<Record<string, unknown>>('payment_links').where({ id }).first();
  return row ? fromRow(row) : null;
}

export async function getPaymentLink(db: Db, companyId: string, id: string): Promise<PaymentLinkRow | null> {
  const row = await db<Record<string, unknown>>('payment_links').where({ company_id: companyId, id }).first();
  return row ? fromRow(row) : null;
}

/** A customer's links, newest first. */
export async function listPaymentLinks(db: Db, companyId: string, customerId: string): Promise<PaymentLinkRow[]> {
  const rows = await db<Record<string, unknown>>('payment_links')
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return rows.map(fromRow);
}

/** Counts one open; returns the link as it stands after it, and whether this was its first open. */
export async function recordPaymentLinkOpen(
  db: Db,
  companyId: string,
  id: string,
  at: string,
): Promise<{ link: PaymentLinkRow; first: boolean }> {
  const first =
    (await db('payment_links')
      .where({ company_id: companyId, id })
      .whereNull('first_opened_at')
      .update({ first_opened_at: at })) > 0;
  await db('payment_links')
    .where({ company_id: companyId, id })
    .update({ last_opened_at: at, open_count: db.raw('open_count + 1') });
  return { link: (await getPaymentLink(db, companyId, id))!, first };
}
