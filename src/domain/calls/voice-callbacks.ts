import { getCallForUpdate, getScheduledCallWithCall, recordEventOnce, updateCall } from '../../store/calls/calls.js';
import { findScheduledCallById } from '../../store/calls/call-dispatch.js';
import { noteReconciledCompletion } from '../../store/calls/call-reconcile.js';
import { ConflictError, InvalidInputError, NotFoundError, UnauthorizedError, UnavailableError } from '../shared/errors.js';
import { CallbackRejectedError, type ProviderName, type VoiceEvent } from '../ports/voice-provider.js';
import { type CallServices, CLAIM_SIGNAL } from './call-services.js';
import { recordReceipt } from './callback-receipts.js';
import { decideCallEvent } from './call-event-rules.js';
import { completeCall } from './complete-call.js';
import { recordPlacedCall } from './placed-calls.js';
import { RECORDING_JOB, RECORDING_QUEUE } from './recordings.js';

export interface CallbackReceipt {
  eventId: string;
}

export interface CallbackResult {
  eventId: string;
  /** False when the event arrived after a later one and changed nothing. */
  applied: boolean;
}

/**
 * Receives one provider callback. Rejected (and nothing written) when the signature or its
 * timestamp is wrong (401), the body unreadable (400), the call unknown to this provider (404), or
 * the event id already received (409). Otherwise the event is recorded durably in the callback
 * inbox (grouped with concurrent receipts, callback-receipts.ts) and resolves once committed; the
 * inbox applier (callback-inbox.ts) applies it shortly after, set-based (callback-batch.ts).
 */
export async function receiveVoiceCallback(s: CallServices, providerName: string, rawBody: Buffer, headers: Record<string, string | undefined>): Promise<CallbackReceipt> {
  const gate = gates.get(s) ?? { running: 0, waiting: [] };
  gates.set(s, gate);
  if (gate.running >= s.settings.maxCallbacksInFlight) {
    // A burst waits its turn in memory (cheap) rather than being answered 503 (a retry costs the
    // provider and us a whole request again); only beyond the queue is the load shed.
    if (gate.waiting.length >= s.settings.maxCallbacksInFlight * QUEUED_PER_SLOT) throw new UnavailableError('Too many callbacks in progress; retry shortly', 1);
    await new Promise<void>((resolve) => gate.waiting.push(resolve));
  } else {
    gate.running++;
  }
  try {
    return await receive(s, providerName, rawBody, headers);
  } finally {
    const next = gate.waiting.shift();
    if (next) next(); // the slot passes straight to the next waiter
    else gate.running--;
  }
}

/** Callbacks waiting for a slot, per slot, before more are answered 503. */
const QUEUED_PER_SLOT = 8;

/** Callbacks being processed, and those waiting for a slot, per process (per set of call services). */
const gates = new WeakMap<CallServices, { running: number; waiting: Array<() => void> }>();

async function receive(s: CallServices, providerName: string, rawBody: Buffer, headers: Record<string, string | undefined>): Promise<CallbackReceipt> {
  const provider = s.voice[providerName as ProviderName];
  if (!provider || !Object.hasOwn(s.voice, providerName)) throw new NotFoundError(`No voice provider ${providerName}`);
  let event: VoiceEvent;
  try {
    event = provider.readCallback(rawBody, headers);
  } catch (err) {
    if (!(err instanceof CallbackRejectedError)) throw err;
    throw err.reason === 'malformed' ? new InvalidInputError(err.message) : new UnauthorizedError(`Callback rejected: ${err.message}`);
  }
  await recordReceipt(s, provider.name, event);
  return { eventId: event.eventId };
}

/**
 * Applies one authenticated provider event to its call: the callback endpoint's deliveries and the
 * reconciliation sweep's synthetic events (reconcile-calls.ts) alike. NotFoundError when the call is
 * not this provider's; ConflictError when the event id was already processed. The call only moves
 * forward; `call_analyzed` completes the scheduled call, with `completionReason` as its status
 * reason when given (the sweep's note), in the same transaction so no reader sees one without the other.
 */
export async function applyVoiceEvent(s: CallServices, providerName: ProviderName, event: VoiceEvent, completionReason?: string): Promise<CallbackResult> {
  const found = await getScheduledCallWithCall(s.db, event.scheduledCallId); // one read for both
  const unknown = () => new NotFoundError(`Unknown call ${event.providerCallId}`);
  if (!found) throw unknown();
  const scheduled = found.scheduled;
  let known = found.call;
  let first = decideCallEvent(scheduled, known, providerName, event);
  if (first.kind === 'record_call_first') {
    // The callback beat the provider's answer to the dispatcher: record the call from it.
    known = await recordPlacedCall(s.db, scheduled, { provider: providerName, providerCallId: event.providerCallId, toNumber: scheduled.phoneNumber, fromNumber: event.call.fromNumber, at: s.now() });
    first = decideCallEvent(scheduled, known, providerName, event);
  }
  if (first.kind === 'unknown_call' || first.kind === 'record_call_first' || !known) throw unknown();
  const callId = known.id;

  const now = s.now();
  const at = now.toISOString();
  return s.db.transaction(async (trx) => {
    const call = (await getCallForUpdate(trx, scheduled.companyId, callId))!;
    const decision = decideCallEvent(scheduled, call, providerName, event); // again, on the locked state
    if (decision.kind === 'unknown_call' || decision.kind === 'record_call_first') throw unknown();
    const forward = decision.kind === 'advance';
    const fresh = await recordEventOnce(trx, { provider: providerName, eventId: event.eventId, callId: call.id, type: event.type, applied: forward }, at);
    if (!fresh) throw new ConflictError(`Event ${event.eventId} was already processed`, 'duplicate_event');
    if (decision.kind !== 'advance') return { eventId: event.eventId, applied: false };
    const update = decision.update;
    await updateCall(trx, scheduled.companyId, call.id, update, at);
    if (update.state === 'analyzed') {
      const current = (await findScheduledCallById(trx, scheduled.id))!;
      const completed = await completeCall(trx, current, { ...call, ...update }, now);
      if (completed && completionReason) await noteReconciledCompletion(trx, scheduled.companyId, scheduled.id, completionReason);
      if (update.providerRecordingUrl) {
        await s.queue.enqueue(trx, RECORDING_QUEUE, [{ companyId: scheduled.companyId, callId: call.id }], RECORDING_JOB);
      }
    }
    return { eventId: event.eventId, applied: true };
  }).then((result) => {
    if (event.type === 'call_analyzed' && result.applied) {
      s.queue.wake(RECORDING_QUEUE);
      s.queue.wake(CLAIM_SIGNAL);
    }
    return result;
  });
}
