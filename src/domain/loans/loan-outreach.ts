import { DateTime } from 'luxon';
import { getCustomer } from '../borrowers/borrowers.js';
import type { LoanRow } from '../borrowers/borrowers.js';
import { type CompanyConfig, DEFAULT_CLOSED_SERVICING_STATUSES } from '../shared/company-config.js';
import {
  activeLoanSchedules,
  cancelSchedulesById,
  contacteeOf,
  planCadence,
  storeSchedule,
  type ScheduleScope,
} from '../planning/schedules.js';
import { cancelPendingCallsOfSchedules } from '../scheduled-calls/scheduled-calls.js';
import { cancelPendingMessagesOfSchedules } from '../scheduled-messages/scheduled-messages.js';
import { storeMessageSchedules } from '../planning/message-schedules.js';
import { publishEvents } from '../webhooks/publish.js';
import { scheduledCallUpdated } from '../planning/call-status-events.js';

/** What a loan write did to the loan's outreach. */
export type LoanOutreachOutcome = 'none' | 'started' | 'kept' | 'stopped' | 'not_planned';

/** Why the loan's outreach must stop (settled, paid off, charged off per configuration), or null. */
export function loanClosedReason(loan: LoanRow, config: CompanyConfig): string | null {
  const workflow = config.loanWorkflow ?? {};
  if (loan.isSettled === true && workflow.stopWhenSettled !== false) return 'the loan is settled';
  if (loan.chargeoffDate && workflow.stopWhenChargedOff !== false) return 'the loan is charged off';
  const closed = (workflow.closedServicingStatuses ?? DEFAULT_CLOSED_SERVICING_STATUSES).map(normalizeStatus);
  if (loan.servicingStatus && closed.includes(normalizeStatus(loan.servicingStatus)))
    return `the loan's servicingStatus is ${loan.servicingStatus}`;
  return null;
}

/** Collections outreach needs a debt in default: days past due at boarding, or a due date passed with an amount due. */
export function isPastDue(loan: LoanRow, today: string): boolean {
  if ((loan.daysPastDueAtBoarding ?? 0) > 0) return true;
  const owed = Number(loan.amountDue ?? loan.totalBalance ?? 0);
  return loan.dueDate !== null && loan.dueDate < today && owed > 0;
}

const normalizeStatus = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Starts, keeps or stops the outreach of a stored loan whose `taskType` is in the catalog, per the
 * company's workflow: the task type's call cadence (Reg F per-debt caps count this loan's calls)
 * and its email/SMS steps. A loan already running its task type keeps its schedules (resubmitting
 * a loan never restarts or duplicates its cadence); a changed task type replaces them; a closed
 * loan, or a collections loan that is not past due, stops them.
 */
export async function syncLoanOutreach(scope: ScheduleScope, loan: LoanRow): Promise<LoanOutreachOutcome> {
  const taskType = loan.taskType ? scope.config.taskTypes.find((t) => t.name === loan.taskType) : undefined;
  if (!taskType) return 'none';
  const at = scope.now.toISOString();
  const active = await activeLoanSchedules(scope.db, scope.companyId, loan.customerId, loan.id);
  const customer = await getCustomer(scope.db, scope.companyId, loan.customerId);
  if (!customer) return 'none';
  const today =
    DateTime.fromJSDate(scope.now)
      .setZone(customer.timezone ?? 'utc')
      .toISODate() ?? at.slice(0, 10);
  const stop =
    loanClosedReason(loan, scope.config) ??
    (taskType.purpose === 'collections' && !isPastDue(loan, today) ? 'the loan is not past due' : null);
  if (stop) {
    await cancelLoanSchedules(
      scope,
      active.map((s) => s.id),
      at,
      stop,
    );
    return active.length > 0 ? 'stopped' : 'none';
  }
  if (active.length > 0 && active.every((s) => s.taskType === taskType.name)) return 'kept';
  await cancelLoanSchedules(
    scope,
    active.map((s) => s.id),
    at,
    `the loan's task type changed to ${taskType.name}`,
  );

  const request = { taskType: taskType.name, loanId: loan.id };
  const who = contacteeOf(customer);
  const plan = await planCadence(scope, who, request);
  if (plan.ok) await storeSchedule(scope, who, request, plan, { cadenceId: null, source: 'loan' });
  const messages = await storeMessageSchedules(scope, customer, request, 'loan');
  return plan.ok || messages > 0 ? 'started' : 'not_planned';
}

/** Cancels the loan's schedules, publishing `scheduled_call.updated` for each call cancelled (in the caller's transaction). */
async function cancelLoanSchedules(scope: ScheduleScope, ids: string[], at: string, reason: string): Promise<void> {
  const cancelled = await cancelPendingCallsOfSchedules(scope.db, scope.companyId, ids, at, reason);
  await cancelPendingMessagesOfSchedules(scope.db, scope.companyId, ids, at, reason);
  await cancelSchedulesById(scope.db, scope.companyId, ids, at);
  await publishEvents(
    scope.db,
    scope.companyId,
    cancelled.map((id) => scheduledCallUpdated(id, 'cancelled')),
    scope.now,
  );
}
