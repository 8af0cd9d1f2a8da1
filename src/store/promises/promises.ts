import type { Db } from '../shared/db.js';
import { readInstant, readText } from '../shared/columns.js';

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
}

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
  };
}

/**
 * THE write path of a new promise. One promise per call: a replayed analysis inserts nothing and
 * gets null back.
 */
export async function insertPromise(
  db: Db,
  p: Omit<PromiseRow, 'status' | 'paidAmount' | 'updatedAt'>,
): Promise<PromiseRow | null> {
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
