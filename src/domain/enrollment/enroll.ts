import type { PlanResult } from '../../scheduler/index.js';
import {
  findActiveCadenceOfCustomer,
  findLiveCadence,
  getApplication,
  insertApplication,
  insertCadence,
  type CadenceRow,
  type NewApplication,
  type NewCadence,
} from '../planning/cadences.js';
import { listActiveRestrictions } from '../borrowers/borrowers.js';
import { type CustomerRow, getCustomerForUpdate } from '../borrowers/borrowers.js';
import { type NewEnrollment, writeEnrollment } from '../../store/enrollment/enrollments.js';
import { activeScheduleIdOfCadence } from '../planning/schedules.js';
import { listCallsOfSchedule } from '../scheduled-calls/scheduled-calls.js';
import type { CompanyContext } from '../shared/context.js';
import { ConflictError, UnprocessableError } from '../shared/errors.js';
import {
  type CadenceRequest,
  type Contactee,
  planCadence,
  planForNewCustomer,
  scheduleRows,
  storedSchedule,
  storeSchedule,
  type StoredSchedule,
} from '../planning/schedules.js';
import { readEnrollment, requireNewCustomerData, type EnrollmentInput } from './enrollment-input.js';
import type { EnrollmentBody } from './validate.js';
import { newId } from '../shared/ids.js';

export interface OriginationReceipt {
  id: string;
  status: 'scheduled' | 'already_scheduled';
  customerId: string;
  loanId: string;
  scheduleId: string;
  scheduledCallId: string;
  scheduledTime: string;
  scheduledCallCount: number;
}

export interface EnrollmentResult<Input extends EnrollmentInput<string> = EnrollmentInput> {
  /** Built from the normalized request, not read from the stored customer (interface specification). */
  input: Input;
  receipt: OriginationReceipt;
}

/** Request-only checks (422), done before the idempotency claim so an invalid request stores nothing. */
export const prepareEnrollment = (ctx: CompanyContext, body: EnrollmentBody): EnrollmentInput =>
  readEnrollment(body, ctx);

/**
 * Enrolls the application (customer id, loanId) in the origination cadence of its task type.
 * Runs inside the caller's transaction (ctx.db). Business conflicts throw ConflictError (stored
 * under the idempotency key); an active cadence for this application answers `already_scheduled`
 * without touching anything. An existing customer is reused as stored, never updated.
 */
export async function executeEnrollment(ctx: CompanyContext, input: EnrollmentInput): Promise<EnrollmentResult> {
  const fresh = planNewEnrollment(ctx, input);
  if (fresh && (await writeEnrollment(ctx.db, ctx.companyId, fresh.enrollment, { as: 'if-new' }))) return fresh.result;
  return enrollKnownOrRefused(ctx, input);
}

/**
 * The common case, a customer not seen before, planned in memory without a read (restrictions and
 * calls reference their customer, so none exist for a new one): the rows to store in one store call
 * and the result to answer once they are stored. Null when the request lacks a new customer's data
 * or the plan is refused: the full path then applies every check in its order.
 */
export function planNewEnrollment(ctx: CompanyContext, input: EnrollmentInput): NewCustomerEnrollment | null {
  if (!input.firstName || !input.lastName || !input.timezone || !input.phoneNumber) return null;
  const contact = contactee(input, null);
  const request = cadenceRequest(input);
  const plan = planForNewCustomer(ctx, contact, request);
  if (!plan.ok) return null;
  return newEnrollment(ctx, input, contact, request, plan);
}

/** A new customer's enrollment: the rows to store and the result to answer once they are stored. */
export interface NewCustomerEnrollment {
  enrollment: NewEnrollment;
  result: EnrollmentResult;
}

/**
 * The one place an enrollment of a new customer is built, from its successful plan (ids assigned,
 * nothing written): by planNewEnrollment, and by the claim-first path when the customer is new.
 * Every store path writes it with the one builder of its rows (store/enrollment/enrollment-rows.ts).
 */
function newEnrollment<Input extends EnrollmentInput<string>>(
  ctx: CompanyContext,
  input: Input,
  contact: Contactee,
  request: CadenceRequest,
  plan: Extract<PlanResult, { ok: true }>,
): { enrollment: NewEnrollment; result: EnrollmentResult<Input> } {
  const application = newApplication(ctx, input);
  const cadence = newCadence(ctx, input, plan, application.id);
  const rows = scheduleRows(ctx, contact, request, plan, { cadenceId: cadence.id, source: 'enrollment' });
  const enrollment = {
    customerId: input.customerId,
    customer: newCustomerFields(input),
    application,
    cadence,
    ...rows,
    at: ctx.now.toISOString(),
  };
  return { enrollment, result: scheduled(input, storedSchedule(rows)) };
}

/**
 * The claim-first path, inside the caller's transaction (ctx.db): every check in its order, then the
 * plan, then the writes. A new customer is stored with its whole enrollment as newEnrollment builds
 * it; a refused plan throws before anything is written. Exported for the test that compares the
 * rows of every path (test/enrollment/enrollment-rows.test.ts).
 */
export async function enrollKnownOrRefused<Input extends EnrollmentInput<string>>(
  ctx: CompanyContext,
  input: Input,
): Promise<EnrollmentResult<Input>> {
  const { db, companyId } = ctx;
  const who = input.customerId;
  const existing = await getCustomerForUpdate(db, companyId, who);
  if (existing && existing.isTest !== input.isTest) {
    throw new ConflictError(
      `isTest is ${input.isTest} but customer ${who} is ${existing.isTest ? 'a test customer' : 'not a test customer'}`,
      'test_mode_mismatch',
    );
  }
  if (!existing) requireNewCustomerData(input);
  if (existing) await requireNoRestriction(ctx, existing, input.loanId);

  const application = existing ? await getApplication(db, companyId, who, input.loanId) : null;
  const live = application ? await findLiveCadence(db, companyId, application.id) : null;
  if (live?.status === 'active') return alreadyScheduled(ctx, input, live);
  if (live?.status === 'finished') {
    throw new ConflictError(
      `The cadence for ${who} / ${input.loanId} has finished and cannot be restarted`,
      'cadence_finished',
    );
  }
  if (live?.status === 'paused')
    throw new ConflictError(`The cadence for ${who} / ${input.loanId} is paused`, 'cadence_paused');
  const other = existing ? await findActiveCadenceOfCustomer(db, companyId, who) : null;
  if (other)
    throw new ConflictError(
      `Customer ${who} has an active cadence for application ${other.loanId}`,
      'existing_application',
    );

  const contact = contactee(input, existing);
  const request = cadenceRequest(input);
  const plan = await planCadence(ctx, contact, request);
  if (!plan.ok) throw planFailure(plan, who);
  if (!existing) {
    const fresh = newEnrollment(ctx, input, contact, request, plan);
    await writeEnrollment(db, companyId, fresh.enrollment, { as: 'claimed' });
    return fresh.result;
  }
  return enrolled(ctx, input, contact, request, plan, application?.id ?? null);
}

/** An existing customer's enrollment: writes the application (unless it exists), the cadence, and the schedule with its calls. */
async function enrolled<Input extends EnrollmentInput<string>>(
  ctx: CompanyContext,
  input: Input,
  contact: Contactee,
  request: CadenceRequest,
  plan: Extract<PlanResult, { ok: true }>,
  existingApplication: string | null,
): Promise<EnrollmentResult<Input>> {
  const { db, companyId } = ctx;
  let applicationId = existingApplication;
  if (!applicationId) {
    const application = newApplication(ctx, input);
    await insertApplication(db, companyId, application);
    applicationId = application.id;
  }
  const cadence = newCadence(ctx, input, plan, applicationId);
  await insertCadence(db, companyId, cadence);
  return scheduled(
    input,
    await storeSchedule(ctx, contact, request, plan, { cadenceId: cadence.id, source: 'enrollment' }),
  );
}

function newApplication(ctx: CompanyContext, input: EnrollmentInput<string>): NewApplication {
  return { id: newId(), customerId: input.customerId, loanId: input.loanId, createdAt: ctx.now.toISOString() };
}

/** The active cadence an enrollment starts for the application. */
function newCadence(
  ctx: CompanyContext,
  input: EnrollmentInput<string>,
  plan: Extract<PlanResult, { ok: true }>,
  applicationId: string,
): NewCadence {
  return {
    id: newId(),
    customerId: input.customerId,
    applicationId,
    taskType: input.taskType,
    cadence: plan.cadence,
    at: ctx.now.toISOString(),
  };
}

function scheduled<Input extends EnrollmentInput<string>>(
  input: Input,
  stored: StoredSchedule,
): EnrollmentResult<Input> {
  const first = stored.calls[0];
  return {
    input,
    receipt: {
      id: newId(),
      status: 'scheduled',
      customerId: input.customerId,
      loanId: input.loanId,
      scheduleId: stored.scheduleId,
      scheduledCallId: first.id,
      scheduledTime: first.scheduledTime,
      scheduledCallCount: stored.calls.length,
    },
  };
}

async function requireNoRestriction(ctx: CompanyContext, customer: CustomerRow, loanId: string): Promise<void> {
  if (customer.doNotCall)
    throw new ConflictError(
      `Customer ${customer.id} has an active contact restriction (do_not_call)`,
      'contact_restricted',
    );
  const restrictions = await listActiveRestrictions(ctx.db, ctx.companyId, customer.id);
  const hit = restrictions.find((r) => r.loanId === null || r.loanId === loanId);
  if (hit) {
    const scope = hit.loanId ? ` for loan ${hit.loanId}` : '';
    throw new ConflictError(
      `Customer ${customer.id} has an active contact restriction (${hit.kind})${scope}`,
      'contact_restricted',
    );
  }
}

/** The existing cadence and its next call; nothing is created or updated. */
async function alreadyScheduled<Input extends EnrollmentInput<string>>(
  ctx: CompanyContext,
  input: Input,
  cadence: CadenceRow,
): Promise<EnrollmentResult<Input>> {
  const scheduleId = await activeScheduleIdOfCadence(ctx.db, ctx.companyId, cadence.id);
  const schedule = scheduleId && { scheduleId, calls: await listCallsOfSchedule(ctx.db, ctx.companyId, scheduleId) };
  if (!schedule || schedule.calls.length === 0)
    throw new Error(`active cadence ${cadence.id} has no active schedule with calls`);
  const now = ctx.now.toISOString();
  const pending = schedule.calls.filter((c) => c.status === 'pending');
  const next = pending.find((c) => c.scheduledTime >= now) ?? pending[0] ?? schedule.calls[schedule.calls.length - 1];
  return {
    input,
    receipt: {
      id: newId(),
      status: 'already_scheduled',
      customerId: input.customerId,
      loanId: input.loanId,
      scheduleId: schedule.scheduleId,
      scheduledCallId: next.id,
      scheduledTime: next.scheduledTime,
      scheduledCallCount: 0,
    },
  };
}

function cadenceRequest(input: EnrollmentInput<string>): CadenceRequest {
  return {
    taskType: input.taskType,
    loanId: input.loanId,
    daysSincePaidOff: input.daysSincePaidOff,
    daysInApplied: input.daysInApplied,
    oneOff: input.oneOff,
  };
}

/** A new customer from the enrollment request; email and address stay empty until a customer write supplies them. */
function newCustomerFields(input: EnrollmentInput<string>) {
  return {
    firstName: input.firstName!,
    lastName: input.lastName!,
    email: null,
    birthday: input.birthday,
    ssnLastFour: input.ssnLastFour,
    language: input.language,
    timezone: input.timezone,
    phoneNumber: input.phoneNumber,
    streetAddress1: null,
    streetAddress2: null,
    city: null,
    state: null,
    zipCode: null,
    doNotCall: false,
    isTest: input.isTest,
    taskType: input.taskType,
    externalMetadata: null,
    loanIds: null,
  };
}

/** Calls go to the stored customer's numbers and zone; the request's mobilePhone adds a fallback number for this cadence. */
function contactee(input: EnrollmentInput<string>, stored: CustomerRow | null): Contactee {
  return {
    customerId: input.customerId,
    timezone: stored?.timezone ?? input.timezone!,
    state: stored?.state ?? null,
    city: stored?.city ?? null,
    zipCode: stored?.zipCode ?? null,
    phoneNumber: stored ? (stored.phoneNumber ?? input.phoneNumber) : input.phoneNumber,
    mobilePhone: input.mobilePhone,
    externalMetadata: stored?.externalMetadata ?? null,
    doNotCall: stored?.doNotCall ?? false,
    language: stored?.language ?? input.language,
  };
}

/**
 * A plan the scheduler refused: a contact restriction, or no allowed time left by the calling
 * rules (frequency caps, quiet periods), is a 409 `contact_restricted` conflict; a configuration or
 * input the scheduler cannot use is 422 naming the field.
 */
function planFailure(plan: Extract<PlanResult, { ok: false }>, customerId: string): Error {
  const why = `${plan.message} (rule ${plan.rule}: ${plan.source})`;
  switch (plan.reason) {
    case 'contact_restricted':
      return new ConflictError(
        `Customer ${customerId} has an active contact restriction: ${why}`,
        'contact_restricted',
      );
    case 'no_allowed_time':
      return new ConflictError(
        `The calling rules leave no allowed call time for customer ${customerId}: ${why}`,
        'contact_restricted',
      );
    case 'invalid_timezone':
      return new UnprocessableError(`timezone: ${why}`);
    case 'no_usable_phone':
      return new UnprocessableError(`phoneNumber: ${why}`);
    case 'no_cadence_for_days_since_paid_off':
      return new UnprocessableError(`daysSincePaidOff: ${why}`);
    case 'one_off_not_allowed':
      return new UnprocessableError(`oneOff: ${why}`);
    default:
      return new UnprocessableError(`taskType: ${why}`);
  }
}
