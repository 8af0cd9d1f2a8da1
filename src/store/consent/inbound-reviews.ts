import { readInstant, readText } from '../shared/columns.js';
import type { Db } from '../shared/db.js';
import { keysetAt, keysetPage, whereAfter, type KeysetAfter, type KeysetPage } from '../shared/keyset.js';

/** `review`: waiting for an operator; `revoked` / `kept`: decided (by an operator or, at the limit, by the job). */
export type InboundReviewStatus = 'review' | 'revoked' | 'kept';

/** An unsure inbound text of one company, waiting in (or decided out of) the review queue. */
export interface InboundReviewRow {
  id: string;
  companyId: string;
  address: string;
  body: string;
  rule: string;
  providerMessageId: string | null;
  status: InboundReviewStatus;
  receivedAt: string;
  warnAt: string;
  dueAt: string;
  warnedAt: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionNote: string | null;
}

export type NewInboundReview = Pick<
  InboundReviewRow,
  'id' | 'companyId' | 'address' | 'body' | 'rule' | 'providerMessageId' | 'receivedAt' | 'warnAt' | 'dueAt'
>;

export async function insertInboundReviews(db: Db, rows: readonly NewInboundReview[]): Promise<void> {
  if (rows.length === 0) return;
  await db('inbound_reviews').insert(
    rows.map((r) => ({
      id: r.id,
      company_id: r.companyId,
      address: r.address,
      body: r.body,
      rule: r.rule,
      provider_message_id: r.providerMessageId,
      status: 'review',
      received_at: r.receivedAt,
      warn_at: r.warnAt,
      due_at: r.dueAt,
    })),
  );
}

/** One page of a company's reviews, newest first (keyset on received_at, id). */
export async function listInboundReviews(
  db: Db,
  companyId: string,
  status: InboundReviewStatus | undefined,
  limit: number,
  offset: number,
  after?: KeysetAfter,
): Promise<KeysetPage<InboundReviewRow>> {
  const q = db('inbound_reviews')
    .select('*', keysetAt(db, 'received_at'))
    .where({ company_id: companyId })
    .modify((b) => {
      if (status) void b.where({ status });
    })
    .orderBy([
      { column: 'received_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1)
    .offset(offset);
  const rows = (await whereAfter(db, q, 'received_at', ['id'], 'desc', after)) as Array<Record<string, unknown>>;
  return keysetPage(rows, limit, ['id'], fromRow);
}

export async function findInboundReview(db: Db, companyId: string, id: string): Promise<InboundReviewRow | undefined> {
  const row = (await db('inbound_reviews').where({ company_id: companyId, id }).first()) as
    Record<string, unknown> | undefined;
  return row && fromRow(row);
}

/**
 * Decides a review still waiting; false when it was already decided (by another operator or the
 * deadline job), so a decision is recorded exactly once.
 */
export async function decideInboundReview(
  db: Db,
  companyId: string,
  id: string,
  decision: { status: Exclude<InboundReviewStatus, 'review'>; by: string; note: string | null; at: string },
): Promise<boolean> {
  const n = await db('inbound_reviews').where({ company_id: companyId, id, status: 'review' }).update({
    status: decision.status,
    decided_by: decision.by,
    decision_note: decision.note,
    decided_at: decision.at,
  });
  return n === 1;
}

/** Waiting reviews whose warning is due and not yet sent, oldest first. */
export async function reviewsToWarn(db: Db, now: string, limit: number): Promise<InboundReviewRow[]> {
  const rows = (await db('inbound_reviews')
    .where({ status: 'review' })
    .whereNull('warned_at')
    .andWhere('warn_at', '<=', now)
    .orderBy([{ column: 'warn_at' }, { column: 'id' }])
    .limit(limit)) as Array<Record<string, unknown>>;
  return rows.map(fromRow);
}

/** Marks a warning sent; false when another run marked it first (the event is published once). */
export async function markReviewWarned(db: Db, id: string, at: string): Promise<boolean> {
  return (
    (await db('inbound_reviews').where({ id, status: 'review' }).whereNull('warned_at').update({ warned_at: at })) === 1
  );
}

/** Waiting reviews at or past their limit, oldest first. */
export async function reviewsPastDue(db: Db, now: string, limit: number): Promise<InboundReviewRow[]> {
  const rows = (await db('inbound_reviews')
    .where({ status: 'review' })
    .andWhere('due_at', '<=', now)
    .orderBy([{ column: 'due_at' }, { column: 'id' }])
    .limit(limit)) as Array<Record<string, unknown>>;
  return rows.map(fromRow);
}

function fromRow(r: Record<string, unknown>): InboundReviewRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    address: String(r.address),
    body: String(r.body),
    rule: String(r.rule),
    providerMessageId: readText(r.provider_message_id),
    status: String(r.status) as InboundReviewStatus,
    receivedAt: readInstant(r.received_at)!,
    warnAt: readInstant(r.warn_at)!,
    dueAt: readInstant(r.due_at)!,
    warnedAt: readInstant(r.warned_at),
    decidedAt: readInstant(r.decided_at),
    decidedBy: readText(r.decided_by),
    decisionNote: readText(r.decision_note),
  };
}
