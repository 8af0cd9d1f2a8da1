import type { Db } from '../shared/db.js';
import { readInstant, readText, toBool } from '../shared/columns.js';

export type OutsideChannel = 'call' | 'sms' | 'email';
export type OutsideDirection = 'outbound' | 'inbound';

/** Mirrors `outside_contact_attempts`, camel-cased: a contact the lender reported (docs/partners/contact-attempts.md). */
export interface OutsideContactRow {
  id: string;
  companyId: string;
  /** The lender's own attempt id (unique per company). */
  externalId: string;
  customerId: string;
  loanId: string | null;
  channel: OutsideChannel;
  direction: OutsideDirection;
  /** null = not said, which counts toward every purpose's caps. */
  purpose: 'collections' | 'origination' | null;
  occurredAt: string;
  outcome: string;
  conversation: boolean;
  /** The number or address used, when reported. */
  address: string | null;
  source: string | null;
  recordedAt: string;
}

function fromRow(r: Record<string, unknown>): OutsideContactRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    externalId: String(r.external_id),
    customerId: String(r.customer_id),
    loanId: readText(r.loan_id),
    channel: r.channel as OutsideChannel,
    direction: r.direction as OutsideDirection,
    purpose: readText(r.purpose) as OutsideContactRow['purpose'],
    occurredAt: readInstant(r.occurred_at)!,
    outcome: String(r.outcome),
    conversation: toBool(r.conversation),
    address: readText(r.address),
    source: readText(r.source),
    recordedAt: readInstant(r.recorded_at)!,
  };
}

export async function findOutsideContact(
  db: Db,
  companyId: string,
  externalId: string,
): Promise<OutsideContactRow | null> {
  const row = await db<Record<string, unknown>>('outside_contact_attempts')
    .where({ company_id: companyId, external_id: externalId })
    .first();
  return row ? fromRow(row) : null;
}

export async function insertOutsideContact(db: Db, row: OutsideContactRow): Promise<void> {
  await db('outside_contact_attempts').insert({
    id: row.id,
    company_id: row.companyId,
    external_id: row.externalId,
    customer_id: row.customerId,
    loan_id: row.loanId,
    channel: row.channel,
    direction: row.direction,
    purpose: row.purpose,
    occurred_at: row.occurredAt,
    outcome: row.outcome,
    conversation: row.conversation,
    address: row.address,
    source: row.source,
    recorded_at: row.recordedAt,
  });
}

/** Outside contacts of several customers from `since` on (`until` exclusive when given), oldest first. */
export async function listOutsideContactsOf(
  db: Db,
  keys: ReadonlyArray<{ companyId: string; customerId: string }>,
  since: string | null,
  until?: string,
): Promise<OutsideContactRow[]> {
  if (!keys.length) return [];
  const q = db('outside_contact_attempts').whereIn(
    ['company_id', 'customer_id'],
    keys.map((k) => [k.companyId, k.customerId]),
  );
  if (since !== null) q.where('occurred_at', '>=', since);
  if (until !== undefined) q.where('occurred_at', '<', until);
  const rows = await q.orderBy([
    { column: 'occurred_at', order: 'asc' },
    { column: 'id', order: 'asc' },
  ]);
  return rows.map(fromRow);
}

/** Where a keyset page of a time-ordered ledger starts: after this (time, id). */
export interface LedgerCursor {
  at: string;
  id: string;
}

/** One page of a company's reported contacts that took place in [from, to), in (occurredAt, id) order after `cursor`. */
export async function pageOutsideContacts(
  db: Db,
  companyId: string,
  range: { from: string; to: string; customerId?: string },
  cursor: LedgerCursor | null,
  limit: number,
): Promise<OutsideContactRow[]> {
  const q = db<Record<string, unknown>>('outside_contact_attempts')
    .where('company_id', companyId)
    .andWhere('occurred_at', '>=', range.from)
    .andWhere('occurred_at', '<', range.to);
  if (range.customerId !== undefined) void q.andWhere('customer_id', range.customerId);
  if (cursor)
    void q.andWhere((w) => {
      void w.where('occurred_at', '>', cursor.at).orWhere((x) => {
        void x.where('occurred_at', cursor.at).andWhere('id', '>', cursor.id);
      });
    });
  const rows = await q.orderBy([{ column: 'occurred_at' }, { column: 'id' }]).limit(limit);
  return rows.map(fromRow);
}
