import { getCustomer, type CustomerRow } from '../borrowers/borrowers.js';
import { inTransaction } from '../../store/shared/transactions.js';
import type { CompanyContext } from '../shared/context.js';
import { fetchLmsFill, type LmsFill, lmsNote, mergeLmsFill } from '../customers/lms-fill.js';
import { persistCustomer, type CustomerWrite } from '../customers/records.js';
import { requireKnownTaskType } from '../shared/company-config.js';
import { FIELD_ORDER } from '../customers/required-fields.js';
import { type DeprecatedField, deprecatedFields, resolveTestFlag } from '../customers/test-flag.js';
import { InvalidInputError, MissingFieldsError } from '../shared/errors.js';
import { planCadence, stopOutreach, storeSchedule } from '../planning/schedules.js';
import { storeMessageSchedules } from '../planning/message-schedules.js';
import type { ReplaceBody } from './validate.js';

export interface ReplaceResult {
  customer: CustomerRow;
  scheduleCreated: boolean;
  /** One per created schedule. */
  tasksCreated: number;
  deprecated: DeprecatedField[];
}

/** Fields the contract lets the LMS supply with `sync: true` ("must be available after optional LMS fill"). */
const LMS_FILLABLE = ['firstName', 'lastName', 'phoneNumber', 'timezone'];

/**
 * Replacement schedule sync: saves the customer (omitted doNotCall/isTest keep their stored value),
 * cancels the customer's active call, email and SMS schedules and their pending calls and messages,
 * and plans new call, email and SMS schedules for `taskType`. A customer marked Do Not Call proceeds only with `doNotCall: false` (the Do Not Call
 * table). When the scheduler refuses (e.g. the customer is now restricted) the customer is saved and
 * no schedule is created. Not idempotent by design.
 */
export async function replaceSchedule(ctx: CompanyContext, body: ReplaceBody): Promise<ReplaceResult> {
  requireReplaceFields(ctx, body);
  const isTest = resolveTestFlag(body, ctx.now, ctx.testAliasSunset);
  requireKnownTaskType(ctx.config, body.taskType);
  const deprecated = deprecatedFields({ test: body.test }, ctx.testAliasSunset);
  const at = ctx.now.toISOString();
  // With sync: true the LMS is read before the transaction (loanIds are ignored in this mode).
  const fill =
    body.sync === true ? await fetchLmsFill(ctx, { id: body.id, taskType: body.taskType, sync: true }) : undefined;
  const write = mergeLmsFill(customerWrite(body), fill);
  requireFilledFields(write, fill);

  return inTransaction(ctx.db, async (trx) => {
    const scope = { ...ctx, db: trx };
    const existing = await getCustomer(trx, ctx.companyId, body.id);
    if (existing?.doNotCall && body.doNotCall !== false) {
      throw new InvalidInputError(
        `Customer ${body.id} is marked Do Not Call; send doNotCall false to clear it`,
        'do_not_call',
      );
    }
    const { customer } = await persistCustomer(scope, write, isTest);
    await stopOutreach(
      trx,
      ctx.companyId,
      body.id,
      at,
      "Replaced: a schedule sync (replace) rebuilt the customer's outreach",
    );
    const who = {
      customerId: customer.id,
      timezone: customer.timezone!,
      state: customer.state,
      phoneNumber: customer.phoneNumber,
      mobilePhone: null,
      externalMetadata: customer.externalMetadata,
      doNotCall: customer.doNotCall,
      language: customer.language,
    };
    const request = { taskType: body.taskType, loanId: body.loanId ?? null };
    const plan = await planCadence(scope, who, request);
    if (plan.ok) await storeSchedule(scope, who, request, plan, { cadenceId: null, source: 'replace' });
    // Email and SMS steps of the workflow: Do Not Call refuses the calls but not these.
    const messageSchedules = await storeMessageSchedules(scope, customer, request, 'replace');
    const tasksCreated = (plan.ok ? 1 : 0) + messageSchedules;
    return { customer, scheduleCreated: tasksCreated > 0, tasksCreated, deprecated };
  });
}

const has = (o: object, f: string) => {
  const v = (o as Record<string, unknown>)[f];
  return v !== undefined && v !== null && v !== '';
};
const rank = (f: string) => FIELD_ORDER.indexOf(f as (typeof FIELD_ORDER)[number]);

/** What the request itself must carry; with `sync: true` the LMS-fillable fields are checked after the fill. */
function requireReplaceFields(ctx: CompanyContext, body: ReplaceBody): void {
  const sync = body.sync === true;
  const needed = [
    'id',
    'taskType',
    ...(sync ? [] : [...LMS_FILLABLE, 'email', 'streetAddress1', 'city', 'state', 'zipCode']),
  ];
  const missing = needed.filter((f) => !has(body, f)).sort((a, b) => rank(a) - rank(b));
  if (missing.length === 0) return;
  const lms = missing.filter((f) => LMS_FILLABLE.includes(f));
  const note =
    lms.length === 0
      ? undefined
      : ctx.config.lms
        ? `send sync: true to take ${lms.join(', ')} from the company's LMS`
        : `no LMS connector is configured for this company to supply ${lms.join(', ')}`;
  throw new MissingFieldsError(missing, note);
}

function requireFilledFields(write: CustomerWrite, fill: LmsFill | undefined): void {
  if (!fill) return;
  const missing = LMS_FILLABLE.filter((f) => !has(write, f)).sort((a, b) => rank(a) - rank(b));
  if (missing.length > 0) throw new MissingFieldsError(missing, lmsNote(fill));
}

/** The customer part of the body; loanIds, mobilePhone, oneOff and the cadence-age fields are ignored in this mode. */
function customerWrite(body: ReplaceBody): CustomerWrite {
  return {
    id: body.id,
    firstName: body.firstName,
    lastName: body.lastName,
    timezone: body.timezone,
    phoneNumber: body.phoneNumber,
    taskType: body.taskType,
    email: body.email,
    birthday: body.birthday,
    ssnLastFour: body.ssnLastFour,
    language: body.language,
    streetAddress1: body.streetAddress1,
    streetAddress2: body.streetAddress2,
    city: body.city,
    state: body.state,
    zipCode: body.zipCode,
    doNotCall: body.doNotCall,
    externalMetadata: body.externalMetadata,
  };
}
