import type { Db } from '../shared/db.js';
import { readInstant, readText, toBool, toDateOnly } from '../shared/columns.js';

/** Mirrors `ach_return_history`, camel-cased. */
export interface ReturnHistoryRow {
  id: string;
  paymentRowId: string;
  customerId: string;
  paymentMethodId: string | null;
  dedupeKey: string;
  eventDate: string;
  isReturn: boolean;
  achReturnCode: string | null;
  achReturnReason: string | null;
  achReturnDate: string | null;
  achCorrectionCode: string | null;
  achCorrectedAbaNumber: string | null;
  achCorrectedAccountNumber: string | null;
  achCorrectionDate: string | null;
  debitStatus: string | null;
  debitDeclineReason: string | null;
  overallReturnCode: string | null;
  returnsForMethod60d: number;
  returnsForCustomer180d: number;
  representments180d: number;
  actionCategory: string;
  retryAllowed: boolean;
  accountUnusable: boolean;
  authorizationRevoked: boolean;
  stopPayment: boolean;
  correctionApplied: boolean;
  createdAt: string;
}

const COLUMNS: Record<Exclude<keyof ReturnHistoryRow, 'id'>, string> = {
  paymentRowId: 'payment_row_id',
  customerId: 'customer_id',
  paymentMethodId: 'payment_method_id',
  dedupeKey: 'dedupe_key',
  eventDate: 'event_date',
  isReturn: 'is_return',
  achReturnCode: 'ach_return_code',
  achReturnReason: 'ach_return_reason',
  achReturnDate: 'ach_return_date',
  achCorrectionCode: 'ach_correction_code',
  achCorrectedAbaNumber: 'ach_corrected_aba_number',
  achCorrectedAccountNumber: 'ach_corrected_account_number',
  achCorrectionDate: 'ach_correction_date',
  debitStatus: 'debit_status',
  debitDeclineReason: 'debit_decline_reason',
  overallReturnCode: 'overall_return_code',
  returnsForMethod60d: 'returns_for_method_60d',
  returnsForCustomer180d: 'returns_for_customer_180d',
  representments180d: 'representments_180d',
  actionCategory: 'action_category',
  retryAllowed: 'retry_allowed',
  accountUnusable: 'account_unusable',
  authorizationRevoked: 'authorization_revoked',
  stopPayment: 'stop_payment',
  correctionApplied: 'correction_applied',
  createdAt: 'created_at',
};

const BOOLEANS = new Set([
  'isReturn',
  'retryAllowed',
  'accountUnusable',
  'authorizationRevoked',
  'stopPayment',
  'correctionApplied',
]);
const DATES = new Set(['eventDate', 'achReturnDate', 'achCorrectionDate']);
const INTEGERS = new Set(['returnsForMethod60d', 'returnsForCustomer180d', 'representments180d']);

function fromRow(r: Record<string, unknown>): ReturnHistoryRow {
  const out: Record<string, unknown> = { id: String(r.id) };
  for (const [key, column] of Object.entries(COLUMNS)) {
    const v = r[column];
    if (BOOLEANS.has(key)) out[key] = toBool(v);
    else if (DATES.has(key)) out[key] = toDateOnly(v);
    else if (INTEGERS.has(key)) out[key] = Number(v);
    else if (key === 'createdAt') out[key] = readInstant(v);
    else out[key] = readText(v);
  }
  return out as unknown as ReturnHistoryRow;
}

/**
 * Inserts the record unless the payment already has one with the same dedupe key (`ON CONFLICT DO
 * NOTHING`, so concurrent resubmissions cannot both insert). Returns whether this call inserted it.
 */
export async function insertReturnIfNew(db: Db, companyId: string, row: ReturnHistoryRow): Promise<boolean> {
  const values: Record<string, unknown> = { id: row.id, company_id: companyId };
  for (const [key, column] of Object.entries(COLUMNS)) values[column] = row[key as keyof ReturnHistoryRow];
  const inserted = await db('ach_return_history')
    .insert(values)
    .onConflict(['company_id', 'payment_row_id', 'dedupe_key'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

export async function returnExists(
  db: Db,
  companyId: string,
  paymentRowId: string,
  dedupeKey: string,
): Promise<boolean> {
  return (
    (await db('ach_return_history')
      .where({ company_id: companyId, payment_row_id: paymentRowId, dedupe_key: dedupeKey })
      .first('id')) !== undefined
  );
}

export async function listReturns(db: Db, companyId: string, paymentRowId: string): Promise<ReturnHistoryRow[]> {
  const rows = await db('ach_return_history')
    .where({ company_id: companyId, payment_row_id: paymentRowId })
    .orderBy([{ column: 'created_at' }, { column: 'event_date' }]);
  return rows.map(fromRow);
}

export interface ReturnCountQuery {
  /** Count records dated after `after` and on or before `until` ('YYYY-MM-DD'). */
  after: string;
  until: string;
  customerId?: string;
  paymentMethodId?: string;
  paymentRowId?: string;
  actionCategory?: string;
}

/** Returns (not corrections) recorded for a customer, method or payment in a date window. */
export async function countReturns(db: Db, companyId: string, q: ReturnCountQuery): Promise<number> {
  const query = db('ach_return_history')
    .where({ company_id: companyId, is_return: true })
    .andWhere('event_date', '>', q.after)
    .andWhere('event_date', '<=', q.until);
  if (q.customerId !== undefined) query.andWhere({ customer_id: q.customerId });
  if (q.paymentMethodId !== undefined) query.andWhere({ payment_method_id: q.paymentMethodId });
  if (q.paymentRowId !== undefined) query.andWhere({ payment_row_id: q.paymentRowId });
  if (q.actionCategory !== undefined) query.andWhere({ action_category: q.actionCategory });
  const [{ n }] = await query.count({ n: '*' });
  return Number(n);
}
