import type { CustomerRow } from '../borrowers/borrowers.js';
import { DateTime } from 'luxon';
import {
  planEnrollment,
  type ContactAttempt,
  type CustomerContact,
  type Decision,
  type PlanResult,
  type PlannedCall,
  type SchedulerConfig,
} from '../../scheduler/index.js';
import { cancelActiveCadences } from '../../store/planning/cadences.js';
import { listActiveRestrictions, listOutsideContactsOf, type OutsideContactRow } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import {
  cancelPendingMessages,
  listSentMessagesOf,
  type SentMessage,
} from '../scheduled-messages/scheduled-messages.js';
import {
  activeScheduleIds,
  cancelSchedulesById,
  insertSchedule,
  type NewSchedule,
} from '../../store/planning/schedules.js';
import {
  cancelPendingCalls,
  cancelPendingCallsOfSchedules,
  insertScheduledCalls,
  listContactHistory,
  type NewScheduledCall,
  pendingCallIds,
} from '../scheduled-calls/scheduled-calls.js';
import { publishEvents } from '../webhooks/publish.js';

// What other capabilities read and write of planning's tables, through planning.
export {
  activeScheduleIdOfCadence,
  cancelSchedulesById,
  completeSchedule,
  getSchedule,
} from '../../store/planning/schedules.js';
export { activeLoanSchedules } from '../../store/planning/loan-schedules.js';
import { LANGUAGE_FALLBACK_RULE, resolveLanguage } from '../shared/language.js';
import type { CompanyConfig } from '../shared/company-config.js';
import { schedulerConfigFor } from './scheduler-config.js';
import { callAttempts, historySince, messageAttempts, outsideAttempts } from './contact-history.js';
import { scheduledCallUpdated } from './call-status-events.js';
import { newId } from '../shared/ids.js';

export interface ScheduleScope {
  db: Db;
  companyId: string;
  config: CompanyConfig;
  now: Date;
}

/** Who is called: the stored customer's contact data (plus a mobile number the request supplied). */
export interface Contactee {
  customerId: string;
  timezone: string;
  state: string | null;
  phoneNumber: string | null;
  mobilePhone: string | null;
  externalMetadata: Record<string, unknown> | null;
  doNotCall: boolean;
  /** Address city and ZIP: place a customer in a city with its own rules (New York City); optional. */
  city?: string | null;
  zipCode?: string | null;
  /** The customer's language tag (BCP 47), when it has one: a fallback from it is noted on each call. */
  language?: string | null;
}

/** The stored customer as the scheduler sees them. */
export function contacteeOf(customer: CustomerRow): Contactee {
  return {
    customerId: customer.id,
    timezone: customer.timezone ?? '',
    state: customer.state,
    phoneNumber: customer.phoneNumber,
    mobilePhone: null,
    externalMetadata: customer.externalMetadata,
    doNotCall: customer.doNotCall,
    city: customer.city,
    zipCode: customer.zipCode,
    language: customer.language,
  };
}

export interface CadenceRequest {
  taskType: string;
  loanId: string | null;
  daysSincePaidOff?: number;
  daysInApplied?: number;
  oneOff?: boolean;
  /** Plans with this scheduler configuration instead of the company's (legacy integrations add their task types). */
  scheduler?: SchedulerConfig;
  /** The task type recorded on the calls when it differs from the scheduler's (an integration's catalog task type). */
  recordedTaskType?: string;
}

export type ScheduleSource = 'enrollment' | 'replace' | 'integration' | 'loan' | 'payment_link';

/**
 * Plans a cadence with the pure scheduler, against the customer's active contact restrictions and
 * the calls already stored for them (past outcomes and future pending calls count toward caps).
 */
export async function planCadence(scope: ScheduleScope, who: Contactee, request: CadenceRequest): Promise<PlanResult> {
  const since = historySince(scope.config, scope.now);
  // Sequential on purpose: scope.db may be a transaction, whose one connection runs one query at a time.
  const restrictions = await listActiveRestrictions(scope.db, scope.companyId, who.customerId);
  const calls = await listContactHistory(scope.db, scope.companyId, who.customerId, since);
  const key = [{ companyId: scope.companyId, customerId: who.customerId }];
  const messages = await listSentMessagesOf(scope.db, key, since);
  const outside = await listOutsideContactsOf(scope.db, key, since);
  return planWithHistory(scope, who, request, restrictions, calls, messages, outside);
}

/** Plans for a customer nothing is stored about yet: no restriction and no call can exist, so none are read. */
export function planForNewCustomer(scope: ScheduleScope, who: Contactee, request: CadenceRequest): PlanResult {
  return planWithHistory(scope, who, request, [], [], [], []);
}

function planWithHistory(
  scope: ScheduleScope,
  who: Contactee,
  request: CadenceRequest,
  restrictions: Awaited<ReturnType<typeof listActiveRestrictions>>,
  calls: Awaited<ReturnType<typeof listContactHistory>>,
  messages: SentMessage[],
  outside: OutsideContactRow[],
): PlanResult {
  const customer: CustomerContact = {
    id: who.customerId,
    timezone: who.timezone,
    state: who.state,
    city: who.city,
    zipCode: who.zipCode,
    phoneNumber: who.phoneNumber,
    mobilePhone: who.mobilePhone,
    externalMetadata: who.externalMetadata,
    doNotCall: who.doNotCall,
    restrictions: restrictions.map((r) => ({ kind: r.kind, loanId: r.loanId, since: r.createdAt })),
  };
  // Sent texts and emails count toward the cross-channel caps (940 CMR 7.04(1)(f), NYC, WA); the
  // lender's own contacts toward every rule.
  const history: ContactAttempt[] = [...callAttempts(calls), ...messageAttempts(messages), ...outsideAttempts(outside)];
  return planEnrollment(
    {
      taskType: request.taskType,
      loanId: request.loanId,
      daysSincePaidOff: request.daysSincePaidOff,
      daysInApplied: request.daysInApplied,
      oneOff: request.oneOff,
      customer,
      history,
    },
    request.scheduler ?? schedulerConfigFor(scope.config),
    DateTime.fromJSDate(scope.now, { zone: 'utc' }),
  );
}

export interface StoredSchedule {
  scheduleId: string;
  /** In scheduled-time order; the first is the receipt's scheduledCallId. */
  calls: Array<{ id: string; scheduledTime: string }>;
}

/** A successful plan as the rows of a schedule and its pending calls (ids assigned, nothing written). */
export interface ScheduleRows {
  schedule: NewSchedule;
  /** In scheduled-time order. */
  calls: NewScheduledCall[];
}

export function scheduleRows(
  scope: ScheduleScope,
  who: Contactee,
  request: CadenceRequest,
  plan: Extract<PlanResult, { ok: true }>,
  owner: { cadenceId: string | null; source: ScheduleSource },
): ScheduleRows {
  const at = scope.now.toISOString();
  const scheduleId = newId();
  const schedule: NewSchedule = {
    id: scheduleId,
    customerId: who.customerId,
    cadenceId: owner.cadenceId,
    source: owner.source,
    taskType: request.recordedTaskType ?? request.taskType,
    cadence: plan.cadence,
    loanId: request.loanId,
    at,
  };
  const sorted = [...plan.calls].sort(
    (a, b) => a.scheduledTime.localeCompare(b.scheduledTime) || a.stepIndex - b.stepIndex,
  );
  // A language tag that names no supported language: each call notes the fallback (its `languageReason`).
  const { fallback } = resolveLanguage(who.language, scope.config);
  const note: Decision[] = fallback
    ? [{ rule: LANGUAGE_FALLBACK_RULE.rule, source: LANGUAGE_FALLBACK_RULE.source, effect: 'note', message: fallback }]
    : [];
  const calls = sorted.map((call: PlannedCall): NewScheduledCall => ({
    id: newId(),
    customerId: who.customerId,
    scheduleId,
    loanId: request.loanId,
    taskType: request.recordedTaskType ?? request.taskType,
    purpose: plan.purpose,
    scheduledTime: call.scheduledTime,
    phoneNumber: call.phoneNumber,
    transferDestination: call.transferDestination,
    step: call.step,
    stepIndex: call.stepIndex,
    fallback: call.fallback,
    explanation: note.length ? [...call.explanation, ...note] : call.explanation,
  }));
  return { schedule, calls };
}

export function storedSchedule(rows: ScheduleRows): StoredSchedule {
  return { scheduleId: rows.schedule.id, calls: rows.calls.map((r) => ({ id: r.id, scheduledTime: r.scheduledTime })) };
}

/** Writes a successful plan as a schedule with its pending calls. */
export async function storeSchedule(
  scope: ScheduleScope,
  who: Contactee,
  request: CadenceRequest,
  plan: Extract<PlanResult, { ok: true }>,
  owner: { cadenceId: string | null; source: ScheduleSource },
): Promise<StoredSchedule> {
  const rows = scheduleRows(scope, who, request, plan, owner);
  await insertSchedule(scope.db, scope.companyId, rows.schedule);
  await insertScheduledCalls(scope.db, scope.companyId, rows.calls, rows.schedule.at);
  return storedSchedule(rows);
}

/**
 * Stops the customer's outreach: active schedules and every pending call are cancelled, and active
 * enrollment cadences end as cancelled (a contact restriction, or a replacement sync rebuilding them).
 * `calls` stops telephone outreach only (Do Not Call): email and SMS schedules keep going. Every
 * call and message it cancels keeps `reason` (why, for support; not part of the partner contract).
 */
export async function stopOutreach(
  db: Db,
  companyId: string,
  customerId: string,
  at: string,
  reason: string,
  scope: 'all' | 'calls' = 'all',
): Promise<{ calls: number; emails: number; texts: number }> {
  // Every pending call of the customer is cancelled below: each is a `scheduled_call.updated` event.
  const cancelled = await pendingCallIds(db, companyId, customerId);
  const scheduleIds = await activeScheduleIds(db, companyId, customerId, scope === 'calls' ? ['call'] : undefined);
  const calls = (await cancelPendingCallsOfSchedules(db, companyId, scheduleIds, at, reason, customerId)).length;
  await cancelSchedulesById(db, companyId, scheduleIds, at);
  const stray = await cancelPendingCalls(db, companyId, customerId, at, reason);
  await cancelActiveCadences(db, companyId, customerId, at);
  const emails =
    scope === 'all' ? await cancelPendingMessages(db, companyId, customerId, at, { channels: ['email'], reason }) : 0;
  const texts =
    scope === 'all' ? await cancelPendingMessages(db, companyId, customerId, at, { channels: ['sms'], reason }) : 0;
  const events = cancelled.map((id) => scheduledCallUpdated(id, 'cancelled'));
  await publishEvents(db, companyId, events, new Date(at));
  return { calls: calls + stray, emails, texts };
}
