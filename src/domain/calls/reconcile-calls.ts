import {
  failPlacedCall,
  leaseStaleDialingCalls,
  releaseReconcileLease,
  requeueLostDial,
  type StaleDialingCall,
} from '../scheduled-calls/scheduled-calls.js';
import type { CallSnapshot, ProviderName, VoiceEvent, VoiceEventType } from '../ports/voice-provider.js';
import { type CallServices, CLAIM_SIGNAL, connectionOf } from './call-services.js';
import { applyCallEvents } from './callback-batch.js';
import { publishEvent } from '../webhooks/publish.js';
import { scheduledCallUpdated } from '../planning/call-status-events.js';

export interface ReconcileSettings {
  /** A call in `dialing` this long (business clock, since it was placed or claimed) is looked up at the provider. */
  afterMs: number;
  /** A placed call with no analysis this long after it was placed gets no more waiting. */
  deadlineMs: number;
  /** The sweep's wall-clock lease on each call it takes; also how soon a call still in progress is looked at again. */
  leaseMs: number;
  batch: number;
}

/** What the sweep does with a placed call, from the provider's snapshot and the call's age. */
export type ReconcileAction =
  | { kind: 'apply_analyzed' }
  | { kind: 'apply_ended' }
  | { kind: 'complete_unanalyzed' }
  | { kind: 'fail'; reason: string }
  | { kind: 'wait' };

/**
 * The decision table (docs/architecture/decisions/callback-inbox-and-reconciliation.md#reconciliation, a test per row). `ageMs` is the business-clock time since the
 * provider accepted the call.
 */
export function decideReconcile(snapshot: CallSnapshot | null, ageMs: number, deadlineMs: number): ReconcileAction {
  if (snapshot === null)
    return { kind: 'fail', reason: 'Reconciliation: the voice provider does not know this call; no result will come' };
  if (snapshot.state === 'error')
    return { kind: 'fail', reason: 'Reconciliation: the voice provider reported an error for this call' };
  const late = ageMs >= deadlineMs;
  // A call never connected is over, and final: no analysis follows it.
  if (snapshot.state === 'not_connected') return { kind: 'apply_analyzed' };
  if (snapshot.state === 'ended')
    return snapshot.analyzed
      ? { kind: 'apply_analyzed' }
      : late
        ? { kind: 'complete_unanalyzed' }
        : { kind: 'apply_ended' };
  return late
    ? {
        kind: 'fail',
        reason: `Reconciliation: no result from the provider ${Math.round(deadlineMs / 60_000)} minutes after the call was placed`,
      }
    : { kind: 'wait' };
}

export type ReconcileOutcome = ReconcileAction['kind'] | 'dial_requeued' | 'skipped';

/**
 * One pass of the reconciliation sweep: leases a batch of stale `dialing` calls (one statement) and
 * settles each. Placed calls are read from the provider and the decision applied as synthetic
 * events through the path callbacks take (applyCallEvents, callback-batch.ts; a call's events as one
 * set, its completion noted), whose ids (`reconcile:<providerCallId>:…`) make a late real callback,
 * or a second pass, harmless. A claimed call never placed whose dial message was lost
 * goes back in line. Returns the outcome per scheduled call.
 */
export async function reconcileStaleCalls(
  s: CallServices,
  settings: ReconcileSettings,
): Promise<Map<string, ReconcileOutcome>> {
  const now = s.now();
  const wall = Date.now();
  const stale = await leaseStaleDialingCalls(s.db, {
    staleBefore: new Date(now.getTime() - settings.afterMs).toISOString(),
    wallNow: new Date(wall).toISOString(),
    leaseUntil: new Date(wall + settings.leaseMs).toISOString(),
    batch: settings.batch,
  });
  const outcomes = new Map<string, ReconcileOutcome>();
  for (const item of stale) {
    try {
      outcomes.set(
        item.call.id,
        item.call.providerCallId ? await reconcilePlaced(s, item, settings) : await resumeLostDial(s, item),
      );
    } catch (err) {
      // Provider down or a database hiccup: the lease runs out and a later pass tries again.
      outcomes.set(item.call.id, 'skipped');
      s.log.warn('call reconciliation failed; retried on a later pass', {
        scheduledCallId: item.call.id,
        error: (err as Error).message,
      });
    }
  }
  if (
    [...outcomes.values()].some(
      (o) => o === 'fail' || o === 'apply_analyzed' || o === 'complete_unanalyzed' || o === 'dial_requeued',
    )
  )
    s.queue.wake(CLAIM_SIGNAL);
  return outcomes;
}

async function reconcilePlaced(
  s: CallServices,
  { call }: StaleDialingCall,
  settings: ReconcileSettings,
): Promise<ReconcileOutcome> {
  const providerName = (call.provider ?? 'live') as ProviderName;
  const providerCallId = call.providerCallId!;
  const snapshot = await (await connectionOf(s, providerName, call.companyId)).getCall(providerCallId);
  const now = s.now();
  const action = decideReconcile(
    snapshot,
    now.getTime() - Date.parse(call.dialedAt ?? call.updatedAt),
    settings.deadlineMs,
  );
  const event = (type: VoiceEventType, tag: string): VoiceEvent => ({
    eventId: `reconcile:${providerCallId}:${tag}`,
    type,
    providerCallId,
    scheduledCallId: call.id,
    call: snapshot!.call,
  });
  switch (action.kind) {
    case 'wait':
      return 'wait';
    case 'fail':
      await s.db.transaction(async (trx) => {
        if (await failPlacedCall(trx, call.companyId, call.id, providerCallId, action.reason, now.toISOString())) {
          await publishEvent(trx, call.companyId, scheduledCallUpdated(call.id, 'failed'), now);
        }
      });
      s.log.warn('placed call failed by reconciliation', {
        scheduledCallId: call.id,
        providerCallId,
        reason: action.reason,
      });
      return 'fail';
    case 'apply_ended':
      await applySynthetic(s, providerName, [{ event: event('call_ended', 'ended') }]);
      return 'apply_ended';
    case 'apply_analyzed':
      await applySynthetic(s, providerName, [
        {
          event: event('call_analyzed', 'analyzed'),
          completionReason: 'Reconciliation: the callbacks did not arrive; the result was read from the voice provider',
        },
      ]);
      return 'apply_analyzed';
    case 'complete_unanalyzed':
      // The ended snapshot's facts (answered by, disconnection) give the flags; no outcome labels came.
      await applySynthetic(s, providerName, [
        { event: event('call_ended', 'ended') },
        {
          event: event('call_analyzed', 'deadline'),
          completionReason:
            'Reconciliation: the provider produced no analysis by the deadline; flags from the ended call',
        },
      ]);
      return 'complete_unanalyzed';
  }
}

/**
 * Applies one call's synthetic events, in order, as one set. An event id already processed (an
 * earlier pass) is no error here; an event that does not match the recorded call is logged.
 */
async function applySynthetic(
  s: CallServices,
  provider: ProviderName,
  events: ReadonlyArray<{ event: VoiceEvent; completionReason?: string }>,
): Promise<void> {
  const scheduledCallId = events[0].event.scheduledCallId;
  const outcomes = await applyCallEvents(
    s,
    new Map([[scheduledCallId, events.map((e, seq) => ({ seq, provider, ...e }))]]),
    { inbox: false },
  );
  events.forEach(({ event }, seq) => {
    if (outcomes.get(seq) !== 'unknown_call') return;
    s.log.warn('reconcile event does not match the recorded call', {
      eventId: event.eventId,
      scheduledCallId,
      error: `Unknown call ${event.providerCallId}`,
    });
  });
}

/**
 * A claimed call without a provider call whose dial message is gone (its deliveries ran out, or a
 * redelivery met the dead holder's still-unexpired dial lease and was acked as not its own) goes
 * back in line; the dial protocol then asks the provider first, so a lost attempt that was placed is
 * found, never dialed twice. A dial attempt in progress right now is left alone.
 */
async function resumeLostDial(s: CallServices, { call }: StaleDialingCall): Promise<ReconcileOutcome> {
  const at = s.now().toISOString();
  const reason = 'Reconciliation: the dial was interrupted and its message lost; back in line';
  if (await requeueLostDial(s.db, call.companyId, call.id, new Date().toISOString(), reason, at))
    return 'dial_requeued';
  // A slow dial, not a lost one (or the call moved on): look again on the next pass.
  await releaseReconcileLease(s.db, call.companyId, call.id);
  return 'wait';
}
