import { ORIGINATION_TASK_TYPES } from '../shared/company-config.js';
import type { CompanyContext } from '../shared/context.js';
import { requirePhone, requireTimezone } from '../customers/normalize.js';
import { type DeprecatedField, deprecatedFields, resolveTestFlag } from '../customers/test-flag.js';
import { InvalidInputError, UnprocessableError } from '../shared/errors.js';
import { languageToStore } from '../shared/language.js';
import type { EnrollmentBody } from './validate.js';

export type OriginationTaskType = (typeof ORIGINATION_TASK_TYPES)[number];

/**
 * An enrollment request after every request-only rule: normalized, defaults applied. Requests name
 * an origination task type; outreach on an ACH return enrolls in its configured collections one.
 */
export interface EnrollmentInput<TaskType extends string = OriginationTaskType> {
  customerId: string;
  loanId: string;
  taskType: TaskType;
  firstName: string | null;
  lastName: string | null;
  birthday: string | null;
  ssnLastFour: string | null;
  /** BCP 47 tag as sent (languageToStore), or null. */
  language: string | null;
  /** E.164; falls back to mobilePhone when phoneNumber was not sent. */
  phoneNumber: string | null;
  mobilePhone: string | null;
  timezone: string | null;
  daysInApplied?: number;
  daysSincePaidOff?: number;
  oneOff?: boolean;
  isTest: boolean;
  /** The deprecated `test` alias, when it was used. */
  deprecated: DeprecatedField[];
}

/**
 * The enrollment rules the schema cannot say (422 `invalid_request` naming the field): returning-only
 * fields, the `test` alias (conflict, sunset), phone and timezone normalization, and the company's
 * enabled task types.
 */
export function readEnrollment(body: EnrollmentBody, ctx: CompanyContext): EnrollmentInput {
  if (body.taskType !== 'PendingLoanReturning') {
    if (body.oneOff !== undefined)
      throw new UnprocessableError('oneOff: only allowed with taskType PendingLoanReturning');
    if (body.daysSincePaidOff !== undefined)
      throw new UnprocessableError('daysSincePaidOff: only allowed with taskType PendingLoanReturning');
  }
  const enabled = ctx.config.taskTypes.map((t) => t.name);
  if (!enabled.includes(body.taskType)) {
    throw new UnprocessableError(
      `taskType: ${body.taskType} is not enabled for this company (enabled: ${enabled.join(', ')})`,
    );
  }
  const isTest = as422(() => resolveTestFlag(body, ctx.now, ctx.testAliasSunset)) ?? false;
  const phoneNumber = body.phoneNumber ? as422(() => requirePhone('phoneNumber', body.phoneNumber!)) : null;
  const mobilePhone = body.mobilePhone ? as422(() => requirePhone('mobilePhone', body.mobilePhone!)) : null;
  const timezone = body.timezone ? as422(() => requireTimezone('timezone', body.timezone!)) : null;
  return {
    customerId: body.id,
    loanId: body.loanId,
    taskType: body.taskType,
    firstName: body.firstName || null,
    lastName: body.lastName || null,
    birthday: body.birthday ?? null,
    ssnLastFour: body.ssnLastFour ?? null,
    language: languageToStore(body.language) ?? null,
    phoneNumber: phoneNumber ?? mobilePhone,
    mobilePhone,
    timezone,
    daysInApplied: body.daysInApplied,
    daysSincePaidOff: body.daysSincePaidOff,
    oneOff: body.oneOff,
    isTest,
    deprecated: deprecatedFields({ test: body.test }, ctx.testAliasSunset),
  };
}

/** What a new customer needs (an existing one is reused as stored): 422 naming the missing fields. */
export function requireNewCustomerData(input: EnrollmentInput<string>): void {
  const missing: string[] = [];
  if (!input.firstName) missing.push('firstName');
  if (!input.lastName) missing.push('lastName');
  if (!input.timezone) missing.push('timezone');
  if (!input.phoneNumber) missing.push('phoneNumber or mobilePhone');
  if (missing.length > 0) {
    throw new UnprocessableError(
      `${missing.join(', ')}: required to create customer ${input.customerId}, which does not exist yet`,
    );
  }
}

/** Enrollment answers input errors with 422; the shared customer rules throw the 400 kind. */
function as422<T>(f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof InvalidInputError) throw new UnprocessableError(err.message);
    throw err;
  }
}
