import type { Db } from '../shared/db.js';
import { keysetAt, keysetPage, whereAfter, type KeysetAfter, type KeysetPage } from '../shared/keyset.js';
import { fromJson, type JsonColumn, readInstant, readText, toBool, toJson } from '../shared/columns.js';

/** pending → dialing → completed | failed | skipped; cancelled while pending (docs/partners/calls.md#scheduled-call-statuses). */
export type ScheduledCallStatus = 'pending' | 'dialing' | 'completed' | 'failed' | 'skipped' | 'cancelled';

export interface NewSchedule {
  id: string;
  customerId: string;
  cadenceId: string | null;
  source: 'enrollment' | 'replace' | 'integration' | 'loan';
  /** call, email or sms (default call). */
  channel?: 'call' | 'email' | 'sms';
  taskType: string;
  cadence: string;
  loanId: string | null;
  at: string;
}

/** Mirrors `scheduled_calls`, camel-cased. */
export interface ScheduledCallRow {
  id: string;
  companyId: string;
  customerId: string;
  scheduleId: string;
  loanId: string | null;
  taskType: string;
  purpose: string;
  scheduledTime: string;
  phoneNumber: string;
  transferDestination: string;
  step: string;
  stepIndex: number;
  fallback: boolean;
  status: ScheduledCallStatus;
  callId: string | null;
  postProcessingFlags: string[];
  explanation: unknown;
  createdAt: string;
  updatedAt: string;
  /** Dispatch (migration _006). */
  dialAttempts: number;
  dialedAt: string | null;
  provider: string | null;
  providerCallId: string | null;
  statusReason: string | null;
  /** Wall clock of the first dial lease (migration _020): the provider's calls since then may be this call's. */
  firstDialLeaseAt: string | null;
}

export type NewScheduledCall = Omit<
  ScheduledCallRow,
  | 'companyId'
  | 'status'
  | 'callId'
  | 'postProcessingFlags'
  | 'createdAt'
  | 'updatedAt'
  | 'dialAttempts'
  | 'dialedAt'
  | 'provider'
  | 'providerCallId'
  | 'statusReason'
  | 'firstDialLeaseAt'
>;

export function callFromRow(r: Record<string, unknown>): ScheduledCallRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    scheduleId: String(r.schedule_id),
    loanId: readText(r.loan_id),
    taskType: String(r.task_type),
    purpose: String(r.purpose),
    scheduledTime: readInstant(r.scheduled_time)!,
    phoneNumber: String(r.phone_number),
    transferDestination: String(r.transfer_destination),
    step: String(r.step),
    stepIndex: Number(r.step_index),
    fallback: toBool(r.fallback),
    status: r.status as ScheduledCallStatus,
    callId: readText(r.call_id),
    postProcessingFlags: fromJson<string[]>(r.post_processing_flags) ?? [],
    explanation: fromJson(r.explanation),
    createdAt: readInstant(r.created_at)!,
    updatedAt: readInstant(r.updated_at)!,
    dialAttempts: Number(r.dial_attempts ?? 0),
    dialedAt: readInstant(r.dialed_at),
    provider: readText(r.provider),
    providerCallId: readText(r.provider_call_id),
    statusReason: readText(r.status_reason),
    firstDialLeaseAt: readInstant(r.first_dial_lease_at),
  };
}

/** A new (active) schedule's row as every insert writes it (column names as keys). */
export function scheduleInsertRow(companyId: string, s: NewSchedule): Record<string, unknown> {
  return {
    id: s.id,
    company_id: companyId,
    customer_id: s.customerId,
    cadence_id: s.cadenceId,
    channel: s.channel ?? 'call',
    source: s.source,
    task_type: s.taskType,
    cadence: s.cadence,
    loan_id: s.loanId,
    status: 'active',
    created_at: s.at,
    updated_at: s.at,
  };
}

export async function insertSchedule(db: Db, companyId: string, s: NewSchedule): Promise<void> {
  await db('schedules').insert(scheduleInsertRow(companyId, s));
}

/** A new (pending) scheduled call's row as every insert writes it (column names as keys). */
export function scheduledCallInsertRow(
  companyId: string,
  c: NewScheduledCall,
  at: string,
  json: JsonColumn = toJson,
): Record<string, unknown> {
  return {
    id: c.id,
    company_id: companyId,
    customer_id: c.customerId,
    schedule_id: c.scheduleId,
    loan_id: c.loanId,
    task_type: c.taskType,
    purpose: c.purpose,
    scheduled_time: c.scheduledTime,
    phone_number: c.phoneNumber,
    transfer_destination: c.transferDestination,
    step: c.step,
    step_index: c.stepIndex,
    fallback: c.fallback,
    status: 'pending',
    call_id: null,
    post_processing_flags: json([]),
    explanation: json(c.explanation),
    created_at: at,
    updated_at: at,
  };
}

export async function insertScheduledCalls(
  db: Db,
  companyId: string,
  calls: NewScheduledCall[],
  at: string,
): Promise<void> {
  if (calls.length === 0) return;
  await db('scheduled_calls').insert(calls.map((c) => scheduledCallInsertRow(companyId, c, at)));
}

/** Attempts that count toward frequency caps: every call not cancelled or skipped, from `since` on (including future pending ones). */
export async function listContactHistory(
  db: Db,
  companyId: string,
  customerId: string,
  since: string,
): Promise<ScheduledCallRow[]> {
  const rows = await db('scheduled_calls')
    .where({ company_id: companyId, customer_id: customerId })
    .whereNotIn('status', ['cancelled', 'skipped'])
    .andWhere('scheduled_time', '>=', since)
    .orderBy('scheduled_time');
  return rows.map(callFromRow);
}

/** listContactHistory for several customers in one read. */
export async function listContactHistoryOf(
  db: Db,
  keys: ReadonlyArray<{ companyId: string; customerId: string }>,
  since: string,
): Promise<ScheduledCallRow[]> {
  if (!keys.length) return [];
  const rows = await db('scheduled_calls')
    .whereIn(
      ['company_id', 'customer_id'],
      keys.map((k) => [k.companyId, k.customerId]),
    )
    .whereNotIn('status', ['cancelled', 'skipped'])
    .andWhere('scheduled_time', '>=', since)
    .orderBy('scheduled_time');
  return rows.map(callFromRow);
}

/** By scheduled time, from `offset` or after a keyset position (index scheduled_calls_customer_keyset). */
export async function listScheduledCalls(
  db: Db,
  companyId: string,
  customerId: string,
  limit: number,
  offset: number,
  after?: KeysetAfter,
): Promise<KeysetPage<ScheduledCallRow>> {
  const q = db('scheduled_calls')
    .select('*', keysetAt(db, 'scheduled_time'))
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy([{ column: 'scheduled_time' }, { column: 'step_index' }, { column: 'id' }])
    .limit(limit + 1)
    .offset(offset);
  return keysetPage(
    await whereAfter(db, q, 'scheduled_time', ['step_index', 'id'], 'asc', after),
    limit,
    ['step_index', 'id'],
    callFromRow,
  );
}

export async function getScheduledCall(db: Db, companyId: string, id: string): Promise<ScheduledCallRow | null> {
  const r = await db('scheduled_calls').where({ company_id: companyId, id }).first();
  return r ? callFromRow(r) : null;
}

/** The cadence's schedule that is still active, with its calls in time order. */
export async function activeScheduleOfCadence(
  db: Db,
  companyId: string,
  cadenceId: string,
): Promise<{ scheduleId: string; calls: ScheduledCallRow[] } | null> {
  const s = await db('schedules')
    .where({ company_id: companyId, cadence_id: cadenceId, status: 'active' })
    .orderBy('created_at', 'desc')
    .first('id');
  if (!s) return null;
  const rows = await db('scheduled_calls')
    .where({ company_id: companyId, schedule_id: s.id })
    .orderBy([{ column: 'scheduled_time' }, { column: 'step_index' }]);
  return { scheduleId: String(s.id), calls: rows.map(callFromRow) };
}

/**
 * Cancels the customer's active schedules (of the given channels, default all) and their pending
 * calls, with `reason` (calls already in progress or done are left as they are). Returns the numbers cancelled and
 * the ids of the cancelled schedules (their pending messages are cancelled by the caller).
 */
export async function cancelActiveSchedules(
  db: Db,
  companyId: string,
  customerId: string,
  at: string,
  reason: string,
  channels?: string[],
): Promise<{ schedules: number; calls: number; scheduleIds: string[] }> {
  const scope = (q: ReturnType<Db>) => (channels ? q.whereIn('channel', channels) : q);
  const active = scope(
    db('schedules').where({ company_id: companyId, customer_id: customerId, status: 'active' }),
  ).select('id');
  const calls = await db('scheduled_calls')
    .where({ company_id: companyId, customer_id: customerId, status: 'pending' })
    .whereIn('schedule_id', active)
    .update({ status: 'cancelled', status_reason: reason, updated_at: at });
  const ids = (
    await scope(db('schedules').where({ company_id: companyId, customer_id: customerId, status: 'active' })).select(
      'id',
    )
  ).map((r: { id: unknown }) => String(r.id));
  if (ids.length === 0) return { schedules: 0, calls, scheduleIds: [] };
  const schedules = await db('schedules')
    .where({ company_id: companyId, status: 'active' })
    .whereIn('id', ids)
    .update({ status: 'cancelled', cancelled_at: at, updated_at: at });
  return { schedules, calls, scheduleIds: ids };
}

/** Ids of the customer's pending calls (read before cancelling them, to report each change). */
export async function pendingCallIds(db: Db, companyId: string, customerId: string): Promise<string[]> {
  return (
    await db('scheduled_calls')
      .where({ company_id: companyId, customer_id: customerId, status: 'pending' })
      .select('id')
  ).map((r) => String(r.id));
}

/** Cancels every pending call of the customer, whatever its schedule (a contact restriction stops all outreach). */
export async function cancelPendingCalls(
  db: Db,
  companyId: string,
  customerId: string,
  at: string,
  reason: string,
): Promise<number> {
  return db('scheduled_calls')
    .where({ company_id: companyId, customer_id: customerId, status: 'pending' })
    .update({ status: 'cancelled', status_reason: reason, updated_at: at });
}

/** Records the outcome of an executed call (used by call dispatch, and by tests to build history). */
export async function recordCallOutcome(
  db: Db,
  companyId: string,
  id: string,
  outcome: { status: ScheduledCallStatus; callId?: string | null; flags?: string[] },
  at: string,
): Promise<boolean> {
  const n = await db('scheduled_calls')
    .where({ company_id: companyId, id })
    .update({
      status: outcome.status,
      call_id: outcome.callId ?? null,
      post_processing_flags: toJson(outcome.flags ?? []),
      updated_at: at,
    });
  return n > 0;
}
