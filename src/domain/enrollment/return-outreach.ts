import { type OnReturn, recordAchReturn, recordAchReturns, type RecordedReturn } from '../ach/returns.js';
import type { AchReturnInput } from '../ach/return-submission.js';
import type { ReturnOutreach, RowOutcome, RowSuccess } from '../ach/row-runner.js';
import { loanClosedReason } from '../loans/loan-outreach.js';
import type { CompanyContext } from '../shared/context.js';
import type { ReturnOutreachConfig } from '../shared/company-config.js';
import { DomainError } from '../shared/errors.js';
import { getCustomer } from '../borrowers/borrowers.js';
import { getLoan } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import { enrollKnownOrRefused } from './enroll.js';
import type { EnrollmentInput } from './enrollment-input.js';

/**
 * POST /ach-returns and POST /ach-returns/batch with the company's outreach on a return
 * (`ach.returnOutreach`, off by default; docs/partners/ach.md "Outreach on a return"). A return newly
 * recorded on a collections loan enrolls the customer in the configured task type's cadence through
 * the enrollment use case, so the scheduler plans it under every contact rule, in the row's own
 * transaction. A resubmitted return is never offered (returns.ts answers it before).
 */
export async function recordAchReturnsWithOutreach(
  ctx: CompanyContext,
  rows: readonly unknown[],
): Promise<RowOutcome[]> {
  return recordAchReturns(ctx, rows, outreachOnReturn(ctx));
}

/** The single operation: a batch of one. */
export async function recordAchReturnWithOutreach(ctx: CompanyContext, input: AchReturnInput): Promise<RowSuccess> {
  return recordAchReturn(ctx, input, outreachOnReturn(ctx));
}

function outreachOnReturn(ctx: CompanyContext): OnReturn | undefined {
  const settings = ctx.config.ach?.returnOutreach;
  if (!settings?.enabled) return undefined;
  return (db, recorded) => enrollOnReturn({ ...ctx, db }, settings, recorded);
}

/**
 * Null when outreach does not apply (a code not configured, a loan that is not a collections loan);
 * otherwise what the enrollment did. An enrollment refused by a business rule (a contact restriction,
 * no allowed call time, another active cadence of the customer, a finished cadence for this loan) is
 * reported and changes nothing; the return stays recorded.
 */
async function enrollOnReturn(
  ctx: CompanyContext,
  settings: ReturnOutreachConfig,
  recorded: RecordedReturn,
): Promise<ReturnOutreach | null> {
  if (settings.returnCodes && !settings.returnCodes.includes(recorded.returnCode)) return null;
  const { db, companyId, config } = ctx;
  const loan = await getLoan(db, companyId, recorded.customerId, recorded.loanId);
  const loanTaskType = loan?.taskType ? config.taskTypes.find((t) => t.name === loan.taskType) : undefined;
  if (!loan || loanTaskType?.purpose !== 'collections') return null;
  const taskType = settings.taskType;
  const closed = loanClosedReason(loan, config);
  if (closed) return { status: 'not_enrolled', taskType, reason: closed };
  const customer = await getCustomer(db, companyId, recorded.customerId);
  if (!customer) return null; // a payment's customer always exists; kept for the type

  const input: EnrollmentInput<string> = {
    customerId: customer.id,
    loanId: loan.id,
    taskType,
    firstName: null,
    lastName: null,
    birthday: null,
    ssnLastFour: null,
    language: customer.language,
    phoneNumber: null,
    mobilePhone: null,
    timezone: null,
    isTest: customer.isTest,
    deprecated: [],
  };
  try {
    // Its own savepoint: a refused enrollment leaves the recorded return as it is.
    const { receipt } = await db.transaction((trx: Db) => enrollKnownOrRefused({ ...ctx, db: trx }, input));
    if (receipt.status === 'already_scheduled')
      return { status: 'already_enrolled', taskType, scheduleId: receipt.scheduleId };
    return {
      status: 'enrolled',
      taskType,
      scheduleId: receipt.scheduleId,
      scheduledCallId: receipt.scheduledCallId,
      scheduledTime: receipt.scheduledTime,
      scheduledCallCount: receipt.scheduledCallCount,
    };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { status: 'not_enrolled', taskType, reason: err.message };
  }
}
