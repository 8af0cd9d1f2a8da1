import { describe, expect, it } from 'vitest';
import type { CallState } from '../../store/calls/calls.js';
import type { VoiceEvent, VoiceEventType } from '../ports/voice-provider.js';
import { decideCallEvent } from './call-event-rules.js';

const STARTED = new Date('2026-12-08T15:00:05Z');
const ENDED = new Date('2026-12-08T15:01:05Z');

function event(type: VoiceEventType, providerCallId = 'pc-1'): VoiceEvent {
  return {
    eventId: `${providerCallId}:${type}`,
    type,
    providerCallId,
    scheduledCallId: 'sc-1',
    call: {
      toNumber: '+12125550100',
      fromNumber: '+12025550199',
      startedAt: STARTED,
      endedAt: type === 'call_started' ? null : ENDED,
      durationMs: type === 'call_started' ? null : 60_000,
      disconnectionReason: type === 'call_started' ? null : 'user_hangup',
      answeredBy: 'human',
      transcript: 'Agent: Hello',
      summary: 'Talked',
      recordingUrl: type === 'call_analyzed' ? 'https://provider/rec.wav' : null,
      flags: ['RPC', 'DNC'],
    },
  };
}

const scheduled = (over: Partial<{ provider: string | null; providerCallId: string | null; status: string }> = {}) =>
  ({ provider: 'sandbox', providerCallId: 'pc-1', status: 'dialing', ...over }) as {
    provider: string | null;
    providerCallId: string | null;
    status: 'dialing';
  };
const call = (state: CallState, over: Partial<{ provider: string; providerCallId: string }> = {}) => ({
  provider: 'sandbox',
  providerCallId: 'pc-1',
  state,
  timestamp: '2026-12-08T15:00:00.000Z',
  flags: ['EARLIER'],
  ...over,
});

describe('what an event does to its call: one test per row', () => {
  it('the scheduled call belongs to another provider → unknown_call', () => {
    expect(
      decideCallEvent(scheduled({ provider: 'live' }), call('registered'), 'sandbox', event('call_started')),
    ).toEqual({ kind: 'unknown_call' });
  });

  it('the scheduled call has another provider call id → unknown_call', () => {
    expect(
      decideCallEvent(scheduled({ providerCallId: 'pc-2' }), call('registered'), 'sandbox', event('call_started')),
    ).toEqual({ kind: 'unknown_call' });
  });

  it('the call record names another provider call (the scheduled call has none yet) → unknown_call', () => {
    expect(
      decideCallEvent(
        scheduled({ providerCallId: null }),
        call('registered', { providerCallId: 'pc-2' }),
        'sandbox',
        event('call_started'),
      ),
    ).toEqual({ kind: 'unknown_call' });
  });

  it('the call record belongs to another provider → unknown_call', () => {
    expect(
      decideCallEvent(
        scheduled({ provider: null }),
        call('registered', { provider: 'live' }),
        'sandbox',
        event('call_started'),
      ),
    ).toEqual({ kind: 'unknown_call' });
  });

  it("no call record and the scheduled call is dialing (the callback beat the provider's answer) → record_call_first", () => {
    expect(
      decideCallEvent(scheduled({ provider: null, providerCallId: null }), null, 'sandbox', event('call_started')),
    ).toEqual({ kind: 'record_call_first' });
  });

  it('no call record and the scheduled call is no longer dialing → unknown_call', () => {
    expect(decideCallEvent(scheduled({ status: 'cancelled' }), null, 'sandbox', event('call_started'))).toEqual({
      kind: 'unknown_call',
    });
  });

  it.each<[VoiceEventType, CallState]>([
    ['call_started', 'ongoing'],
    ['call_started', 'ended'],
    ['call_started', 'analyzed'],
    ['call_ended', 'ended'],
    ['call_ended', 'analyzed'],
    ['call_analyzed', 'analyzed'],
  ])('%s on a call already %s (not forward) → stale', (type, state) => {
    expect(decideCallEvent(scheduled(), call(state), 'sandbox', event(type))).toEqual({ kind: 'stale' });
  });

  it("call_started on a registered call → ongoing, with the snapshot, the call's own flags kept", () => {
    expect(decideCallEvent(scheduled(), call('registered'), 'sandbox', event('call_started'))).toEqual({
      kind: 'advance',
      update: {
        state: 'ongoing',
        timestamp: STARTED.toISOString(),
        startedAt: STARTED.toISOString(),
        endedAt: null,
        durationMs: null,
        disconnectionReason: null,
        answeredBy: 'human',
        transcript: 'Agent: Hello',
        summarization: 'Talked',
        flags: ['EARLIER'],
        outcomeValues: null,
        providerRecordingUrl: null,
      },
    });
  });

  it('call_ended on a registered call (call_started lost or late) → ended', () => {
    const d = decideCallEvent(scheduled(), call('registered'), 'sandbox', event('call_ended'));
    expect(d).toMatchObject({
      kind: 'advance',
      update: { state: 'ended', endedAt: ENDED.toISOString(), durationMs: 60_000, flags: ['EARLIER'] },
    });
  });

  it("call_analyzed on an ended call → analyzed, taking the event's flags and recording", () => {
    const d = decideCallEvent(scheduled(), call('ended'), 'sandbox', event('call_analyzed'));
    expect(d).toMatchObject({
      kind: 'advance',
      update: { state: 'analyzed', flags: ['RPC', 'DNC'], providerRecordingUrl: 'https://provider/rec.wav' },
    });
  });

  it("a sweep-failed scheduled call (failed, with its provider call) still takes its call's events", () => {
    const d = decideCallEvent(scheduled({ status: 'failed' }), call('ended'), 'sandbox', event('call_analyzed'));
    expect(d).toMatchObject({ kind: 'advance', update: { state: 'analyzed' } });
  });

  it("the call's timestamp is kept when the snapshot has no start", () => {
    const e = event('call_ended');
    const d = decideCallEvent(scheduled(), call('registered'), 'sandbox', {
      ...e,
      call: { ...e.call, startedAt: null },
    });
    expect(d).toMatchObject({ kind: 'advance', update: { timestamp: '2026-12-08T15:00:00.000Z', startedAt: null } });
  });
});
