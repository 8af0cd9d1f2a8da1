import {
  type CallAdvance,
  type CallEventRecord,
  getScheduledCallsWithCalls,
  lockCallsWithScheduled,
  recordedEventKeys,
  recordEventsOnce,
  advanceCalls,
  type ScheduledWithCall,
} from '../../store/calls/call-batches.js';
import { markInboxApplied } from '../../store/calls/callback-inbox.js';
import { transferStepsOf } from '../../store/calls/call-transfers.js';
import type { Db } from '../../store/shared/db.js';
import { noteReconciledCompletions } from '../scheduled-calls/scheduled-calls.js';
import type { CallRow } from '../../store/calls/calls.js';
import type { ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import type { VoiceEvent } from '../ports/voice-provider.js';
import { type CallServices, CLAIM_SIGNAL } from './call-services.js';
import { decideCallEvent } from './call-event-rules.js';
import { transferFlags } from './call-transfers.js';
import { completeCalls } from './complete-call.js';
import { type PlacedAnswer, recordPlacedCalls } from './placed-calls.js';
import { RECORDING_JOB, RECORDING_QUEUE, type RecordingMessage } from './recordings.js';
import { announceAlerts, neverDialedOf, refusalSettingsOf, requeueNeverDialed } from './refusals.js';

/**
 * One provider event to apply: a callback from the inbox (`seq` is its inbox row) or a synthetic
 * event of the reconciliation sweep (`seq` only keys its outcome, and `completionReason` is the
 * sweep's note on the scheduled call when this event completes it).
 */
export interface EventToApply {
  seq: number;
  provider: string;
  event: VoiceEvent;
  completionReason?: string;
}

/** What applying an event did (an inbox row's outcome). */
export type EventOutcome = 'applied' | 'stale' | 'duplicate' | 'unknown_call';

/** What a set of events does, decided in memory from the locked calls (planCallEvents). */
export interface BatchPlan {
  /** Event seq → outcome. */
  outcomes: Map<number, EventOutcome>;
  events: CallEventRecord[];
  advances: Array<{ companyId: string; id: string; advance: CallAdvance }>;
  /** Calls that reached `analyzed` in this set, with their final record and the note of the event that completed them, if any. */
  completions: Array<{ scheduled: ScheduledCallRow; call: CallRow; reason?: string }>;
  recordings: RecordingMessage[];
}

/**
 * Applies the events of each call in receipt order, each decided (decideCallEvent) on the state the
 * previous one left, but only in memory: an event id already in `recorded` (and the second of a pair
 * within the set) is a duplicate; a call missing from `locked` makes its events unknown. Each call's
 * final record is written once.
 */
export function planCallEvents(
  byScheduledCall: ReadonlyMap<string, readonly EventToApply[]>,
  locked: ReadonlyMap<string, { scheduled: ScheduledCallRow; call: CallRow }>,
  recorded: ReadonlySet<string>,
): BatchPlan {
  const plan: BatchPlan = { outcomes: new Map(), events: [], advances: [], completions: [], recordings: [] };
  const seen = new Set(recorded);
  for (const [scheduledCallId, rows] of byScheduledCall) {
    const found = locked.get(scheduledCallId);
    let call = found?.call ?? null;
    let changed = false;
    let reason: string | undefined;
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
      plan.events.push({
        provider: row.provider,
        eventId: row.event.eventId,
        callId: call!.id,
        type: row.event.type,
        applied: forward,
      });
      plan.outcomes.set(row.seq, forward ? 'applied' : 'stale');
      if (decision.kind === 'advance') {
        call = { ...call!, ...decision.update };
        changed = true;
        if (decision.update.state === 'analyzed') reason = row.completionReason;
      }
    }
    if (!found || !call || !changed) continue;
    const {
      state,
      timestamp,
      startedAt,
      endedAt,
      durationMs,
      disconnectionReason,
      answeredBy,
      transcript,
      summarization,
      flags,
      outcomeValues,
      providerRecordingUrl,
    } = call;
    plan.advances.push({
      companyId: found.scheduled.companyId,
      id: call.id,
      advance: {
        state,
        timestamp,
        startedAt,
        endedAt,
        durationMs,
        disconnectionReason,
        answeredBy,
        transcript,
        summarization,
        flags,
        outcomeValues,
        providerRecordingUrl,
      },
    });
    // Only an event of this set moves a call to analyzed (an analyzed call never changes again).
    if (state === 'analyzed') {
      plan.completions.push({ scheduled: found.scheduled, call, ...(reason ? { reason } : {}) });
      if (providerRecordingUrl) plan.recordings.push({ companyId: found.scheduled.companyId, callId: call.id });
    }
  }
  return plan;
}

/**
 * The calls whose callback beat the provider's answer to the dialer (dialing, no call record yet):
 * recorded from their first event that says so (decideCallEvent: `record_call_first`), as the
 * dialer would have recorded them (recordPlacedCalls), before their events are decided.
 */
function placedByCallback(
  byScheduledCall: ReadonlyMap<string, readonly EventToApply[]>,
  found: ReadonlyMap<string, ScheduledWithCall>,
  now: Date,
): Array<{ call: ScheduledCallRow; placed: PlacedAnswer }> {
  const answers: Array<{ call: ScheduledCallRow; placed: PlacedAnswer }> = [];
  for (const [scheduledCallId, rows] of byScheduledCall) {
    const f = found.get(scheduledCallId);
    if (!f || f.call) continue;
    const first = rows.find(
      (r) => decideCallEvent(f.scheduled, null, r.provider, r.event).kind === 'record_call_first',
    );
    if (!first) continue;
    answers.push({
      call: f.scheduled,
      placed: {
        provider: first.provider,
        providerCallId: first.event.providerCallId,
        toNumber: f.scheduled.phoneNumber,
        fromNumber: first.event.call.fromNumber,
        at: now,
      },
    });
  }
  return answers;
}

/**
 * The completed calls' flags with their transfer events read (transferFlags, call-transfers.ts):
 * the events were recorded on receipt, before the call's later events (one read, only when calls
 * complete). A transfer event that arrives after its call completed is counted per destination but
 * changes no flag: a completed call never changes.
 */
async function readTransfers(db: Db, plan: BatchPlan): Promise<void> {
  if (plan.completions.length === 0) return;
  const byProvider = new Map<string, string[]>();
  for (const { call } of plan.completions)
    byProvider.set(call.provider, [...(byProvider.get(call.provider) ?? []), call.providerCallId]);
  for (const [provider, ids] of byProvider) {
    const steps = await transferStepsOf(db, provider, ids);
    if (steps.size === 0) continue;
    for (const completion of plan.completions) {
      const own = completion.call.provider === provider ? steps.get(completion.call.providerCallId) : undefined;
      if (!own) continue;
      const flags = transferFlags(completion.call.flags, own);
      completion.call = { ...completion.call, flags };
      const advance = plan.advances.find((a) => a.id === completion.call.id);
      if (advance) advance.advance = { ...advance.advance, flags };
    }
  }
}

/**
 * THE way a provider event is applied (callbacks from the inbox, the reconciliation sweep's synthetic
 * events, one event alone as a set of one), set-based whatever the number of events: the scheduled
 * calls read with their call records (one read); in ONE transaction, the calls a callback reached
 * before the dialer's record recorded (recordPlacedCalls, only when there are any), the calls locked
 * and read (one statement), their events' ids checked (one read), every event recorded (one insert),
 * every call advanced (one update on Postgres), the completed calls completed (completeCalls,
 * grouped) and the sweep's notes written (only when it gave any), the recordings enqueued (one
 * enqueue) and, with `inbox`, the inbox rows marked, so the marks commit exactly with what they
 * record. A second apply (after a crash before the marks were seen) finds every event recorded: all
 * duplicates, nothing changes. Returns the outcome of each event by its seq.
 */
export async function applyCallEvents(
  s: CallServices,
  byScheduledCall: ReadonlyMap<string, readonly EventToApply[]>,
  opts: { inbox: boolean },
): Promise<Map<number, EventOutcome>> {
  const now = s.now();
  const at = now.toISOString();
  const found = await getScheduledCallsWithCalls(s.db, [...byScheduledCall.keys()]);
  const placed = placedByCallback(byScheduledCall, found, now);
  const plan = await s.db.transaction(async (trx) => {
    const recorded = await recordPlacedCalls(trx, placed);
    const callIds = [...found.values()].flatMap((f) => (f.call ? [f.call.id] : []));
    for (const call of recorded.values()) callIds.push(call.id);
    const locked = await lockCallsWithScheduled(trx, callIds);
    const rows = [...byScheduledCall.values()].flat();
    const known = await recordedEventKeys(
      trx,
      rows.map((r) => ({ provider: r.provider, eventId: r.event.eventId })),
    );
    const plan = planCallEvents(byScheduledCall, locked, known);
    await readTransfers(trx, plan);
    const inserted = await recordEventsOnce(trx, plan.events, at);
    // Every writer of a call's events holds its lock, so this cannot happen; if it does, the set is retried.
    if (inserted.size !== plan.events.length)
      throw new Error('call events were recorded concurrently; the batch is retried');
    await advanceCalls(trx, plan.advances, at);
    // A call the provider ended without dialing for the account's sake is not an attempt: its
    // scheduled call goes back to pending instead of completing (refusals.ts).
    const neverDialed = plan.completions.filter((c) => neverDialedOf(c.call));
    const alerts = await requeueNeverDialed(trx, refusalSettingsOf(s), neverDialed, now);
    const dialed = neverDialed.length ? plan.completions.filter((c) => !neverDialedOf(c.call)) : plan.completions;
    const completed = new Set((await completeCalls(trx, dialed, now)).map((c) => c.scheduledCallId));
    await noteReconciledCompletions(
      trx,
      plan.completions.flatMap(({ scheduled, reason }) =>
        reason && completed.has(scheduled.id) ? [{ companyId: scheduled.companyId, id: scheduled.id, reason }] : [],
      ),
    );
    if (plan.recordings.length) await s.queue.enqueue(trx, RECORDING_QUEUE, plan.recordings, RECORDING_JOB);
    if (opts.inbox) await markInboxApplied(trx, plan.outcomes, at);
    return { ...plan, alerts };
  });
  announceAlerts(s.log, plan.alerts);
  if (plan.completions.length) {
    s.queue.wake(RECORDING_QUEUE);
    s.queue.wake(CLAIM_SIGNAL);
  }
  return plan.outcomes;
}
