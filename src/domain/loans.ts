import { inTransaction } from '../store/transactions.js';
import type { CompanyContext } from './context.js';
import { requireKnownTaskType } from './customers/records.js';
import { syncLoanOutreach } from './outreach/loan-outreach.js';
import { DomainError, InvalidInputError, MissingFieldsError, NotFoundError } from './errors.js';
import {
  customerExists, DATE_FIELDS, DECIMAL_FIELDS, existingCustomerIds, type LoanFields, type LoanRow, type LoanUpsert, loansWithTaskType, upsertLoan, upsertLoans,
} from '../store/loans.js';
import type { components } from '../../generated/api-types.js';

/** The loan write payload (POST /loans, loan batch rows), already type-checked against the spec's LoanInput. */
export type LoanWrite = Partial<components['schemas']['LoanInput']>;

const PASSTHROUGH = [
  'type', 'applicationStatus', 'servicingStatus', 'isSettled', 'autopayEnabled', 'isVisibleInBorrowerPortal',
  'daysPastDueAtBoarding', 'daysSinceOriginationAtBoarding', 'externalLmsMetadata', 'portfolioId', 'taskType',
] as const;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * Amounts stay exact: the number as the caller wrote it (JSON's shortest round-trip form) is stored
 * as a decimal, never as a binary float column. JSON like 1e400 parses to Infinity: rejected.
 */
function decimalOf(field: string, value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidInputError(`${field} must be a finite number`);
  return String(value);
}

/** The loan's key and the columns it sends, after the loan rules (ids present, real dates, finite numbers). */
export function prepareLoanWrite(body: LoanWrite): LoanUpsert {
  const missing = (['id', 'customerId'] as const).filter((f) => typeof body[f] !== 'string' || body[f] === '');
  if (missing.length) throw new MissingFieldsError([...missing]);
  const fields: Partial<LoanFields> = {};
  for (const f of DATE_FIELDS) {
    const v = body[f];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !isCalendarDate(v)) throw new InvalidInputError(`${f} must be a date written YYYY-MM-DD, got ${JSON.stringify(v)}`);
    fields[f] = v;
  }
  for (const f of DECIMAL_FIELDS) if (body[f] !== undefined) fields[f] = decimalOf(f, body[f]!);
  for (const f of ['daysPastDueAtBoarding', 'daysSinceOriginationAtBoarding'] as const) {
    if (body[f] !== undefined && !Number.isSafeInteger(body[f])) throw new InvalidInputError(`${f} must be an integer`);
  }
  for (const f of PASSTHROUGH) if (body[f] !== undefined) (fields as Record<string, unknown>)[f] = body[f];
  return { customerId: body.customerId!, id: body.id!, fields };
}

const unknownCustomer = (customerId: string) => new NotFoundError(`Customer ${customerId} not found`);

/** The loan rules that depend on the company: a sent `taskType` must be in its catalog (400 naming the allowed values). */
function prepareCompanyLoanWrite(ctx: CompanyContext, body: LoanWrite): LoanUpsert {
  const write = prepareLoanWrite(body);
  if (body.taskType !== undefined) requireKnownTaskType(ctx.config, body.taskType);
  return write;
}

/**
 * Creates the loan or updates it (upsert on (customerId, id) within the company). On update only
 * the fields sent are written. The customer must exist in the company (404 otherwise). In the same
 * transaction the loan's outreach is started, kept or stopped (src/domain/outreach/loan-outreach.ts).
 */
export async function saveLoan(ctx: CompanyContext, body: LoanWrite): Promise<{ loan: LoanRow; created: boolean }> {
  const write = prepareCompanyLoanWrite(ctx, body);
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
      return prepareCompanyLoanWrite(ctx, body);
    } catch (err) {
      if (err instanceof DomainError) return err;
      throw err;
    }
  });
  const writes = prepared.filter((p): p is LoanUpsert => !(p instanceof DomainError));
  const known = await existingCustomerIds(ctx.db, ctx.companyId, [...new Set(writes.map((w) => w.customerId))]);
  const saved = writes.filter((w) => known.has(w.customerId));
  await upsertLoans(ctx.db, ctx.companyId, saved, ctx.now.toISOString());
  // Sequential: ctx.db is the slice's transaction (one connection). A repeated loan is synced once, as stored.
  const seen = new Set<string>();
  for (const loan of await loansWithTaskType(ctx.db, ctx.companyId, saved)) {
    const key = JSON.stringify([loan.customerId, loan.id]);
    if (seen.has(key)) continue;
    seen.add(key);
    await syncLoanOutreach(ctx, loan);
  }
  return prepared.map((p) => (p instanceof DomainError ? p : known.has(p.customerId) ? null : unknownCustomer(p.customerId)));
}
