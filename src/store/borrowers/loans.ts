import type { Db } from '../shared/db.js';
import { upsertInRuns, upsertRows } from '../shared/upsert-runs.js';
import { fromJson, readInstant, readText, toBool, toDateOnly, toJson } from '../shared/columns.js';

/** Mirrors the `loans` table, camel-cased. Decimals are exact decimal strings (NUMERIC / text). */
export interface LoanRow {
  companyId: string;
  customerId: string;
  id: string;
  type: string | null;
  applicationStatus: string | null;
  servicingStatus: string | null;
  originationDate: string | null;
  startDate: string | null;
  dueDate: string | null;
  chargeoffDate: string | null;
  totalBalance: string | null;
  amountDue: string | null;
  originalFundedAmount: string | null;
  originalTotalOwed: string | null;
  interestRate: string | null;
  apr: string | null;
  payoffAmount: string | null;
  totalPayoffAmount: string | null;
  balanceAtTransfer: string | null;
  preTransferPayments: string | null;
  chargeoffAmount: string | null;
  paymentPlanMinPercentage: string | null;
  paymentPlanMaxPercentage: string | null;
  isSettled: boolean | null;
  autopayEnabled: boolean | null;
  isVisibleInBorrowerPortal: boolean | null;
  daysPastDueAtBoarding: number | null;
  daysSinceOriginationAtBoarding: number | null;
  externalLmsMetadata: Record<string, unknown> | null;
  portfolioId: string | null;
  taskType: string | null;
  createdAt: string;
  updatedAt: string;
}

export type LoanFields = Omit<LoanRow, 'companyId' | 'customerId' | 'id' | 'createdAt' | 'updatedAt'>;

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const DATE_FIELDS = ['originationDate', 'startDate', 'dueDate', 'chargeoffDate'] as const;
export const DECIMAL_FIELDS = [
  'totalBalance',
  'amountDue',
  'originalFundedAmount',
  'originalTotalOwed',
  'interestRate',
  'apr',
  'payoffAmount',
  'totalPayoffAmount',
  'balanceAtTransfer',
  'preTransferPayments',
  'chargeoffAmount',
  'paymentPlanMinPercentage',
  'paymentPlanMaxPercentage',
] as const;
const BOOLEAN_FIELDS = ['isSettled', 'autopayEnabled', 'isVisibleInBorrowerPortal'] as const;
const INTEGER_FIELDS = ['daysPastDueAtBoarding', 'daysSinceOriginationAtBoarding'] as const;
const TEXT_FIELDS = ['type', 'applicationStatus', 'servicingStatus', 'portfolioId', 'taskType'] as const;

function toColumns(fields: Partial<LoanFields>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    out[snake(key)] = key === 'externalLmsMetadata' ? toJson(value) : value;
  }
  return out;
}

/** Decimal columns come back as strings (Postgres NUMERIC) or as the text we stored (SQLite). */

export function loanFromRow(r: Record<string, unknown>): LoanRow {
  const out: Record<string, unknown> = {
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    id: String(r.id),
    externalLmsMetadata: fromJson(r.external_lms_metadata),
    createdAt: readInstant(r.created_at),
    updatedAt: readInstant(r.updated_at),
  };
  for (const f of TEXT_FIELDS) out[f] = r[snake(f)] ?? null;
  for (const f of DATE_FIELDS) out[f] = toDateOnly(r[snake(f)]);
  for (const f of DECIMAL_FIELDS) out[f] = readText(r[snake(f)]);
  for (const f of BOOLEAN_FIELDS)
    out[f] = r[snake(f)] === null || r[snake(f)] === undefined ? null : toBool(r[snake(f)]);
  for (const f of INTEGER_FIELDS)
    out[f] = r[snake(f)] === null || r[snake(f)] === undefined ? null : Number(r[snake(f)]);
  return out as unknown as LoanRow;
}

/**
 * Creates the loan, or updates the given fields of the existing one (upsert on (customerId, id)).
 * Insert-or-ignore first, so two concurrent creates cannot both insert; the loser updates.
 */
export async function upsertLoan(
  db: Db,
  companyId: string,
  customerId: string,
  id: string,
  fields: Partial<LoanFields>,
  at: string,
): Promise<{ loan: LoanRow; created: boolean }> {
  const key = { company_id: companyId, customer_id: customerId, id };
  const inserted = await db<Record<string, unknown>>('loans')
    .insert({ ...key, ...toColumns(fields), created_at: at, updated_at: at })
    .onConflict(['company_id', 'customer_id', 'id'])
    .ignore()
    .returning('*');
  if (inserted.length > 0) return { loan: loanFromRow(inserted[0]), created: true };
  const updated = await db<Record<string, unknown>>('loans')
    .where(key)
    .update({ ...toColumns(fields), updated_at: at })
    .returning('*');
  return { loan: loanFromRow(updated[0]), created: false };
}

export interface LoanUpsert {
  customerId: string;
  id: string;
  /** Only the fields sent: all of them for a new loan, and only these change on an existing one. */
  fields: Partial<LoanFields>;
}

/**
 * upsertLoan for many rows: one INSERT … ON CONFLICT DO UPDATE per run of consecutive rows that send
 * the same fields (src/store/shared/upsert-runs.ts).
 */
export async function upsertLoans(db: Db, companyId: string, rows: LoanUpsert[], at: string): Promise<void> {
  await writeLoanRuns(db, companyId, rows, at);
}

/** upsertLoans, then the written loans that carry a task type, as stored (their outreach follows them). */
export async function upsertLoansWithTaskType(
  db: Db,
  companyId: string,
  rows: LoanUpsert[],
  at: string,
): Promise<LoanRow[]> {
  const written = await writeLoanRuns(db, companyId, rows, at, 'task_type IS NOT NULL');
  if (written === null) return loansWithTaskType(db, companyId, rows);
  // A later run may write the same loan again: the last version is the stored one.
  const last = new Map(written.map((r) => [JSON.stringify([r.customer_id, r.id]), r]));
  return [...last.values()].map(loanFromRow);
}

async function writeLoanRuns(
  db: Db,
  companyId: string,
  rows: LoanUpsert[],
  at: string,
  returningWhere?: string,
): Promise<Record<string, unknown>[] | null> {
  let written: Record<string, unknown>[] | null = [];
  await upsertInRuns(
    rows,
    (r) => JSON.stringify([r.customerId, r.id]),
    (r) => r.fields,
    async (run) => {
      const out = await upsertRows(
        db,
        'loans',
        run.map((r) => ({
          company_id: companyId,
          customer_id: r.customerId,
          id: r.id,
          ...toColumns(r.fields),
          created_at: at,
          updated_at: at,
        })),
        ['company_id', 'customer_id', 'id'],
        [...Object.keys(toColumns(run[0].fields)), 'updated_at'],
        ['external_lms_metadata'],
        returningWhere,
      );
      written = out === null || written === null ? null : [...written, ...out];
    },
  );
  return written;
}

/** The loans of one customer, by id. */
export async function listLoans(db: Db, companyId: string, customerId: string): Promise<LoanRow[]> {
  return (await db('loans').where({ company_id: companyId, customer_id: customerId }).orderBy('id')).map(loanFromRow);
}

/** The stored loans among these keys that carry a task type (one query for a batch slice). */
export async function loansWithTaskType(
  db: Db,
  companyId: string,
  keys: Array<{ customerId: string; id: string }>,
): Promise<LoanRow[]> {
  if (keys.length === 0) return [];
  const rows = await db('loans')
    .where('company_id', companyId)
    .whereIn(
      ['customer_id', 'id'],
      keys.map((k) => [k.customerId, k.id]),
    )
    .whereNotNull('task_type');
  return rows.map(loanFromRow);
}

export async function getLoan(db: Db, companyId: string, customerId: string, id: string): Promise<LoanRow | null> {
  const row = await db<Record<string, unknown>>('loans')
    .where({ company_id: companyId, customer_id: customerId, id })
    .first();
  return row ? loanFromRow(row) : null;
}

/** A payment belongs to a loan of its customer; loans are boarded by the loan operations. */
export async function loanExists(db: Db, companyId: string, customerId: string, loanId: string): Promise<boolean> {
  return (
    (await db('loans').where({ company_id: companyId, customer_id: customerId, id: loanId }).first('id')) !== undefined
  );
}
