import { getScheduledCallsWithCalls } from '../../store/calls/call-batches.js';
import { claimInbox, type InboxRow, markInboxApplied } from '../../store/calls/callback-inbox.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import type { ProviderName, VoiceEvent } from '../ports/voice-provider.js';
import type { CallServices } from './call-services.js';
import { applyCallBatch, type ClaimedEvent } from './callback-batch.js';
import { applyVoiceEvent } from './voice-callbacks.js';

export interface InboxSettings {
  /** Rows claimed by one statement. */
  batch: number;
  /** Calls applied at once by applyVoiceEvent (those without a call record yet; each call's events one after another, in receipt order). */
  parallelCalls: number;
  /** How long a claimed row is this applier's before another may take it (wall clock). */
  leaseMs: number;
}

/**
 * Applies one batch of received callbacks: claimed in one statement, grouped by scheduled call in
 * receipt order. Calls with a call record (nearly all) are applied set-based, the whole batch in
 * one transaction of a handful of statements that also marks the rows (callback-batch.ts). Event by
 * event with applyVoiceEvent: a call the callback reached before the provider's answer was
 * recorded, a call with an unreadable row, and every call of a batch whose transaction failed (so
 * one poisonous event holds up only its own call, not the 499 others; a database outage fails these
 * too). Rows not settled stay leased and are taken again after their lease. Returns the number of
 * rows settled.
 */
export async function applyInboxBatch(s: CallServices, opts: InboxSettings): Promise<number> {
  const wall = Date.now(); // the lease is transport, not business time
  const rows = await claimInbox(s.db, opts.batch, new Date(wall).toISOString(), new Date(wall + opts.leaseMs).toISOString());
  if (rows.length === 0) return 0;
  const byCall = new Map<string, InboxRow[]>();
  for (const r of rows) byCall.set(r.scheduledCallId, [...(byCall.get(r.scheduledCallId) ?? []), r]);
  const found = await getScheduledCallsWithCalls(s.db, [...byCall.keys()]);
  const batch = new Map<string, ClaimedEvent[]>();
  const callIds: string[] = [];
  const oneByOne: InboxRow[][] = [];
  for (const [scheduledCallId, calls] of byCall) {
    const f = found.get(scheduledCallId);
    const events = f && !f.call ? null : readEvents(calls);
    if (!events) {
      oneByOne.push(calls);
      continue;
    }
    // A scheduled call that does not exist: its events are unknown, marked with the batch.
    if (f?.call) callIds.push(f.call.id);
    batch.set(scheduledCallId, events);
  }
  let settled = 0;
  if (batch.size) {
    try {
      settled += (await applyCallBatch(s, batch, callIds)).size;
    } catch (err) {
      s.log.error('callback batch apply failed; its calls are applied one by one', { calls: batch.size, error: (err as Error).message });
      for (const scheduledCallId of batch.keys()) oneByOne.push(byCall.get(scheduledCallId)!);
    }
  }
  if (oneByOne.length) settled += await applyOneByOne(s, oneByOne, opts.parallelCalls);
  return settled;
}

/** The call's events, or null when one cannot be read (the call goes event by event, where that row fails alone). */
function readEvents(calls: InboxRow[]): ClaimedEvent[] | null {
  try {
    return calls.map((r) => ({ seq: r.seq, provider: r.provider, event: reviveEvent(r.event) }));
  } catch {
    return null;
  }
}

/** Each call's events one after another with applyVoiceEvent (calls side by side), then marked. */
async function applyOneByOne(s: CallServices, queue: InboxRow[][], parallelCalls: number): Promise<number> {
  const outcomes = new Map<number, string>();
  const lane = async () => {
    for (let calls = queue.shift(); calls; calls = queue.shift()) {
      for (const row of calls) {
        const outcome = await applyRow(s, row);
        if (outcome) outcomes.set(row.seq, outcome);
        else break; // a failed event leaves this call's later ones for the next pass, in order
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelCalls, queue.length) }, lane));
  if (outcomes.size) await markInboxApplied(s.db, outcomes, s.now().toISOString());
  return outcomes.size;
}

/** What applying the row did; null when it failed for a reason that may pass (it is retried after its lease). */
async function applyRow(s: CallServices, row: InboxRow): Promise<string | null> {
  try {
    const result = await applyVoiceEvent(s, row.provider as ProviderName, reviveEvent(row.event));
    return result.applied ? 'applied' : 'stale';
  } catch (err) {
    if (err instanceof ConflictError) return 'duplicate';
    if (err instanceof NotFoundError) return 'unknown_call';
    s.log.error('callback apply failed', { eventId: row.eventId, error: (err as Error).message });
    return null;
  }
}

function reviveEvent(json: string): VoiceEvent {
  const event = JSON.parse(json) as VoiceEvent;
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return { ...event, call: { ...event.call, startedAt: date(event.call.startedAt), endedAt: date(event.call.endedAt) } };
}
