import type { Db } from '../shared/db.js';
import { readInstant, readText, toBool } from '../shared/columns.js';

export type PromiseStatus = 'open' | 'kept' | 'partially_kept' | 'broken' | 'cancelled';

/** Mirrors `promises`, camel-cased. Amounts are decimal strings with two places. */
export interface PromiseRow {
  companyId: string;
  id: string;
  customerId: string;
  loanId: string | null;
  callId: string;
  amount: string;
  promisedDate: string;
  status: PromiseStatus;
  paidAmount: string;
  createdAt: string;
  updatedAt: string;
  /** The scheduled call the promise was made on: the follow-up's schedule, number and task type. */
  scheduledCallId: string | null;
  /** The window payments count in, in the borrower's calendar: the day of the call … the promised date plus grace. */
  madeOn: string | null;
  dueDate: string | null;
  /** The instant the window closes (the start of the day after `dueDate` in the borrower's zone). */
  dueAt: string | null;
  reminderMessageId: string | null;
  /** Broken (or partly kept) and its follow-up not yet scheduled. */
  followUpDue: boolean;
  followUpCallId: string | null;
  /** Why the follow-up call is at its time, or why there is none. */
  followUpReason: string | null;
}

/** What a new promise is written with (its status `open`, nothing paid yet). */
export type NewPromise = Pick<
  PromiseRow,
  | 'companyId'
  | 'id'
  | 'customerId'
  | 'loanId'
  | 'callId'
  | 'amount'
  | 'promisedDate'
  | 'createdAt'
  | 'scheduledCallId'
  | 'madeOn'
  | 'dueDate'
  | 'dueAt'
>;

/** NUMERIC comes back as text on Postgres and as a number on SQLite: one rendering for both. */
const money = (value: unknown) => Number(value).toFixed(2);

function fromRow(r: Record<string, unknown>): PromiseRow {
  return {
    companyId: String(r.company_id),
    id: String(r.id),
    customerId: String(r.customer_id),
    loanId: readText(r.loan_id),
    callId: String(r.call_id),
    amount: money(r.amount),
    promisedDate: String(r.promised_date),
    status: String(r.status) as PromiseStatus,
    paidAmount: money(r.paid_amount),
    createdAt: readInstant(r.created_at)!,
    updatedAt: readInstant(r.updated_at)!,
    scheduledCallId: readText(r.scheduled_call_id),
    madeOn: readText(r.made_on),
    dueDate: readText(r.due_date),
    dueAt: readInstant(r.due_at),
    reminderMessageId: readText(r.reminder_message_id),
    followUpDue: toBool(r.follow_up_due),
    followUpCallId: readText(r.follow_up_call_id),
    followUpReason: readText(r.follow_up_reason),
  };
}

/**
 * THE write path of a new promise. One promise per call: a replayed analysis inserts nothing and
 * gets null back.
 */
export async function insertPromise(db: Db, p: NewPromise): Promise<PromiseRow | null> {
  const inserted = await db('promises')
    .insert({
      company_id: p.companyId,
      id: p.id,
      customer_id: p.customerId,
      loan_id: p.loanId,
      call_id: p.callId,
      amount: p.amount,
      promised_date: p.promisedDate,
      status: 'open',
      paid_amount: '0.00',
      created_at: p.createdAt,
      updated_at: p.createdAt,
      scheduled_call_id: p.scheduledCallId,
      made_on: p.madeOn,
      due_date: p.dueDate,
      due_at: p.dueAt,
      follow_up_due: false,
    })
    .onConflict(['company_id', 'call_id'])
    .ignore()
    .returning('*');
  const [row] = inserted as Record<string, unknown>[];
  return row ? fromRow(row) : null;
}

export async function getPromise(db: Db, companyId: string, id: string): Promise<PromiseRow | null> {
  const row = await db<Record<string, unknown>>('promises').where({ company_id: companyId, id }).first();
  return row ? fromRow(row) : null;
}

/** A customer's promises, newest first. */
export async function listPromises(db: Db, companyId: string, customerId: string): Promise<PromiseRow[]> {
  const rows = await db<Record<string, unknown>>('promises')
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return rows.map(fromRow);
}

/** The customer's promises payments may still settle (every status but `cancelled`), oldest due first. */
export async function listSettleablePromises(db: Db, companyId: string, customerId: string): Promise<PromiseRow[]> {
  const rows = await db<Record<string, unknown>>('promises')
    .where({ company_id: companyId, customer_id: customerId })
    .whereNot('status', 'cancelled')
    .orderBy([
      { column: 'promised_date', order: 'asc' },
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  return rows.map(fromRow);
}

/**
 * A promise's new status and paid amount, written only if its status is still `from` (a sweep and a
 * payment racing each other change it once). `followUpDue` starts the follow-up. Returns whether it changed.
 */
export async function updatePromiseStatus(
  db: Db,
  companyId: string,
  id: string,
  from: PromiseStatus,
  change: { status: PromiseStatus; paidAmount: string; followUpDue?: boolean },
  at: string,
): Promise<boolean> {
  const n = await db('promises')
    .where({ company_id: companyId, id, status: from })
    .update({
      status: change.status,
      paid_amount: change.paidAmount,
      ...(change.followUpDue !== undefined ? { follow_up_due: change.followUpDue } : {}),
      updated_at: at,
    });
  return n > 0;
}

/** Open promises of every company whose window closed by `at`, oldest first (the partial index promises_open_due_idx). */
export async function promisesPastDue(db: Db, at: string, limit: number): Promise<PromiseRow[]> {
  const rows = await db<Record<string, unknown>>('promises')
    .where('status', 'open')
    .where('due_at', '<=', at)
    .orderBy('due_at')
    .limit(limit);
  return rows.map(fromRow);
}

/** Promises of every company whose follow-up is still to be scheduled (the partial index promises_follow_up_due_idx). */
export async function promisesAwaitingFollowUp(db: Db, limit: number): Promise<PromiseRow[]> {
  const rows = await db<Record<string, unknown>>('promises').where('follow_up_due', true).limit(limit);
  return rows.map(fromRow);
}

/** The follow-up of a broken promise: its call (or none) and why. Written once: returns false when already recorded. */
export async function recordFollowUp(
  db: Db,
  companyId: string,
  id: string,
  followUp: { callId: string | null; reason: string },
  at: string,
): Promise<boolean> {
  const n = await db('promises').where({ company_id: companyId, id, follow_up_due: true }).update({
    follow_up_due: false,
    follow_up_call_id: followUp.callId,
    follow_up_reason: followUp.reason,
    updated_at: at,
  });
  return n > 0;
}

/** The promise a reminder text was scheduled for (its amount and date fill the template), or null. */
export async function promiseOfReminder(db: Db, companyId: string, messageId: string): Promise<PromiseRow | null> {
  const row = await db<Record<string, unknown>>('promises')
    .where({ company_id: companyId, reminder_message_id: messageId })
    .first();
  return row ? fromRow(row) : null;
}

/** The reminder text scheduled for the promise. */
export async function setReminderMessage(db: Db, companyId: string, id: string, messageId: string): Promise<void> {
  await db('promises').where({ company_id: companyId, id }).update({ reminder_message_id: messageId });
}

/** A call whose promise the checks refused: kept for a person to review, never a promise. */
export interface PromiseReviewRow {
  companyId: string;
  callId: string;
  customerId: string;
  amount: string | null;
  promisedDate: string | null;
  reason: string;
  createdAt: string;
}

export async function insertPromiseReview(db: Db, r: PromiseReviewRow): Promise<void> {
  await db('promise_reviews')
    .insert({
      company_id: r.companyId,
      call_id: r.callId,
      customer_id: r.customerId,
      amount: r.amount,
      promised_date: r.promisedDate,
      reason: r.reason,
      created_at: r.createdAt,
    })
    .onConflict(['company_id', 'call_id'])
    .ignore();
}

export async function listPromiseReviews(db: Db, companyId: string, customerId: string): Promise<PromiseReviewRow[]> {
  const rows = await db<Record<string, unknown>>('promise_reviews')
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy('created_at', 'desc');
  return rows.map((r) => ({
    companyId: String(r.company_id),
    callId: String(r.call_id),
    customerId: String(r.customer_id),
    amount: readText(r.amount),
    promisedDate: readText(r.promised_date),
    reason: String(r.reason),
    createdAt: readInstant(r.created_at)!,
  }));
}
