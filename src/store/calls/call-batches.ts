import type { Db } from '../shared/db.js';
import { dialectOf } from '../shared/db.js';
import { type CallRow, SCHEDULED_WITH_CALL, scheduledWithCallFromRow, updateCall } from './calls.js';
import type { ScheduledCallRow } from '../scheduled-calls/rows.js';

/** What an advancing callback writes to its call: every column the provider's snapshot fills. */
export type CallAdvance = Pick<
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
>;

export interface ScheduledWithCall {
  scheduled: ScheduledCallRow;
  call: CallRow | null;
}

/** Any company's scheduled calls by id with their call records, if any, in ONE read (keyed by scheduled call id). */
export async function getScheduledCallsWithCalls(
  db: Db,
  scheduledCallIds: readonly string[],
): Promise<Map<string, ScheduledWithCall>> {
  if (!scheduledCallIds.length) return new Map();
  const rows = await db('scheduled_calls as sc')
    .leftJoin('calls as c', (j) => j.on('c.company_id', 'sc.company_id').andOn('c.scheduled_call_id', 'sc.id'))
    .whereIn('sc.id', [...new Set(scheduledCallIds)])
    .select(...SCHEDULED_WITH_CALL);
  return new Map(rows.map((r: Record<string, unknown>) => [String(r.id), scheduledWithCallFromRow(r)]));
}

/**
 * Locks these calls for the rest of the transaction (Postgres, in id order so two batches never
 * wait on each other crosswise) and reads them with their scheduled calls, in ONE statement.
 */
export async function lockCallsWithScheduled(
  db: Db,
  callIds: readonly string[],
): Promise<Map<string, { scheduled: ScheduledCallRow; call: CallRow }>> {
  if (!callIds.length) return new Map();
  const q = db('calls as c')
    .join('scheduled_calls as sc', (j) => j.on('sc.company_id', 'c.company_id').andOn('sc.id', 'c.scheduled_call_id'))
    .whereIn('c.id', [...new Set(callIds)])
    .orderBy('c.id')
    .select(...SCHEDULED_WITH_CALL);
  const rows = await (dialectOf(db) === 'pg' ? q.forUpdate('c') : q);
  const found = new Map<string, { scheduled: ScheduledCallRow; call: CallRow }>();
  for (const r of rows as Array<Record<string, unknown>>) {
    const { scheduled, call } = scheduledWithCallFromRow(r);
    if (call) found.set(scheduled.id, { scheduled, call });
  }
  return found;
}

export interface CallEventRecord {
  provider: string;
  eventId: string;
  callId: string;
  type: string;
  applied: boolean;
}

const eventKey = (provider: string, eventId: string) => `${provider} ${eventId}`;

/** The (`provider event_id`) keys among these already recorded in `call_events`, in ONE read. */
export async function recordedEventKeys(
  db: Db,
  events: ReadonlyArray<{ provider: string; eventId: string }>,
): Promise<Set<string>> {
  if (!events.length) return new Set();
  const rows = await db('call_events')
    .whereIn(
      ['provider', 'event_id'],
      events.map((e) => [e.provider, e.eventId]),
    )
    .select('provider', 'event_id');
  return new Set(rows.map((r: Record<string, unknown>) => eventKey(String(r.provider), String(r.event_id))));
}

/**
 * Records callback events as received in ONE statement: the keys (`provider event_id`) actually
 * inserted; an id already recorded (a redelivery) is skipped, its primary key decides. Call it in
 * the transaction that applies the events, holding their calls' locks (lockCallsWithScheduled).
 */
export async function recordEventsOnce(db: Db, events: readonly CallEventRecord[], at: string): Promise<Set<string>> {
  if (!events.length) return new Set();
  const rows = await db('call_events')
    .insert(
      events.map((e) => ({
        provider: e.provider,
        event_id: e.eventId,
        call_id: e.callId,
        type: e.type,
        applied: e.applied,
        received_at: at,
      })),
    )
    .onConflict(['provider', 'event_id'])
    .ignore()
    .returning(['provider', 'event_id']);
  return new Set((rows as Array<Record<string, unknown>>).map((r) => eventKey(String(r.provider), String(r.event_id))));
}

/** Writes each call's advance: ONE statement on Postgres; on SQLite (in-process) one per call, inside the caller's transaction. */
export async function advanceCalls(
  db: Db,
  advances: ReadonlyArray<{ companyId: string; id: string; advance: CallAdvance }>,
  at: string,
): Promise<void> {
  if (!advances.length) return;
  if (dialectOf(db) !== 'pg') {
    for (const a of advances) await updateCall(db, a.companyId, a.id, a.advance, at);
    return;
  }
  const json = JSON.stringify(
    advances.map(({ companyId, id, advance: u }) => ({
      company_id: companyId,
      id,
      state: u.state,
      timestamp: u.timestamp,
      started_at: u.startedAt,
      ended_at: u.endedAt,
      duration_ms: u.durationMs,
      disconnection_reason: u.disconnectionReason,
      answered_by: u.answeredBy,
      transcript: u.transcript,
      summarization: u.summarization,
      flags: u.flags,
      outcome_values: u.outcomeValues,
      provider_recording_url: u.providerRecordingUrl,
    })),
  );
  await db.raw(PG_ADVANCE, { json, at });
}

const PG_ADVANCE = `
UPDATE calls c SET state = v.state, "timestamp" = v."timestamp", started_at = v.started_at, ended_at = v.ended_at, duration_ms = v.duration_ms,
  disconnection_reason = v.disconnection_reason, answered_by = v.answered_by, transcript = v.transcript, summarization = v.summarization,
  flags = v.flags, outcome_values = v.outcome_values, provider_recording_url = v.provider_recording_url, updated_at = CAST(:at AS timestamptz)
FROM json_to_recordset(CAST(:json AS json)) AS v(company_id text, id text, state text, "timestamp" timestamptz, started_at timestamptz, ended_at timestamptz,
  duration_ms integer, disconnection_reason text, answered_by text, transcript text, summarization text, flags jsonb, outcome_values jsonb, provider_recording_url text)
WHERE c.company_id = v.company_id AND c.id = v.id`;
