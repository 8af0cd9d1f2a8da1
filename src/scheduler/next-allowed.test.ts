import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { eligibilityAt, nextAllowedTime } from './next-allowed.js';
import type { SchedulingContext } from './types.js';

const context: SchedulingContext = {
  customer: { timezone: 'America/New_York', state: 'NY', phoneNumber: '+12125550100' },
  purpose: 'collections',
  loanId: 'L1',
};
const at = (iso: string) => DateTime.fromISO(iso);

describe('nextAllowedTime', () => {
  it('returns the candidate itself when every rule allows it', () => {
    expect(nextAllowedTime(at('2026-03-10T14:00:00Z'), context, DEFAULT_SCHEDULER_CONFIG)).toEqual({
      time: '2026-03-10T14:00:00.000Z',
      decisions: [],
    });
  });

  it('lists each rule that moved the time and where to', () => {
    const result = nextAllowedTime(at('2026-03-08T02:30:00Z'), context, DEFAULT_SCHEDULER_CONFIG); // Sat 21:30 EST
    expect(result.time).toBe('2026-03-09T12:00:00.000Z');
    expect(result.decisions.map((d) => [d.rule, d.from, d.to])).toEqual([
      ['calling-window', '2026-03-08T02:30:00.000Z', '2026-03-08T12:00:00.000Z'],
      ['blocked-weekday', '2026-03-08T12:00:00.000Z', '2026-03-09T04:00:00.000Z'],
      ['calling-window', '2026-03-09T04:00:00.000Z', '2026-03-09T12:00:00.000Z'],
    ]);
    expect(result.decisions[1].source).toBe('Company policy (default: no Sunday calls)');
  });

  it('counts history toward Reg F', () => {
    const history = [{ at: '2026-03-09T15:00:00Z', loanId: 'L1', flags: ['RPC'] }];
    const result = nextAllowedTime(at('2026-03-10T14:00:00Z'), { ...context, history }, DEFAULT_SCHEDULER_CONFIG);
    expect(result.time).toBe('2026-03-16T15:00:00.000Z');
    expect(result.decisions.map((d) => d.rule)).toEqual(['regf-after-conversation']);
  });

  it('is blocked by a contact restriction', () => {
    const result = nextAllowedTime(
      at('2026-03-10T14:00:00Z'),
      { ...context, customer: { ...context.customer, restrictions: [{ kind: 'bankruptcy' }] } },
      DEFAULT_SCHEDULER_CONFIG,
    );
    expect(result.time).toBeNull();
    expect(result.decisions).toMatchObject([
      { rule: 'restriction-bankruptcy', effect: 'blocked', source: '11 U.S.C. 362(a) (bankruptcy automatic stay)' },
    ]);
  });

  it('is blocked for a wrong number but not for the customer’s other number', () => {
    const history = [{ at: '2026-03-01T15:00:00Z', phoneNumber: '+12125550100', flags: ['WRONG_NUMBER'] }];
    const wrong = nextAllowedTime(at('2026-03-10T14:00:00Z'), { ...context, history }, DEFAULT_SCHEDULER_CONFIG);
    expect(wrong.time).toBeNull();
    expect(wrong.decisions[0].rule).toBe('wrong-number');
    const other = nextAllowedTime(
      at('2026-03-10T14:00:00Z'),
      { ...context, history, phoneNumber: '+19175550100' },
      DEFAULT_SCHEDULER_CONFIG,
    );
    expect(other.time).toBe('2026-03-10T14:00:00.000Z');
  });

  it('gives up at the horizon when no time can ever work', () => {
    // With a 09:00–17:00 company window, Guam (UTC+10) and New York (UTC-4) never overlap.
    const result = nextAllowedTime(
      at('2026-03-10T14:00:00Z'),
      { ...context, customer: { ...context.customer, timezone: 'Pacific/Guam', state: 'NY' } },
      { ...DEFAULT_SCHEDULER_CONFIG, callingWindow: { start: '09:00', end: '17:00' } },
    );
    expect(result.time).toBeNull();
    expect(result.decisions[result.decisions.length - 1].rule).toBe('search-horizon');
  });

  it('rejects an ISO history time without offset (it would depend on the process zone)', () => {
    const history = [{ at: '2026-03-09 15:00:00', loanId: 'L1' }];
    expect(() =>
      nextAllowedTime(at('2026-03-10T14:00:00Z'), { ...context, history }, DEFAULT_SCHEDULER_CONFIG),
    ).toThrow(RangeError);
  });
});

describe('eligibilityAt: the rules evaluated at the candidate, with their verdicts', () => {
  const verdicts = (iso: string, ctx: SchedulingContext = context) =>
    eligibilityAt(at(iso), ctx, DEFAULT_SCHEDULER_CONFIG).evaluated.map((v) => `${v.rule}:${v.verdict}`);

  it.each([
    [
      'a NY collections call at 10:00 passes every rule that applies, and only those',
      '2026-03-10T14:00:00Z',
      context,
      [
        'restriction-do-not-call:pass',
        'restriction-cease-request:pass',
        'restriction-attorney-representation:pass',
        'restriction-bankruptcy:pass',
        'restriction-deceased:pass',
        'restriction-debt-dispute:pass',
        'restriction-hardship-review:pass',
        'restriction-fraud-claim:pass',
        'restriction-military-review:pass',
        'restriction-incarcerated:pass',
        'restriction-threat-or-abuse:pass',
        'restriction-accessibility:pass',
        'wrong-number:pass',
        'plausible-zones:pass',
        'blocked-weekday:pass',
        'federal-holiday:pass',
        'calling-window:pass',
        'regf-call-frequency:pass',
        'regf-after-conversation:pass',
      ],
    ],
    [
      'at 21:30 the calling window blocks',
      '2026-03-11T01:30:00Z',
      context,
      [
        'restriction-do-not-call:pass',
        'restriction-cease-request:pass',
        'restriction-attorney-representation:pass',
        'restriction-bankruptcy:pass',
        'restriction-deceased:pass',
        'restriction-debt-dispute:pass',
        'restriction-hardship-review:pass',
        'restriction-fraud-claim:pass',
        'restriction-military-review:pass',
        'restriction-incarcerated:pass',
        'restriction-threat-or-abuse:pass',
        'restriction-accessibility:pass',
        'wrong-number:pass',
        'plausible-zones:pass',
        'blocked-weekday:pass',
        'federal-holiday:pass',
        'calling-window:block',
        'regf-call-frequency:pass',
        'regf-after-conversation:pass',
      ],
    ],
    [
      'a cease request blocks before any time rule is evaluated',
      '2026-03-10T14:00:00Z',
      {
        ...context,
        customer: {
          ...context.customer,
          restrictions: [{ kind: 'cease_request' as const, loanId: null, since: '2026-03-01T00:00:00Z' }],
        },
      },
      ['restriction-cease-request:block'],
    ],
  ])('%s', (_name, iso, ctx, expected) => {
    expect(verdicts(iso, ctx)).toEqual(expected);
  });

  it('a Massachusetts customer has the MA cap evaluated; a blocking rule says why and until when', () => {
    const ma = { ...context, customer: { ...context.customer, state: 'MA', phoneNumber: '+16175550100' } };
    expect(verdicts('2026-03-10T14:00:00Z', ma)).toContain('ma-collection-call-frequency:pass');
    const late = eligibilityAt(at('2026-03-11T01:30:00Z'), context, DEFAULT_SCHEDULER_CONFIG).evaluated.find(
      (v) => v.verdict === 'block',
    );
    expect(late).toMatchObject({ rule: 'calling-window', until: '2026-03-11T12:00:00.000Z' });
    expect(late!.detail).toBeTruthy();
  });
});
