import { claimInbox, type InboxRow } from '../../store/calls/callback-inbox.js';
import type { VoiceEvent } from '../ports/voice-provider.js';
import type { CallServices } from './call-services.js';
import { applyCallEvents, type EventToApply } from './callback-batch.js';

export interface InboxSettings {
  /** Rows claimed by one statement. */
  batch: number;
  /** Calls applied side by side when a batch failed and its calls are applied event by event (each call's events one after another, in receipt order). */
  parallelCalls: number;
  /** How long a claimed row is this applier's before another may take it (wall clock). */
  leaseMs: number;
}

/**
 * Applies one batch of received callbacks: claimed in one statement, grouped by scheduled call in
 * receipt order, and applied set-based (applyCallEvents, callback-batch.ts): the whole batch in one
 * transaction of a handful of statements that also marks the rows, calls whose callback beat the
 * dialer's record included (they are recorded in that transaction). Event by event, each event a
 * set of one through the same path: a call with an unreadable row, and every call of a batch whose
 * transaction failed (so one poisonous event holds up only its own call, not the 499 others; a
 * database outage fails these too). Rows not settled stay leased and are taken again after their
 * lease. Returns the number of rows settled.
 */
export async function applyInboxBatch(s: CallServices, opts: InboxSettings): Promise<number> {
  const wall = Date.now(); // the lease is transport, not business time
  const rows = await claimInbox(
    s.db,
    opts.batch,
    new Date(wall).toISOString(),
    new Date(wall + opts.leaseMs).toISOString(),
  );
  if (rows.length === 0) return 0;
  const byCall = new Map<string, InboxRow[]>();
  for (const r of rows) byCall.set(r.scheduledCallId, [...(byCall.get(r.scheduledCallId) ?? []), r]);
  const batch = new Map<string, EventToApply[]>();
  const oneByOne: InboxRow[][] = [];
  for (const [scheduledCallId, calls] of byCall) {
    const events = readEvents(calls);
    if (events) batch.set(scheduledCallId, events);
    else oneByOne.push(calls);
  }
  let settled = 0;
  if (batch.size) {
    try {
      settled += (await applyCallEvents(s, batch, { inbox: true })).size;
    } catch (err) {
      s.log.error('callback batch apply failed; its calls are applied one by one', {
        calls: batch.size,
        error: (err as Error).message,
      });
      for (const scheduledCallId of batch.keys()) oneByOne.push(byCall.get(scheduledCallId)!);
    }
  }
  if (oneByOne.length) settled += await applyOneByOne(s, oneByOne, opts.parallelCalls);
  return settled;
}

/** The call's events, or null when one cannot be read (the call goes event by event, where that row fails alone). */
function readEvents(calls: InboxRow[]): EventToApply[] | null {
  try {
    return calls.map(eventOf);
  } catch {
    return null;
  }
}

/** Each call's events one after another, each a set of one marked with what it applies (calls side by side). */
async function applyOneByOne(s: CallServices, queue: InboxRow[][], parallelCalls: number): Promise<number> {
  let settled = 0;
  const lane = async () => {
    for (let calls = queue.shift(); calls; calls = queue.shift()) {
      for (const row of calls) {
        if (await applyRow(s, row)) settled++;
        else break; // a failed event leaves this call's later ones for the next pass, in order
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelCalls, queue.length) }, lane));
  return settled;
}

/** True when the row was applied and marked; false when it failed for a reason that may pass (it is retried after its lease). */
async function applyRow(s: CallServices, row: InboxRow): Promise<boolean> {
  try {
    const event = eventOf(row);
    return (await applyCallEvents(s, new Map([[row.scheduledCallId, [event]]]), { inbox: true })).has(row.seq);
  } catch (err) {
    s.log.error('callback apply failed', { eventId: row.eventId, error: (err as Error).message });
    return false;
  }
}

function eventOf(row: InboxRow): EventToApply {
  return { seq: row.seq, provider: row.provider, event: reviveEvent(row.event) };
}

function reviveEvent(json: string): VoiceEvent {
  const event = JSON.parse(json) as VoiceEvent;
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    ...event,
    call: { ...event.call, startedAt: date(event.call.startedAt), endedAt: date(event.call.endedAt) },
  };
}

/** Retention (src/domain/retention/) prunes applied callbacks through calls. */
export { deleteAppliedInboxBefore } from '../../store/calls/callback-inbox.js';
