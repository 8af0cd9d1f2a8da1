import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { nextAllowedTime } from './next-allowed.js';
import type { ContactAttempt, SchedulingContext } from './types.js';

/** A collections customer in New York (no state cap beyond Reg F). */
const context: SchedulingContext = {
  customer: { timezone: 'America/New_York', state: 'NY', phoneNumber: '+12125550100' },
  purpose: 'collections',
  loanId: 'L1',
};
const at = (iso: string) => DateTime.fromISO(iso);
/** Tuesday 2026-03-10 14:00 New York. */
const CANDIDATE = '2026-03-10T18:00:00Z';
const sevenCalls: ContactAttempt[] = Array.from({ length: 7 }, (_, i) => ({
  at: `2026-03-${String(4 + i).padStart(2, '0')}T13:00:00Z`,
  loanId: 'L1',
}));

describe('a call the borrower asked for (12 CFR 1006.14(b)(3)(i))', () => {
  it('is not limited by 7-in-7: seven calls this week move an ordinary call, not a requested one', () => {
    const ordinary = nextAllowedTime(at(CANDIDATE), { ...context, history: sevenCalls }, DEFAULT_SCHEDULER_CONFIG);
    expect(ordinary.decisions.map((d) => d.rule)).toContain('regf-call-frequency');
    expect(ordinary.time).not.toBe('2026-03-10T18:00:00.000Z');
    const requested = nextAllowedTime(
      at(CANDIDATE),
      { ...context, history: sevenCalls, requested: true },
      DEFAULT_SCHEDULER_CONFIG,
    );
    expect(requested).toEqual({ time: '2026-03-10T18:00:00.000Z', decisions: [] });
  });

  it('is not held by the quiet period after the conversation in which it was asked for', () => {
    const history = [{ at: '2026-03-09T15:00:00Z', loanId: 'L1', flags: ['RPC', 'CALLBACK_REQUEST'] }];
    expect(nextAllowedTime(at(CANDIDATE), { ...context, history }, DEFAULT_SCHEDULER_CONFIG).time).toBe(
      '2026-03-16T15:00:00.000Z',
    );
    expect(
      nextAllowedTime(at(CANDIDATE), { ...context, history, requested: true }, DEFAULT_SCHEDULER_CONFIG).time,
    ).toBe('2026-03-10T18:00:00.000Z');
  });

  it('is not counted toward the 7-in-7 of the other calls', () => {
    const history: ContactAttempt[] = [
      ...sevenCalls.slice(1),
      { at: '2026-03-09T20:00:00Z', loanId: 'L1', requested: true },
    ];
    // Six counted calls: a seventh ordinary call is allowed now.
    expect(nextAllowedTime(at(CANDIDATE), { ...context, history }, DEFAULT_SCHEDULER_CONFIG).time).toBe(
      '2026-03-10T18:00:00.000Z',
    );
    const counted = [...history.slice(0, -1), { at: '2026-03-09T20:00:00Z', loanId: 'L1' }];
    expect(nextAllowedTime(at(CANDIDATE), { ...context, history: counted }, DEFAULT_SCHEDULER_CONFIG).time).not.toBe(
      '2026-03-10T18:00:00.000Z',
    );
  });

  it('still keeps calling hours, blocked days and restrictions', () => {
    // 22:30 on a Saturday in New York: the window, then Sunday, move it to Monday 08:00.
    const late = nextAllowedTime(at('2026-03-08T03:30:00Z'), { ...context, requested: true }, DEFAULT_SCHEDULER_CONFIG);
    expect(late.time).toBe('2026-03-09T12:00:00.000Z');
    expect(late.decisions.map((d) => d.rule)).toEqual(['calling-window', 'blocked-weekday', 'calling-window']);
    const restricted = nextAllowedTime(
      at(CANDIDATE),
      { ...context, requested: true, customer: { ...context.customer, restrictions: [{ kind: 'debt_dispute' }] } },
      DEFAULT_SCHEDULER_CONFIG,
    );
    expect(restricted.time).toBeNull();
  });
});
