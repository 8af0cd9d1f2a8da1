import type { RestrictionKind } from '../../scheduler/types.js';
import type { Db } from '../shared/db.js';
import { readInstant, readText } from '../shared/columns.js';

// The kinds are the scheduler's (its rules read them); the table stores the same names.
export type { RestrictionKind };

/** Mirrors `contact_restrictions`, camel-cased. */
export interface ContactRestrictionRow {
  id: string;
  companyId: string;
  customerId: string;
  loanId: string | null;
  kind: RestrictionKind;
  source: string;
  createdAt: string;
  liftedAt: string | null;
  /** Why it was made (a call outcome: the flag and the call), when the writer gave it. */
  reason: string | null;
  callId: string | null;
  liftedBy: string | null;
  liftReason: string | null;
}

function fromRow(r: Record<string, unknown>): ContactRestrictionRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    loanId: readText(r.loan_id),
    kind: r.kind as RestrictionKind,
    source: String(r.source),
    createdAt: readInstant(r.created_at)!,
    liftedAt: readInstant(r.lifted_at),
    reason: readText(r.reason),
    callId: readText(r.call_id),
    liftedBy: readText(r.lifted_by),
    liftReason: readText(r.lift_reason),
  };
}

/** Restrictions not lifted, oldest first. */
export async function listActiveRestrictions(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<ContactRestrictionRow[]> {
  const rows = await db('contact_restrictions')
    .where({ company_id: companyId, customer_id: customerId })
    .whereNull('lifted_at')
    .orderBy('created_at');
  return rows.map(fromRow);
}

/** Active restrictions of several customers in one read, in creation order. */
export async function listActiveRestrictionsOf(
  db: Db,
  keys: ReadonlyArray<{ companyId: string; customerId: string }>,
): Promise<ContactRestrictionRow[]> {
  if (!keys.length) return [];
  const rows = await db('contact_restrictions')
    .whereIn(
      ['company_id', 'customer_id'],
      keys.map((k) => [k.companyId, k.customerId]),
    )
    .whereNull('lifted_at')
    .orderBy('created_at');
  return rows.map(fromRow);
}

export async function insertRestriction(
  db: Db,
  companyId: string,
  row: {
    id: string;
    customerId: string;
    loanId: string | null;
    kind: RestrictionKind;
    source: string;
    at: string;
    reason?: string | null;
    callId?: string | null;
  },
): Promise<void> {
  await db('contact_restrictions').insert({
    id: row.id,
    company_id: companyId,
    customer_id: row.customerId,
    loan_id: row.loanId,
    kind: row.kind,
    source: row.source,
    created_at: row.at,
    reason: row.reason ?? null,
    call_id: row.callId ?? null,
  });
}

/**
 * One page of a company's restriction changes in [from, to): `created` pages by created_at, `lifted`
 * by lifted_at, each in (time, id) order after `cursor` (the examiner's export).
 */
export async function pageRestrictionChanges(
  db: Db,
  companyId: string,
  change: 'created' | 'lifted',
  range: { from: string; to: string; customerId?: string },
  cursor: { at: string; id: string } | null,
  limit: number,
): Promise<ContactRestrictionRow[]> {
  const column = change === 'created' ? 'created_at' : 'lifted_at';
  const q = db<Record<string, unknown>>('contact_restrictions')
    .where('company_id', companyId)
    .andWhere(column, '>=', range.from)
    .andWhere(column, '<', range.to);
  if (range.customerId !== undefined) void q.andWhere('customer_id', range.customerId);
  if (cursor)
    void q.andWhere((w) => {
      void w.where(column, '>', cursor.at).orWhere((x) => {
        void x.where(column, cursor.at).andWhere('id', '>', cursor.id);
      });
    });
  const rows = await q.orderBy([{ column }, { column: 'id' }]).limit(limit);
  return rows.map(fromRow);
}
/** Every restriction of the customer, lifted ones included (the record keeps them), oldest first. */
export async function listAllRestrictions(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<ContactRestrictionRow[]> {
  const rows = await db('contact_restrictions')
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return rows.map(fromRow);
}

export async function getRestriction(
  db: Db,
  companyId: string,
  customerId: string,
  id: string,
): Promise<ContactRestrictionRow | null> {
  const row: Record<string, unknown> | undefined = await db<Record<string, unknown>>('contact_restrictions')
    .where({ company_id: companyId, customer_id: customerId, id })
    .first();
  return row ? fromRow(row) : null;
}

export async function getRestrictionById(db: Db, companyId: string, id: string): Promise<ContactRestrictionRow | null> {
  const row: Record<string, unknown> | undefined = await db<Record<string, unknown>>('contact_restrictions')
    .where({ company_id: companyId, id })
    .first();
  return row ? fromRow(row) : null;
}

/** Lifts an active restriction (once: a lifted one is left as it is); true when this call lifted it. */
export async function liftRestriction(
  db: Db,
  companyId: string,
  id: string,
  lift: { at: string; by: string; reason: string },
): Promise<boolean> {
  const n = await db('contact_restrictions')
    .where({ company_id: companyId, id })
    .whereNull('lifted_at')
    .update({ lifted_at: lift.at, lifted_by: lift.by, lift_reason: lift.reason });
  return n > 0;
}
