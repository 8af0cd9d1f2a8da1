import type { Db } from '../shared/db.js';
import { fromJson, readInstant, readText } from '../shared/columns.js';
import { callFromRow, type ScheduledCallRow } from '../planning/schedules.js';

/** Provider call state, in order; a call only ever moves forward. */
export const CALL_STATES = ['registered', 'ongoing', 'ended', 'analyzed'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** Mirrors `calls`, camel-cased. */
export interface CallRow {
  id: string;
  companyId: string;
  customerId: string;
  scheduledCallId: string;
  provider: string;
  providerCallId: string;
  toPhoneNumber: string;
  fromPhoneNumber: string | null;
  state: CallState;
  timestamp: string;
  startedAt: string | null;
  endedAt: string | null;
  durationMs: number | null;
  disconnectionReason: string | null;
  answeredBy: string | null;
  transcript: string;
  summarization: string;
  flags: string[];
  providerRecordingUrl: string | null;
  recordingKey: string | null;
  createdAt: string;
  updatedAt: string;
}

function fromRow(r: Record<string, unknown>): CallRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    scheduledCallId: String(r.scheduled_call_id),
    provider: String(r.provider),
    providerCallId: String(r.provider_call_id),
    toPhoneNumber: String(r.to_phone_number),
    fromPhoneNumber: readText(r.from_phone_number),
    state: r.state as CallState,
    timestamp: readInstant(r.timestamp)!,
    startedAt: readInstant(r.started_at),
    endedAt: readInstant(r.ended_at),
    durationMs: r.duration_ms === null || r.duration_ms === undefined ? null : Number(r.duration_ms),
    disconnectionReason: readText(r.disconnection_reason),
    answeredBy: readText(r.answered_by),
    transcript: String(r.transcript ?? ''),
    summarization: String(r.summarization ?? ''),
    flags: fromJson<string[]>(r.flags) ?? [],
    providerRecordingUrl: readText(r.provider_recording_url),
    recordingKey: readText(r.recording_key),
    createdAt: readInstant(r.created_at)!,
    updatedAt: readInstant(r.updated_at)!,
  };
}

export interface NewCall {
  id: string;
  customerId: string;
  scheduledCallId: string;
  provider: string;
  providerCallId: string;
  toPhoneNumber: string;
  fromPhoneNumber: string | null;
  timestamp: string;
}

/** Inserts the call record unless the scheduled call already has one; returns the record that exists. */
export async function insertCallOnce(db: Db, companyId: string, call: NewCall, at: string): Promise<CallRow> {
  await db('calls')
    .insert({
      id: call.id, company_id: companyId, customer_id: call.customerId, scheduled_call_id: call.scheduledCallId, provider: call.provider,
      provider_call_id: call.providerCallId, to_phone_number: call.toPhoneNumber, from_phone_number: call.fromPhoneNumber, state: 'registered',
      timestamp: call.timestamp, transcript: '', summarization: '', flags: '[]', created_at: at, updated_at: at,
    })
    .onConflict('scheduled_call_id')
    .ignore();
  return (await getCallOfScheduledCall(db, companyId, call.scheduledCallId))!;
}

/**
 * insertCallOnce for several scheduled calls: ONE multi-row insert skipping those that already have
 * a record, then one read of the records that exist (keyed by scheduled call id).
 */
export async function insertCallsOnce(db: Db, calls: ReadonlyArray<NewCall & { companyId: string }>, at: string): Promise<Map<string, CallRow>> {
  if (!calls.length) return new Map();
  await db('calls')
    .insert(calls.map((call) => ({
      id: call.id, company_id: call.companyId, customer_id: call.customerId, scheduled_call_id: call.scheduledCallId, provider: call.provider,
      provider_call_id: call.providerCallId, to_phone_number: call.toPhoneNumber, from_phone_number: call.fromPhoneNumber, state: 'registered',
      timestamp: call.timestamp, transcript: '', summarization: '', flags: '[]', created_at: at, updated_at: at,
    })))
    .onConflict('scheduled_call_id')
    .ignore();
  const rows = await db('calls').whereIn(['company_id', 'scheduled_call_id'], calls.map((c) => [c.companyId, c.scheduledCallId]));
  return new Map(rows.map((r: Record<string, unknown>) => [String(r.scheduled_call_id), fromRow(r)]));
}

export async function getCallOfScheduledCall(db: Db, companyId: string, scheduledCallId: string): Promise<CallRow | null> {
  const r = await db('calls').where({ company_id: companyId, scheduled_call_id: scheduledCallId }).first();
  return r ? fromRow(r) : null;
}

const CALL_COLUMNS = [
  'id', 'company_id', 'customer_id', 'scheduled_call_id', 'provider', 'provider_call_id', 'to_phone_number', 'from_phone_number', 'state', 'timestamp',
  'started_at', 'ended_at', 'duration_ms', 'disconnection_reason', 'answered_by', 'transcript', 'summarization', 'flags', 'provider_recording_url',
  'recording_key', 'created_at', 'updated_at',
] as const;

/**
 * Any company's scheduled call by id with its call record, if any, in ONE read (a callback names
 * the scheduled call in its metadata; the company comes from the row).
 */
export async function getScheduledCallWithCall(db: Db, scheduledCallId: string): Promise<{ scheduled: ScheduledCallRow; call: CallRow | null } | null> {
  const r = await db('scheduled_calls as sc')
    .leftJoin('calls as c', (j) => j.on('c.company_id', 'sc.company_id').andOn('c.scheduled_call_id', 'sc.id'))
    .where('sc.id', scheduledCallId)
    .select(...SCHEDULED_WITH_CALL)
    .first();
  return r ? scheduledWithCallFromRow(r) : null;
}

/** The select list of a `scheduled_calls sc` row joined with its `calls c` row (call columns prefixed). */
export const SCHEDULED_WITH_CALL = ['sc.*', ...CALL_COLUMNS.map((c) => `c.${c} as c__${c}`)];

export function scheduledWithCallFromRow(r: Record<string, unknown>): { scheduled: ScheduledCallRow; call: CallRow | null } {
  const call = Object.fromEntries(CALL_COLUMNS.map((c) => [c, r[`c__${c}`]]));
  return { scheduled: callFromRow(r), call: call.id === null || call.id === undefined ? null : fromRow(call) };
}

/** Locks the call row for the rest of the transaction (Postgres), so events of one call apply one at a time. */
export async function getCallForUpdate(db: Db, companyId: string, id: string): Promise<CallRow | null> {
  const q = db('calls').where({ company_id: companyId, id });
  const r = await (db.client.config.client === 'pg' ? q.forUpdate() : q).first();
  return r ? fromRow(r) : null;
}

export async function getCall(db: Db, companyId: string, id: string): Promise<CallRow | null> {
  const r = await db('calls').where({ company_id: companyId, id }).first();
  return r ? fromRow(r) : null;
}

/** Newest first. */
export async function listCustomerCalls(db: Db, companyId: string, customerId: string, limit: number, offset: number): Promise<CallRow[]> {
  const rows = await db('calls')
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy([{ column: 'timestamp', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(limit)
    .offset(offset);
  return rows.map(fromRow);
}

export type CallUpdate = Partial<Pick<CallRow,
  'state' | 'timestamp' | 'startedAt' | 'endedAt' | 'durationMs' | 'disconnectionReason' | 'answeredBy' | 'transcript' | 'summarization' | 'flags' | 'providerRecordingUrl' | 'fromPhoneNumber'>>;

export async function updateCall(db: Db, companyId: string, id: string, u: CallUpdate, at: string): Promise<void> {
  const columns: Record<string, unknown> = { updated_at: at };
  if (u.state !== undefined) columns.state = u.state;
  if (u.timestamp !== undefined) columns.timestamp = u.timestamp;
  if (u.startedAt !== undefined) columns.started_at = u.startedAt;
  if (u.endedAt !== undefined) columns.ended_at = u.endedAt;
  if (u.durationMs !== undefined) columns.duration_ms = u.durationMs;
  if (u.disconnectionReason !== undefined) columns.disconnection_reason = u.disconnectionReason;
  if (u.answeredBy !== undefined) columns.answered_by = u.answeredBy;
  if (u.transcript !== undefined) columns.transcript = u.transcript;
  if (u.summarization !== undefined) columns.summarization = u.summarization;
  if (u.flags !== undefined) columns.flags = JSON.stringify(u.flags);
  if (u.providerRecordingUrl !== undefined) columns.provider_recording_url = u.providerRecordingUrl;
  if (u.fromPhoneNumber !== undefined) columns.from_phone_number = u.fromPhoneNumber;
  await db('calls').where({ company_id: companyId, id }).update(columns);
}

export async function setRecordingKey(db: Db, companyId: string, id: string, key: string, at: string): Promise<void> {
  await db('calls').where({ company_id: companyId, id }).update({ recording_key: key, updated_at: at });
}

/**
 * Records a callback event as received: false when this provider's event id was already recorded
 * (a redelivery). The primary key decides, so two concurrent deliveries cannot both pass; call it
 * inside the transaction that applies the event.
 */
export async function recordEventOnce(
  db: Db, event: { provider: string; eventId: string; callId: string; type: string; applied: boolean }, at: string,
): Promise<boolean> {
  const rows = await db('call_events')
    .insert({ provider: event.provider, event_id: event.eventId, call_id: event.callId, type: event.type, applied: event.applied, received_at: at })
    .onConflict(['provider', 'event_id'])
    .ignore()
    .returning('event_id');
  return rows.length > 0;
}

/** A call by id in any company: only for a signed recording link, which is its own authorization. */
export async function getCallUnscoped(db: Db, id: string): Promise<CallRow | null> {
  const r = await db('calls').where({ id }).first();
  return r ? fromRow(r) : null;
}
