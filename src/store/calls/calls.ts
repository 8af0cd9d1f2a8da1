import type { Db } from '../shared/db.js';
import { keysetAt, keysetPage, whereAfter, type KeysetAfter, type KeysetPage } from '../shared/keyset.js';
import { fromJson, readInstant, readText } from '../shared/columns.js';
import { callFromRow, type ScheduledCallRow } from '../scheduled-calls/rows.js';

/** Provider call state, in order; a call only ever moves forward. */
export const CALL_STATES = ['registered', 'ongoing', 'ended', 'analyzed'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** The analysis values a call keeps (the voice port's OutcomeValues). */
export interface CallOutcomeValues {
  callbackTime: string | null;
  promiseAmount: number | null;
  promiseDate: string | null;
}

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
  /** The analysis values (callback time, promise), as the provider's analysis gave them (migration _042). */
  outcomeValues: CallOutcomeValues | null;
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
    transcript: readText(r.transcript) ?? '',
    summarization: readText(r.summarization) ?? '',
    flags: fromJson<string[]>(r.flags) ?? [],
    outcomeValues: fromJson<CallOutcomeValues>(r.outcome_values),
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

/**
 * Inserts the call records of scheduled calls that have none yet: ONE multi-row insert skipping
 * those that already have a record, then one read of the records that exist (keyed by scheduled call id).
 */
export async function insertCallsOnce(
  db: Db,
  calls: ReadonlyArray<NewCall & { companyId: string }>,
  at: string,
): Promise<Map<string, CallRow>> {
  if (!calls.length) return new Map();
  await db('calls')
    .insert(
      calls.map((call) => ({
        id: call.id,
        company_id: call.companyId,
        customer_id: call.customerId,
        scheduled_call_id: call.scheduledCallId,
        provider: call.provider,
        provider_call_id: call.providerCallId,
        to_phone_number: call.toPhoneNumber,
        from_phone_number: call.fromPhoneNumber,
        state: 'registered',
        timestamp: call.timestamp,
        transcript: '',
        summarization: '',
        flags: '[]',
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict('scheduled_call_id')
    .ignore();
  const rows = await db('calls').whereIn(
    ['company_id', 'scheduled_call_id'],
    calls.map((c) => [c.companyId, c.scheduledCallId]),
  );
  return new Map(rows.map((r: Record<string, unknown>) => [String(r.scheduled_call_id), fromRow(r)]));
}

const CALL_COLUMNS = [
  'id',
  'company_id',
  'customer_id',
  'scheduled_call_id',
  'provider',
  'provider_call_id',
  'to_phone_number',
  'from_phone_number',
  'state',
  'timestamp',
  'started_at',
  'ended_at',
  'duration_ms',
  'disconnection_reason',
  'answered_by',
  'transcript',
  'summarization',
  'flags',
  'provider_recording_url',
  'recording_key',
  'created_at',
  'updated_at',
] as const;

/** The select list of a `scheduled_calls sc` row joined with its `calls c` row (call columns prefixed). */
export const SCHEDULED_WITH_CALL = ['sc.*', ...CALL_COLUMNS.map((c) => `c.${c} as c__${c}`)];

export function scheduledWithCallFromRow(r: Record<string, unknown>): {
  scheduled: ScheduledCallRow;
  call: CallRow | null;
} {
  const call = Object.fromEntries(CALL_COLUMNS.map((c) => [c, r[`c__${c}`]]));
  return { scheduled: callFromRow(r), call: call.id === null || call.id === undefined ? null : fromRow(call) };
}

export async function getCall(db: Db, companyId: string, id: string): Promise<CallRow | null> {
  const r = await db<Record<string, unknown>>('calls').where({ company_id: companyId, id }).first();
  return r ? fromRow(r) : null;
}

/** Newest first, from `offset` or after a keyset position (index calls_customer_keyset). */
export async function listCustomerCalls(
  db: Db,
  companyId: string,
  customerId: string,
  limit: number,
  offset: number,
  after?: KeysetAfter,
): Promise<KeysetPage<CallRow>> {
  const q = db('calls')
    .select('*', keysetAt(db, 'timestamp'))
    .where({ company_id: companyId, customer_id: customerId })
    .orderBy([
      { column: 'timestamp', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit + 1)
    .offset(offset);
  // whereAfter hands back an untyped builder; the rows are `calls` rows plus keyset_at.
  const rows = (await whereAfter(db, q, 'timestamp', ['id'], 'desc', after)) as Array<Record<string, unknown>>;
  return keysetPage(rows, limit, ['id'], fromRow);
}

export type CallUpdate = Partial<
  Pick<
    CallRow,
    | 'state'
    | 'timestamp'
    | 'startedAt'
    | 'endedAt'
    | 'durationMs'
    | 'disconnectionReason'
    | 'answeredBy'
    | 'transcript'
    | 'summarization'
    | 'flags'
    | 'outcomeValues'
    | 'providerRecordingUrl'
    | 'fromPhoneNumber'
  >
>;

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
  if (u.outcomeValues !== undefined) columns.outcome_values = u.outcomeValues ? JSON.stringify(u.outcomeValues) : null;
  if (u.providerRecordingUrl !== undefined) columns.provider_recording_url = u.providerRecordingUrl;
  if (u.fromPhoneNumber !== undefined) columns.from_phone_number = u.fromPhoneNumber;
  await db('calls').where({ company_id: companyId, id }).update(columns);
}

export async function setRecordingKey(db: Db, companyId: string, id: string, key: string, at: string): Promise<void> {
  await db('calls').where({ company_id: companyId, id }).update({ recording_key: key, updated_at: at });
}

/**
 * Calls whose stored recording was made before `before` (any company), oldest first: what 12 CFR
 * 1006.100(b) no longer requires (three years after the call), for the retention sweep.
 */
export async function listExpiredRecordings(
  db: Db,
  before: string,
  limit: number,
): Promise<Array<{ companyId: string; id: string; recordingKey: string }>> {
  const rows = await db<Record<string, unknown>>('calls')
    .whereNotNull('recording_key')
    .where('timestamp', '<', before)
    .orderBy('timestamp')
    .limit(limit)
    .select('company_id', 'id', 'recording_key');
  return rows.map((r) => ({
    companyId: String(r.company_id),
    id: String(r.id),
    recordingKey: String(r.recording_key),
  }));
}

/** The call no longer has a stored recording (the store deleted it); not a change of the call, so updated_at stays. */
export async function clearRecordingKey(db: Db, companyId: string, id: string, key: string): Promise<void> {
  await db('calls').where({ company_id: companyId, id, recording_key: key }).update({ recording_key: null });
}

/** A call by id in any company: only for a signed recording link, which is its own authorization. */
export async function getCallUnscoped(db: Db, id: string): Promise<CallRow | null> {
  const r = await db<Record<string, unknown>>('calls').where({ id }).first();
  return r ? fromRow(r) : null;
}

/**
 * Removes the records of calls the provider ended without dialing for the account's sake (their
 * scheduled calls went back to pending: src/domain/calls/refusals.ts), with their events (cascade),
 * so the next dial of the same scheduled call gets its own record (one per scheduled call).
 */
export async function deleteNeverDialedCalls(db: Db, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db('calls')
    .whereIn('id', [...ids])
    .delete();
}
