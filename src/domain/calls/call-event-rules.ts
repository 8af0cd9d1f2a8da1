import type { CallAdvance } from '../../store/calls/call-batches.js';
import { CALL_STATES, type CallRow, type CallState } from '../../store/calls/calls.js';
import type { ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import type { VoiceEvent } from '../ports/voice-provider.js';

const STATE_AFTER: Record<VoiceEvent['type'], CallState> = {
  call_started: 'ongoing',
  call_ended: 'ended',
  call_analyzed: 'analyzed',
};
const rank = (s: CallState) => CALL_STATES.indexOf(s);

/**
 * What one provider event does to one call (call-event-rules.test.ts, one case per row):
 * - `unknown_call`: the scheduled call is not this provider's, or the event names another provider call;
 * - `record_call_first`: the callback beat the provider's answer (dialing, no call record yet): record the call, then decide again;
 * - `stale`: the call is already at or past the event's state (it is recorded, changes nothing);
 * - `advance`: the call moves forward and takes the event's snapshot (flags only with the analysis).
 * Duplicates are not decided here: the event id's primary key in `call_events` decides.
 */
export type EventDecision =
  | { kind: 'unknown_call' }
  | { kind: 'record_call_first' }
  | { kind: 'stale' }
  | { kind: 'advance'; update: CallAdvance };

type ScheduledIdentity = Pick<ScheduledCallRow, 'provider' | 'providerCallId' | 'status'>;
type CallIdentity = Pick<CallRow, 'provider' | 'providerCallId' | 'state' | 'timestamp' | 'flags'> &
  Partial<Pick<CallRow, 'outcomeValues'>>;

export function decideCallEvent(
  scheduled: ScheduledIdentity,
  call: CallIdentity | null,
  provider: string,
  event: VoiceEvent,
): EventDecision {
  if (scheduled.provider !== null && scheduled.provider !== provider) return { kind: 'unknown_call' };
  if (scheduled.providerCallId !== null && scheduled.providerCallId !== event.providerCallId)
    return { kind: 'unknown_call' };
  if (!call) return scheduled.status === 'dialing' ? { kind: 'record_call_first' } : { kind: 'unknown_call' };
  if (call.providerCallId !== event.providerCallId || call.provider !== provider) return { kind: 'unknown_call' };
  const next = STATE_AFTER[event.type];
  if (rank(next) <= rank(call.state)) return { kind: 'stale' };
  const c = event.call;
  return {
    kind: 'advance',
    update: {
      state: next,
      timestamp: c.startedAt?.toISOString() ?? call.timestamp,
      startedAt: c.startedAt?.toISOString() ?? null,
      endedAt: c.endedAt?.toISOString() ?? null,
      durationMs: c.durationMs,
      disconnectionReason: c.disconnectionReason,
      answeredBy: c.answeredBy,
      transcript: c.transcript,
      summarization: c.summary,
      flags: next === 'analyzed' ? c.flags : call.flags,
      outcomeValues: next === 'analyzed' ? (c.values ?? null) : (call.outcomeValues ?? null),
      providerRecordingUrl: c.recordingUrl,
    },
  };
}
