import type { Db } from '../shared/db.js';
import { readInstant, toDateOnly } from '../shared/columns.js';

/** ACH debit entries: payments with an ACH record, dated by submission (else payment date) within [from, to]. */
function entriesIn(db: Db, companyId: string, from: string, to: string) {
  return db('payments as p')
    .join('ach_payments as a', 'a.payment_row_id', 'p.id')
    .where('p.company_id', companyId)
    .whereRaw('coalesce(a.ach_submitted_date, p.payment_date) >= ?', [from])
    .whereRaw('coalesce(a.ach_submitted_date, p.payment_date) <= ?', [to]);
}

/** The number of debit entries in the window, and each (entry, return code) pair recorded for them. */
export async function debitEntryReturns(
  db: Db,
  companyId: string,
  from: string,
  to: string,
): Promise<{ entries: number; returns: Array<{ paymentRowId: string; code: string }> }> {
  const [{ n }] = await entriesIn(db, companyId, from, to).count({ n: '*' });
  const rows = await entriesIn(db, companyId, from, to)
    .join('ach_return_history as r', function () {
      this.on('r.payment_row_id', '=', 'p.id').andOn('r.company_id', '=', 'p.company_id');
    })
    .whereNotNull('r.ach_return_code')
    .distinct('p.id as payment_row_id', 'r.ach_return_code as code');
  return {
    entries: Number(n),
    returns: rows.map((r: Record<string, unknown>) => ({
      paymentRowId: String(r.payment_row_id),
      code: String(r.code),
    })),
  };
}

export async function getRateLevels(db: Db, companyId: string): Promise<Map<string, string>> {
  const rows = await db('ach_return_rate_levels').where({ company_id: companyId }).select('rate', 'level');
  return new Map(rows.map((r: Record<string, unknown>) => [String(r.rate), String(r.level)]));
}

/**
 * Moves a rate's stored level from `from` (null: none stored yet) to `to`, only if it still is
 * `from`. Returns whether this call moved it: a concurrent caller that moved it first wins.
 */
export async function moveRateLevel(
  db: Db,
  companyId: string,
  rate: string,
  from: string | null,
  to: string,
  at: string,
): Promise<boolean> {
  if (from === null) {
    const inserted = await db('ach_return_rate_levels')
      .insert({ company_id: companyId, rate, level: to, updated_at: at })
      .onConflict(['company_id', 'rate'])
      .ignore()
      .returning('rate');
    return inserted.length > 0;
  }
  return (
    (await db('ach_return_rate_levels')
      .where({ company_id: companyId, rate, level: from })
      .update({ level: to, updated_at: at })) > 0
  );
}

export interface RateEventRow {
  id: string;
  rate: string;
  level: string;
  previousLevel: string;
  numerator: number;
  denominator: number;
  windowStart: string;
  windowEnd: string;
  createdAt: string;
}

export async function insertRateEvent(db: Db, companyId: string, e: RateEventRow): Promise<void> {
  await db('ach_return_rate_events').insert({
    id: e.id,
    company_id: companyId,
    rate: e.rate,
    level: e.level,
    previous_level: e.previousLevel,
    numerator: e.numerator,
    denominator: e.denominator,
    window_start: e.windowStart,
    window_end: e.windowEnd,
    created_at: e.createdAt,
  });
}

export async function getRateEvent(db: Db, companyId: string, id: string): Promise<RateEventRow | null> {
  const r = await db<Record<string, unknown>>('ach_return_rate_events').where({ company_id: companyId, id }).first();
  if (!r) return null;
  return {
    id: String(r.id),
    rate: String(r.rate),
    level: String(r.level),
    previousLevel: String(r.previous_level),
    numerator: Number(r.numerator),
    denominator: Number(r.denominator),
    windowStart: toDateOnly(r.window_start)!,
    windowEnd: toDateOnly(r.window_end)!,
    createdAt: readInstant(r.created_at)!,
  };
}
