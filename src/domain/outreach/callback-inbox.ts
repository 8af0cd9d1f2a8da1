import { claimInbox, type InboxRow, markInboxApplied } from '../../store/callback-inbox.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { ProviderName, VoiceEvent } from '../ports/voice-provider.js';
import type { CallServices } from './call-services.js';
import { applyVoiceEvent } from './voice-callbacks.js';

export interface InboxSettings {
  /** Rows claimed by one statement. */
  batch: number;
  /** Calls whose events are applied at once (each call's events one after another, in receipt order). */
  parallelCalls: number;
  /** How long a claimed row is this applier's before another may take it (wall clock). */
  leaseMs: number;
}

/**
 * Applies one batch of received callbacks: claimed in one statement, grouped by scheduled call,
 * each call's events applied in receipt order (applyVoiceEvent: the call never moves backwards;
 * `call_events` makes a second apply after a crash a no-op), then marked applied in one statement
 * per outcome. Returns the number of rows settled.
 */
export async function applyInboxBatch(s: CallServices, opts: InboxSettings): Promise<number> {
  const wall = Date.now(); // the lease is transport, not business time
  const rows = await claimInbox(s.db, opts.batch, new Date(wall).toISOString(), new Date(wall + opts.leaseMs).toISOString());
  if (rows.length === 0) return 0;
  const byCall = new Map<string, InboxRow[]>();
  for (const r of rows) byCall.set(r.scheduledCallId, [...(byCall.get(r.scheduledCallId) ?? []), r]);
  const outcomes = new Map<number, string>();
  const queue = [...byCall.values()];
  const lane = async () => {
    for (let calls = queue.shift(); calls; calls = queue.shift()) {
      for (const row of calls) {
        const outcome = await applyRow(s, row);
        if (outcome) outcomes.set(row.seq, outcome);
        else break; // a failed event leaves this call's later ones for the next pass, in order
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.parallelCalls, queue.length) }, lane));
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
