import { type CallAdvance, type CallEventRecord, lockCallsWithScheduled, recordedEventKeys, recordEventsOnce, advanceCalls } from '../../store/calls/call-batches.js';
import { markInboxApplied } from '../../store/calls/callback-inbox.js';
import type { CallRow } from '../../store/calls/calls.js';
import type { ScheduledCallRow } from '../../store/planning/schedules.js';
import type { VoiceEvent } from '../ports/voice-provider.js';
import { type CallServices, CLAIM_SIGNAL } from './call-services.js';
import { decideCallEvent } from './call-event-rules.js';
import { completeCalls } from './complete-call.js';
import { RECORDING_JOB, RECORDING_QUEUE, type RecordingMessage } from './recordings.js';

/** One claimed inbox row, its event read. */
export interface ClaimedEvent {
  seq: number;
  provider: string;
  event: VoiceEvent;
}

/** What a batch does, decided in memory from the locked calls (planCallEvents). */
export interface BatchPlan {
  /** Inbox seq → applied | stale | duplicate | unknown_call. */
  outcomes: Map<number, string>;
  events: CallEventRecord[];
  advances: Array<{ companyId: string; id: string; advance: CallAdvance }>;
  /** Calls that reached `analyzed` in this batch, with their final record. */
  completions: Array<{ scheduled: ScheduledCallRow; call: CallRow }>;
  recordings: RecordingMessage[];
}

/**
 * Applies the events of each call in receipt order, exactly as applyVoiceEvent would one after
 * another (decideCallEvent on the state the previous event left), but only in memory: an event id
 * already in `recorded` (and the first of a pair within the batch) is a duplicate; a call missing
 * from `locked` makes its events unknown. Each call's final record is written once.
 */
export function planCallEvents(
  byScheduledCall: ReadonlyMap<string, readonly ClaimedEvent[]>,
  locked: ReadonlyMap<string, { scheduled: ScheduledCallRow; call: CallRow }>,
  recorded: ReadonlySet<string>,
): BatchPlan {
  const plan: BatchPlan = { outcomes: new Map(), events: [], advances: [], completions: [], recordings: [] };
  const seen = new Set(recorded);
  for (const [scheduledCallId, rows] of byScheduledCall) {
    const found = locked.get(scheduledCallId);
    let call = found?.call ?? null;
    let changed = false;
    for (const row of rows) {
      const decision = found && call ? decideCallEvent(found.scheduled, call, row.provider, row.event) : null;
      if (!decision || decision.kind === 'unknown_call' || decision.kind === 'record_call_first') {
        plan.outcomes.set(row.seq, 'unknown_call');
        continue;
      }
      const key = `${row.provider} ${row.event.eventId}`;
      if (seen.has(key)) {
        plan.outcomes.set(row.seq, 'duplicate');
        continue;
      }
      seen.add(key);
      const forward = decision.kind === 'advance';
      plan.events.push({ provider: row.provider, eventId: row.event.eventId, callId: call!.id, type: row.event.type, applied: forward });
      plan.outcomes.set(row.seq, forward ? 'applied' : 'stale');
      if (decision.kind === 'advance') {
        call = { ...call!, ...decision.update };
        changed = true;
      }
    }
    if (!found || !call || !changed) continue;
    const { state, timestamp, startedAt, endedAt, durationMs, disconnectionReason, answeredBy, transcript, summarization, flags, providerRecordingUrl } = call;
    plan.advances.push({
      companyId: found.scheduled.companyId, id: call.id,
      advance: { state, timestamp, startedAt, endedAt, durationMs, disconnectionReason, answeredBy, transcript, summarization, flags, providerRecordingUrl },
    });
    // Only an event of this batch moves a call to analyzed (an analyzed call never changes again).
    if (state === 'analyzed') {
      plan.completions.push({ scheduled: found.scheduled, call });
      if (providerRecordingUrl) plan.recordings.push({ companyId: found.scheduled.companyId, callId: call.id });
    }
  }
  return plan;
}

/**
 * Applies the events of calls that have a call record in ONE transaction, whatever their number:
 * the calls locked and read (one statement), their events' ids checked (one read), every event
 * recorded (one insert), every call advanced (one update on Postgres), each completed call
 * completed (completeCalls, grouped), the recordings enqueued (one enqueue) and the inbox rows marked, so the
 * marks commit exactly with what they record. A second apply (after a crash before the marks were
 * seen) finds every event recorded: all duplicates, nothing changes. Returns the outcomes.
 */
export async function applyCallBatch(s: CallServices, byScheduledCall: ReadonlyMap<string, readonly ClaimedEvent[]>, callIds: readonly string[]): Promise<Map<number, string>> {
  const now = s.now();
  const at = now.toISOString();
  const plan = await s.db.transaction(async (trx) => {
    const locked = await lockCallsWithScheduled(trx, callIds);
    const rows = [...byScheduledCall.values()].flat();
    const recorded = await recordedEventKeys(trx, rows.map((r) => ({ provider: r.provider, eventId: r.event.eventId })));
    const plan = planCallEvents(byScheduledCall, locked, recorded);
    const inserted = await recordEventsOnce(trx, plan.events, at);
    // Every writer of a call's events holds its lock, so this cannot happen; if it does, the batch is retried.
    if (inserted.size !== plan.events.length) throw new Error('call events were recorded concurrently; the batch is retried');
    await advanceCalls(trx, plan.advances, at);
    await completeCalls(trx, plan.completions, now);
    if (plan.recordings.length) await s.queue.enqueue(trx, RECORDING_QUEUE, plan.recordings, RECORDING_JOB);
    await markInboxApplied(trx, plan.outcomes, at);
    return plan;
  });
  if (plan.completions.length) {
    s.queue.wake(RECORDING_QUEUE);
    s.queue.wake(CLAIM_SIGNAL);
  }
  return plan.outcomes;
}
