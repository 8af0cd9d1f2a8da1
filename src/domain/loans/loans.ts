import { inTransaction } from '../../store/shared/transactions.js';
import type { CompanyContext } from '../shared/context.js';
import { requireKnownTaskType } from '../shared/company-config.js';
import { syncLoanOutreach } from './loan-outreach.js';
import { DomainError, InvalidInputError, MissingFieldsError, NotFoundError } from '../shared/errors.js';
import {
  customerExists,
  DATE_FIELDS,
  DECIMAL_FIELDS,
  existingCustomerIds,
  listLoans,
  type LoanFields,
  type LoanRow,
  type LoanUpsert,
  upsertLoansWithTaskType,
  upsertLoan,
} from '../borrowers/borrowers.js';
import type { components } from '../../../generated/api-types.js';
export type { LoanRow } from '../borrowers/borrowers.js';

/** The loan write payload (POST /loans, loan batch rows), already type-checked against the spec's LoanInput. */
export type LoanWrite = Partial<components['schemas']['LoanInput']>;

const PASSTHROUGH = [
  'type',
  'applicationStatus',
  'servicingStatus',
  'isSettled',
  'autopayEnabled',
  'isVisibleInBorrowerPortal',
  'daysPastDueAtBoarding',
  'daysSinceOriginationAtBoarding',
  'externalLmsMetadata',
  'portfolioId',
  'taskType',
] as const;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Significant digits a decimal may have so that every JSON parser reads it back exactly (IEEE-754 doubles hold 15). */
const AMOUNT_DIGITS = 15;

/**
 * Amounts stay exact: the number as the caller wrote it is stored as a decimal (never a binary float
 * column). JSON numbers arrive as doubles, so only what a double holds exactly is accepted: at most
 * 15 significant digits (its shortest form then has as many digits as the caller wrote). The range is
 * checked by the contract; 1e400 parses to Infinity and is rejected here too.
 */
function decimalOf(field: string, value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new InvalidInputError(`${field} must be a finite number`);
  const text = String(value);
  if (significantDigits(text) > AMOUNT_DIGITS) {
    throw new InvalidInputError(
      `${field}: ${text} has more than ${AMOUNT_DIGITS} significant digits and cannot be kept exactly`,
    );
  }
  return text;
}

/** Digits of a number's decimal text without sign, exponent, point, leading or trailing zeros. */
function significantDigits(text: string): number {
  const mantissa = text.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '');
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length;
}

/** The loan's key and the columns it sends, after the loan rules (ids present, real dates, finite numbers). */
export function prepareLoanWrite(ctx: Pick<CompanyContext, 'config'>, body: LoanWrite): LoanUpsert {
  const missing = (['id', 'customerId'] as const).filter((f) => typeof body[f] !== 'string' || body[f] === '');
  if (missing.length) throw new MissingFieldsError([...missing]);
  // The loan's schedule is planned by its task type (issue 11): an unknown one could never be planned.
  if (body.taskType !== undefined) requireKnownTaskType(ctx.config, body.taskType);
  const fields: Partial<LoanFields> = {};
  for (const f of DATE_FIELDS) {
    const v = body[f];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !isCalendarDate(v))
      throw new InvalidInputError(`${f} must be a date written YYYY-MM-DD, got ${JSON.stringify(v)}`);
    fields[f] = v;
  }
  for (const f of DECIMAL_FIELDS) if (body[f] !== undefined) fields[f] = decimalOf(f, body[f]);
  for (const f of ['daysPastDueAtBoarding', 'daysSinceOriginationAtBoarding'] as const) {
    if (body[f] !== undefined && !Number.isSafeInteger(body[f])) throw new InvalidInputError(`${f} must be an integer`);
  }
  for (const f of PASSTHROUGH) if (body[f] !== undefined) (fields as Record<string, unknown>)[f] = body[f];
  return { customerId: body.customerId!, id: body.id!, fields };
}

const unknownCustomer = (customerId: string) => new NotFoundError(`Customer ${customerId} not found`);

/**
 * Creates the loan or updates it (upsert on (customerId, id) within the company). On update only
 * the fields sent are written. The customer must exist in the company (404 otherwise). In the same
 * transaction the loan's outreach is started, kept or stopped (src/domain/loans/loan-outreach.ts).
 */
export async function saveLoan(ctx: CompanyContext, body: LoanWrite): Promise<{ loan: LoanRow; created: boolean }> {
  const write = prepareLoanWrite(ctx, body);
  return inTransaction(ctx.db, async (trx) => {
    if (!(await customerExists(trx, ctx.companyId, write.customerId))) throw unknownCustomer(write.customerId);
    const saved = await upsertLoan(trx, ctx.companyId, write.customerId, write.id, write.fields, ctx.now.toISOString());
    await syncLoanOutreach({ ...ctx, db: trx }, saved.loan);
    return saved;
  });
}

/**
 * saveLoan for the rows of a batch slice: the same rules per row, one customer lookup for all rows
 * and set-based upserts with the same semantics. Returns each row's DomainError, or null when saved.
 */
export async function saveLoans(ctx: CompanyContext, bodies: LoanWrite[]): Promise<(DomainError | null)[]> {
  const prepared = bodies.map((body) => {
    try {
      return prepareLoanWrite(ctx, body);
    } catch (err) {
      if (err instanceof DomainError) return err;
      throw err;
    }
  });
  const writes = prepared.filter((p): p is LoanUpsert => !(p instanceof DomainError));
  const known = await existingCustomerIds(ctx.db, ctx.companyId, [...new Set(writes.map((w) => w.customerId))]);
  const saved = writes.filter((w) => known.has(w.customerId));
  // Sequential: ctx.db is the slice's transaction (one connection). A repeated loan is synced once, as stored.
  const seen = new Set<string>();
  for (const loan of await upsertLoansWithTaskType(ctx.db, ctx.companyId, saved, ctx.now.toISOString())) {
    const key = JSON.stringify([loan.customerId, loan.id]);
    if (seen.has(key)) continue;
    seen.add(key);
    await syncLoanOutreach(ctx, loan);
  }
  return prepared.map((p) =>
    p instanceof DomainError ? p : known.has(p.customerId) ? null : unknownCustomer(p.customerId),
  );
}

/** The customer's loans (pushed with POST /loans or imported from the LMS with `loanIds`); 404 for an unknown customer. */
export async function customerLoans(
  ctx: Pick<CompanyContext, 'db' | 'companyId'>,
  customerId: string,
): Promise<LoanRow[]> {
  if (!(await customerExists(ctx.db, ctx.companyId, customerId))) throw unknownCustomer(customerId);
  return listLoans(ctx.db, ctx.companyId, customerId);
}
