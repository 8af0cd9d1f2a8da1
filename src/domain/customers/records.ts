import {
  type CustomerFields,
  type CustomerRow,
  type CustomerUpsert,
  getCustomer,
  updateCustomer,
  upsertCustomer,
  upsertCustomers,
} from '../borrowers/borrowers.js';
import { requireKnownTaskType } from '../shared/company-config.js';
import type { CompanyContext } from '../shared/context.js';
import { DomainError, MissingFieldsError, NotFoundError } from '../shared/errors.js';
import { type LoanUpsert, upsertLoans } from '../borrowers/borrowers.js';
import { type LoanWrite, prepareLoanWrite } from '../loans/loans.js';
import { stopOutreach } from '../planning/schedules.js';
import { fetchLmsFill, type LmsFill, mergeLmsFill } from './lms-fill.js';
import { requireOutreachMetadataPhones, requirePhone, requireTimezone, timezoneFromZip } from './normalize.js';
import { missingCustomerFields } from './required-fields.js';
import { deprecatedFields, resolveTestFlag } from './test-flag.js';
import type { components } from '../../../generated/api-types.js';
import { languageToStore } from '../shared/language.js';
export type { CustomerRow } from '../borrowers/borrowers.js';

/** The customer write payload (POST /customers, customer-create batch rows), already type-checked against the spec. */
// Partial: required fields depend on `sync` and the company's contract version, so the domain checks them itself.
export type CustomerWrite = Partial<components['schemas']['CustomerCreate']>;

/** Why a customer's calls were cancelled when their record set `doNotCall` (POST, PUT or a batch row). */
const DO_NOT_CALL_SET = 'Do Not Call: set on the customer record';

export interface CustomerUpdate {
  firstName?: string;
  lastName?: string;
  email?: string;
  birthday?: string;
  timezone?: string;
  phoneNumber?: string;
  ssnLastFour?: string;
  /** Any value: kept when it is a tag-sized string (languageToStore), ignored otherwise. */
  language?: unknown;
  doNotCall?: boolean;
  state?: string;
}

/**
 * Creates the customer or updates it (upsert by id). On update only the fields sent are written:
 * an omitted optional field never erases stored data. `loanId` is accepted and ignored. With
 * `sync: true` omitted fields come from the company's LMS and `loanIds` imports those loans (read
 * before the transaction; customer and loans then commit together).
 */
export async function saveCustomer(ctx: CompanyContext, body: CustomerWrite) {
  checkRequestOnlyRules(ctx, body);
  const fill = await fetchLmsFill(ctx, body);
  const merged = mergeLmsFill(body, fill);
  const isTest = validateCustomerWrite(ctx, merged);
  const deprecated = deprecatedFields(body, ctx.testAliasSunset);
  // Only the customer row to write: its upsert commits on its own, without the BEGIN and COMMIT
  // round trips of a transaction (a new customer is one statement; an existing one an insert that
  // does nothing, then an update of the fields sent, each atomic).
  if (!fill && merged.doNotCall !== true) return { ...(await persistCustomer(ctx, merged, isTest)), deprecated };
  return ctx.db.transaction(async (trx) => {
    const { customer, created } = await persistCustomer({ ...ctx, db: trx }, merged, isTest);
    if (fill) await upsertLoans(trx, ctx.companyId, importedLoans(ctx, merged.id!, fill), ctx.now.toISOString());
    // Do Not Call is a contact restriction whichever operation sets it: pending outreach stops (docs/partners/enrollment.md#do-not-call).
    if (merged.doNotCall === true)
      await stopOutreach(trx, ctx.companyId, merged.id!, ctx.now.toISOString(), DO_NOT_CALL_SET, 'calls');
    return { customer, created, deprecated };
  });
}

/**
 * Rules that need no LMS data, checked on the request as sent before the LMS is asked: test/isTest,
 * a task type that is sent, and the contract's required fields. `sync: true` relaxes only the
 * fields the contract relaxes under sync (email, street address, city, state, ZIP code): those
 * alone may come from the LMS; the others (phoneNumber and timezone among them) the request
 * must carry whether or not an LMS is configured.
 */
export function checkRequestOnlyRules(ctx: CompanyContext, body: CustomerWrite): void {
  resolveTestFlag(body, ctx.now, ctx.testAliasSunset);
  if (typeof body.taskType === 'string' && body.taskType !== '') requireKnownTaskType(ctx.config, body.taskType);
  const missing = missingCustomerFields(body, ctx.config.customerContract);
  if (missing.length > 0) throw new MissingFieldsError(missing);
}

/**
 * The loans named by `loanIds`, as loan writes of the customer (upsert on (customerId, id)). A date
 * the LMS says does not exist (null) is written as null, so a re-import clears a stale one.
 */
export function importedLoans(ctx: Pick<CompanyContext, 'config'>, customerId: string, fill: LmsFill): LoanUpsert[] {
  return fill.loans.map((loan) => {
    const none = (['originationDate', 'startDate', 'dueDate'] as const).filter((f) => loan[f] === null);
    const dated = Object.fromEntries(Object.entries(loan).filter(([, v]) => v !== null)) as LoanWrite;
    const write = prepareLoanWrite(ctx, { ...dated, customerId });
    for (const f of none) write.fields[f] = null;
    return write;
  });
}

/**
 * Normalizes and upserts a validated customer write (shared with replacement schedule sync).
 * `isTest` undefined keeps a stored customer's value (false for a new one).
 */
export async function persistCustomer(
  ctx: CompanyContext,
  body: CustomerWrite,
  isTest: boolean | undefined,
): Promise<{ customer: CustomerRow; created: boolean }> {
  const { fresh, given } = customerWriteFields(body, isTest);
  return upsertCustomer(ctx.db, ctx.companyId, body.id!, fresh, given, ctx.now.toISOString());
}

/**
 * The create rules of a customer write applied to the merged record after any LMS fill (test/isTest,
 * task type); returns the resolved test flag. Its required fields were checked on the request
 * (checkRequestOnlyRules): the fill only adds fields, so the merged record has them too.
 */
export function validateCustomerWrite(ctx: CompanyContext, body: CustomerWrite): boolean | undefined {
  const isTest = resolveTestFlag(body, ctx.now, ctx.testAliasSunset);
  requireKnownTaskType(ctx.config, body.taskType!);
  return isTest;
}

/**
 * Normalized columns of a validated write (phone to E.164, timezone checked or derived): `fresh`
 * for a new customer, `given` (only what was sent) for an update.
 */
export function customerWriteFields(
  body: CustomerWrite,
  isTest: boolean | undefined,
): { fresh: CustomerFields; given: Partial<CustomerFields> } {
  // Only the announced contract lets timezone be omitted; it is then derived from zipCode.
  const timezone = body.timezone
    ? requireTimezone('timezone', body.timezone)
    : body.zipCode
      ? timezoneFromZip(body.zipCode)
      : undefined;
  requireOutreachMetadataPhones(body.externalMetadata);

  const given: Partial<CustomerFields> = {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    birthday: body.birthday,
    ssnLastFour: body.ssnLastFour,
    language: languageToStore(body.language),
    timezone,
    phoneNumber: body.phoneNumber ? requirePhone('phoneNumber', body.phoneNumber) : undefined,
    streetAddress1: body.streetAddress1,
    streetAddress2: body.streetAddress2,
    city: body.city,
    state: body.state,
    zipCode: body.zipCode,
    doNotCall: body.doNotCall,
    isTest,
    taskType: body.taskType,
    externalMetadata: body.externalMetadata,
    loanIds: body.loanIds,
  };
  // Unset columns of a new row default to NULL; the two flags default to false.
  const fresh = { ...given, doNotCall: body.doNotCall ?? false, isTest: isTest ?? false } as CustomerFields;
  return { fresh, given: stripUndefined(given) };
}

/**
 * The customer-create workflow for the rows of a batch slice: every row passes exactly the rules
 * and normalization of saveCustomer, then all valid rows are written with set-based upserts of the
 * same semantics (new: all columns; existing: only the fields sent). `fills` are what the LMS
 * supplied per row (read before the slice's transaction). Returns each row's DomainError, or null
 * when it was saved.
 */
export async function saveCustomers(
  ctx: CompanyContext,
  bodies: CustomerWrite[],
  fills: (LmsFill | undefined)[] = [],
): Promise<(DomainError | null)[]> {
  const writes: CustomerUpsert[] = [];
  const loans: LoanUpsert[] = [];
  const merged: CustomerWrite[] = [];
  const outcomes = bodies.map((request, i) => {
    try {
      // The request's own rules first: a row missing phoneNumber says so even when its fill is a refusal.
      checkRequestOnlyRules(ctx, request);
      const body = (merged[i] = mergeLmsFill(request, fills[i]));
      const fields = customerWriteFields(body, validateCustomerWrite(ctx, body));
      const rowLoans = fills[i] ? importedLoans(ctx, body.id!, fills[i]) : [];
      writes.push({ id: body.id!, ...fields });
      loans.push(...rowLoans);
      return null;
    } catch (err) {
      if (err instanceof DomainError) return err;
      throw err;
    }
  });
  const at = ctx.now.toISOString();
  await upsertCustomers(ctx.db, ctx.companyId, writes, at);
  if (loans.length > 0) await upsertLoans(ctx.db, ctx.companyId, loans, at);
  // ctx.db is the slice's transaction: a row that sets Do Not Call stops its outreach with it.
  for (const [i, body] of merged.entries()) {
    if (outcomes[i] === null && body?.doNotCall === true)
      await stopOutreach(ctx.db, ctx.companyId, body.id!, at, DO_NOT_CALL_SET, 'calls');
  }
  return outcomes;
}

/** Partial update: only the fields sent change. */
export async function changeCustomer(ctx: CompanyContext, id: string, body: CustomerUpdate): Promise<CustomerRow> {
  const fields: Partial<CustomerFields> = stripUndefined({
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    birthday: body.birthday,
    timezone: body.timezone === undefined ? undefined : requireTimezone('timezone', body.timezone),
    phoneNumber: body.phoneNumber === undefined ? undefined : requirePhone('phoneNumber', body.phoneNumber),
    ssnLastFour: body.ssnLastFour,
    language: languageToStore(body.language),
    doNotCall: body.doNotCall,
    state: body.state,
  });
  const at = ctx.now.toISOString();
  return ctx.db.transaction(async (trx) => {
    const found = await updateCustomer(trx, ctx.companyId, id, fields, at);
    if (!found) throw new NotFoundError(`Customer ${id} not found`);
    // Do Not Call is a contact restriction: it stops outreach and cancels pending calls (docs/partners/enrollment.md#do-not-call).
    if (body.doNotCall === true) await stopOutreach(trx, ctx.companyId, id, at, DO_NOT_CALL_SET, 'calls');
    return (await getCustomer(trx, ctx.companyId, id))!;
  });
}

export async function readCustomer(ctx: Pick<CompanyContext, 'db' | 'companyId'>, id: string): Promise<CustomerRow> {
  const customer = await getCustomer(ctx.db, ctx.companyId, id);
  if (!customer) throw new NotFoundError(`Customer ${id} not found`);
  return customer;
}

// A plain loop: Object.entries/fromEntries per row showed up in a 10,000-row batch's profile.
function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key in o) if (o[key] !== undefined) out[key] = o[key];
  return out;
}
