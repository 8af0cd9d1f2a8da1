import type { Db } from '../shared/db.js';
import { readInstant, readText } from '../shared/columns.js';

export type RestrictionKind = 'do_not_call' | 'cease_request' | 'attorney_representation' | 'bankruptcy' | 'deceased';

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
  row: { id: string; customerId: string; loanId: string | null; kind: RestrictionKind; source: string; at: string },
): Promise<void> {
  await db('contact_restrictions').insert({
    id: row.id,
    company_id: companyId,
    customer_id: row.customerId,
    loan_id: row.loanId,
    kind: row.kind,
    source: row.source,
    created_at: row.at,
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
