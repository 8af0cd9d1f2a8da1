import { describe, expect, it } from 'vitest';
import type { CallSnapshot, ProviderCallState } from '../ports/voice-provider.js';
import { decideReconcile } from './reconcile-calls.js';

const MIN = 60_000;
const DEADLINE = 120 * MIN;

function snapshot(state: ProviderCallState, analyzed = false): CallSnapshot {
  return {
    providerCallId: 'call_1',
    scheduledCallId: 'sc-1',
    state,
    analyzed,
    call: {
      toNumber: '+12125550109',
      fromNumber: '+12025550199',
      startedAt: null,
      endedAt: null,
      durationMs: null,
      disconnectionReason: null,
      answeredBy: null,
      transcript: '',
      summary: '',
      recordingUrl: null,
      flags: [],
    },
  };
}

/** The decision table of docs/architecture/decisions/callback-inbox-and-reconciliation.md#reconciliation (reconciliation), a test per row. */
describe('decideReconcile', () => {
  it.each([
    [
      'never connected (not_connected): final, no analysis will come',
      snapshot('not_connected', true),
      16 * MIN,
      'apply_analyzed',
    ],
    ['ended and analyzed, early', snapshot('ended', true), 16 * MIN, 'apply_analyzed'],
    ['ended and analyzed, past the deadline', snapshot('ended', true), 300 * MIN, 'apply_analyzed'],
    ['ended without analysis, before the deadline', snapshot('ended'), 16 * MIN, 'apply_ended'],
    ['ended without analysis, at the deadline', snapshot('ended'), DEADLINE, 'complete_unanalyzed'],
    ['registered, before the deadline', snapshot('registered'), 16 * MIN, 'wait'],
    ['ongoing, before the deadline', snapshot('ongoing'), DEADLINE - 1, 'wait'],
    ['registered, past the deadline', snapshot('registered'), DEADLINE + 1, 'fail'],
    ['ongoing, at the deadline', snapshot('ongoing'), DEADLINE, 'fail'],
    ['error at the provider', snapshot('error'), 16 * MIN, 'fail'],
    ['unknown to the provider', null, 16 * MIN, 'fail'],
  ] as const)('%s → %s', (_row, snap, age, kind) => {
    expect(decideReconcile(snap, age, DEADLINE).kind).toBe(kind);
  });

  it('each failure says why', () => {
    const reason = (snap: CallSnapshot | null, age: number) =>
      (decideReconcile(snap, age, DEADLINE) as { reason: string }).reason;
    expect(reason(null, 16 * MIN)).toMatch(/does not know this call/);
    expect(reason(snapshot('error'), 16 * MIN)).toMatch(/reported an error/);
    expect(reason(snapshot('ongoing'), DEADLINE)).toMatch(/no result from the provider 120 minutes after/);
  });
});
