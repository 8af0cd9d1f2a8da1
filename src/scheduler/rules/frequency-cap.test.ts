import { describe, expect, it } from 'vitest';
import { effectiveRules } from '../effective-rules.js';
import type { Channel, Purpose } from '../types.js';
import { DAY, HOUR, isoFromMs, zoneClock } from '../zone-clock.js';
import { buildRules, SEVEN_DAY_WINDOW_MS } from './build-rules.js';
import type { AttemptPoint, RuleContext, SchedulingRule } from './rule.js';

const rules = buildRules(effectiveRules({ taskTypes: {}, transferFallback: 'x' }).rules);
const rule = (id: string): SchedulingRule => rules.find((r) => r.id === id)!;
const regF = rule('regf-call-frequency');
const massachusetts = rule('ma-collection-call-frequency');
const florida = rule('state-marketing-frequency-fl');
const newYorkCity = rule('nyc-collection-contact-frequency');
const washington = rule('wa-collection-contact-frequency');
const washingtonDaily = rule('wa-collection-mobile-daily');

const T0 = Date.parse('2026-03-02T14:00:00Z'); // Monday 09:00 EST

function attempt(
  atMs: number,
  loanId: string | undefined = 'L1',
  purpose: Purpose | undefined = 'collections',
  channel: Channel = 'call',
): AttemptPoint {
  return { atMs, loanId, purpose, conversation: false, planned: false, channel };
}

function ctx(attempts: AttemptPoint[], over: Partial<RuleContext> = {}): RuleContext {
  return {
    zones: [zoneClock('America/New_York')!],
    states: ['NY'],
    purpose: 'collections',
    loanId: 'L1',
    attempts: [...attempts].sort((a, b) => a.atMs - b.atMs),
    ...over,
  };
}

function next(r: SchedulingRule, atMs: number, context: RuleContext): string | true {
  const check = r.check(atMs, context);
  if (check.ok) return true;
  return check.until === null ? 'blocked' : isoFromMs(check.until);
}

const daily = (n: number, loanId?: string) => Array.from({ length: n }, (_, i) => attempt(T0 + i * DAY, loanId));

describe('Reg F 1006.14(b)(2)(i)(A): 7 telephone calls per 7 days per loan', () => {
  it('applies to collections calls only', () => {
    expect(regF.applies(ctx([]))).toBe(true);
    expect(regF.applies(ctx([], { purpose: 'origination' }))).toBe(false);
    expect(regF.applies(ctx([], { channel: 'sms' }))).toBe(false);
    expect(regF.source).toBe('Reg F 12 CFR 1006.14(b)(2)(i)(A)');
  });

  it('does not count texts or emails toward the 7 calls', () => {
    const texts = Array.from({ length: 7 }, (_, i) =>
      attempt(T0 + i * HOUR, 'L1', 'collections', i % 2 ? 'sms' : 'email'),
    );
    expect(next(regF, T0 + 6 * DAY, ctx(texts))).toBe(true);
  });

  it('allows the 7th attempt and moves the 8th until the first leaves the window', () => {
    const six = daily(6);
    expect(next(regF, T0 + 6 * DAY, ctx(six))).toBe(true);
    const seven = daily(7);
    expect(next(regF, T0 + 6 * DAY + 2 * HOUR, ctx(seven))).toBe(isoFromMs(T0 + SEVEN_DAY_WINDOW_MS));
    expect(next(regF, T0 + SEVEN_DAY_WINDOW_MS, ctx(seven))).toBe(true);
    expect(next(regF, T0 + SEVEN_DAY_WINDOW_MS - 60_000, ctx(seven))).toBe(isoFromMs(T0 + SEVEN_DAY_WINDOW_MS));
  });

  it('counts per loan: attempts about another loan do not count', () => {
    expect(next(regF, T0 + 6 * DAY + HOUR, ctx(daily(7, 'L2')))).toBe(true);
    // An attempt without a loan might be about this one, so it counts.
    expect(next(regF, T0 + 6 * DAY + HOUR, ctx(daily(7).map((a) => ({ ...a, loanId: undefined }))))).not.toBe(true);
  });

  it('reports its budget: attempts in the window ending now, and when the oldest leaves it', () => {
    const three = [
      attempt(T0),
      attempt(T0 + DAY),
      attempt(T0 + 2 * DAY),
      attempt(T0 + 3 * DAY, 'L2'),
      attempt(T0 + 9 * DAY),
    ];
    expect(regF.budget!(T0 + 3 * DAY, ctx(three))).toEqual({
      rule: 'regf-call-frequency',
      source: 'Reg F 12 CFR 1006.14(b)(2)(i)(A)',
      used: 3,
      limit: 7,
      window: '7-day',
      nextFreesAt: T0 + SEVEN_DAY_WINDOW_MS,
    });
    expect(regF.budget!(T0, ctx([])).nextFreesAt).toBeNull();
  });

  it('counts already-pending later attempts in windows containing the candidate', () => {
    const future = Array.from({ length: 7 }, (_, i) => attempt(T0 + DAY + i * HOUR));
    expect(next(regF, T0, ctx(future))).not.toBe(true);
  });
});

describe('940 CMR 7.04(1)(f): Massachusetts collections, 2 attempts per 7 days per debt', () => {
  it('applies to collections for MA customers only', () => {
    expect(massachusetts.applies(ctx([], { states: ['MA'] }))).toBe(true);
    expect(massachusetts.applies(ctx([], { states: ['NY'] }))).toBe(false);
    expect(massachusetts.applies(ctx([], { states: ['MA'], purpose: 'origination' }))).toBe(false);
  });

  it('moves the 3rd attempt in 7 days', () => {
    const two = [attempt(T0), attempt(T0 + DAY)];
    const context = ctx(two, { states: ['MA'] });
    expect(next(massachusetts, T0 + 2 * DAY, context)).toBe(isoFromMs(T0 + SEVEN_DAY_WINDOW_MS));
    expect(next(massachusetts, T0 + 2 * DAY, ctx([attempt(T0)], { states: ['MA'] }))).toBe(true);
  });

  it('counts calls and texts together: a call after two texts waits, and so does a text after two calls', () => {
    const texts = [attempt(T0, 'L1', 'collections', 'sms'), attempt(T0 + DAY, 'L1', 'collections', 'sms')];
    expect(next(massachusetts, T0 + 2 * DAY, ctx(texts, { states: ['MA'] }))).toBe(isoFromMs(T0 + SEVEN_DAY_WINDOW_MS));
    const calls = [attempt(T0), attempt(T0 + DAY)];
    expect(massachusetts.applies(ctx(calls, { states: ['MA'], channel: 'sms' }))).toBe(true);
    expect(next(massachusetts, T0 + 2 * DAY, ctx(calls, { states: ['MA'], channel: 'sms' }))).toBe(
      isoFromMs(T0 + SEVEN_DAY_WINDOW_MS),
    );
  });

  it('does not count or cap email, which is not a telephone communication', () => {
    const emails = [attempt(T0, 'L1', 'collections', 'email'), attempt(T0 + DAY, 'L1', 'collections', 'email')];
    expect(next(massachusetts, T0 + 2 * DAY, ctx(emails, { states: ['MA'] }))).toBe(true);
    expect(massachusetts.applies(ctx([], { states: ['MA'], channel: 'email' }))).toBe(false);
  });
});

describe('New York City 6 RCNY § 5-77: 3 contact attempts per 7 days across channels', () => {
  const nyc = (attempts: AttemptPoint[], over: Partial<RuleContext> = {}) =>
    ctx(attempts, { localities: ['NYC'], ...over });

  it('cites the amended rule without a paragraph it could not verify', () => {
    expect(newYorkCity.source).toBe(
      'New York City 6 RCNY § 5-77 as amended (DCWP; in force 2026-09-01; paragraph not verified against the rule text)',
    );
  });

  it('applies to collections for New York City customers, whatever the channel', () => {
    expect(newYorkCity.applies(nyc([]))).toBe(true);
    expect(newYorkCity.applies(nyc([], { channel: 'email' }))).toBe(true);
    expect(newYorkCity.applies(ctx([]))).toBe(false); // NY state outside the city
    expect(newYorkCity.applies(nyc([], { purpose: 'origination' }))).toBe(false);
  });

  it('counts a call, a text and an email together and about any loan; moves the 4th', () => {
    const three = [
      attempt(T0),
      attempt(T0 + DAY, 'L2', 'collections', 'sms'),
      attempt(T0 + 2 * DAY, undefined, 'collections', 'email'),
    ];
    expect(next(newYorkCity, T0 + 3 * DAY, nyc(three))).toBe(isoFromMs(T0 + SEVEN_DAY_WINDOW_MS));
    expect(next(newYorkCity, T0 + 3 * DAY, nyc(three.slice(1)))).toBe(true);
    expect(next(newYorkCity, T0 + SEVEN_DAY_WINDOW_MS, nyc(three))).toBe(true);
  });
});

describe('RCW 19.16.250(13)(a): Washington, 3 communications per week with the debtor in any form', () => {
  it('cites subsection (13)(a), the presumption of harassment', () => {
    expect(washington.source).toBe('RCW 19.16.250(13)(a) (Washington Collection Agency Act)');
  });

  it('applies to collections for WA customers (or WA area codes)', () => {
    expect(washington.applies(ctx([], { states: ['WA'] }))).toBe(true);
    expect(washington.applies(ctx([], { states: ['OR'] }))).toBe(false);
    expect(washington.applies(ctx([], { states: ['WA'], purpose: 'origination' }))).toBe(false);
  });

  it('counts every channel and moves the 4th communication in 7 days', () => {
    const three = [
      attempt(T0, 'L1', 'collections', 'email'),
      attempt(T0 + DAY, 'L2'),
      attempt(T0 + 2 * DAY, 'L1', 'collections', 'sms'),
    ];
    expect(next(washington, T0 + 3 * DAY, ctx(three, { states: ['WA'] }))).toBe(isoFromMs(T0 + SEVEN_DAY_WINDOW_MS));
    expect(next(washington, T0 + 3 * DAY, ctx(three.slice(0, 2), { states: ['WA'] }))).toBe(true);
  });

  it('counts per debtor, not per debt: three attempts about three loans move a fourth about any loan', () => {
    const three = [
      attempt(T0, 'L1'),
      attempt(T0 + DAY, 'L2', 'collections', 'sms'),
      attempt(T0 + 2 * DAY, 'L3', 'collections', 'email'),
    ];
    expect(next(washington, T0 + 3 * DAY, ctx(three, { states: ['WA'], loanId: 'L4' }))).toBe(
      isoFromMs(T0 + SEVEN_DAY_WINDOW_MS),
    );
  });

  it('holds a rolling 7 days, stricter than a calendar week: after Sunday, Monday and Tuesday, Wednesday moves', () => {
    const sunday = Date.parse('2026-03-01T15:00:00Z');
    const three = [attempt(sunday), attempt(T0), attempt(T0 + DAY)];
    expect(next(washington, T0 + 2 * DAY, ctx(three, { states: ['WA'] }))).toBe(
      isoFromMs(sunday + SEVEN_DAY_WINDOW_MS),
    );
  });
});

describe('RCW 19.16.250(18): Washington, at most 2 calls and texts a day to a mobile', () => {
  it('applies to collections calls and texts for WA customers, not emails or origination', () => {
    expect(washingtonDaily.source).toBe('RCW 19.16.250(18) (Washington Collection Agency Act)');
    expect(washingtonDaily.applies(ctx([], { states: ['WA'] }))).toBe(true);
    expect(washingtonDaily.applies(ctx([], { states: ['WA'], channel: 'sms' }))).toBe(true);
    expect(washingtonDaily.applies(ctx([], { states: ['WA'], channel: 'email' }))).toBe(false);
    expect(washingtonDaily.applies(ctx([], { states: ['WA'], purpose: 'origination' }))).toBe(false);
    expect(washingtonDaily.applies(ctx([], { states: ['OR'] }))).toBe(false);
  });

  it('a call and a text move a third contact by phone to 25 hours after the first; an email does not count', () => {
    const two = [attempt(T0), attempt(T0 + HOUR, 'L2', 'collections', 'sms')];
    expect(next(washingtonDaily, T0 + 2 * HOUR, ctx(two, { states: ['WA'] }))).toBe(isoFromMs(T0 + DAY + HOUR));
    expect(
      next(
        washingtonDaily,
        T0 + 2 * HOUR,
        ctx([attempt(T0), attempt(T0 + HOUR, 'L1', 'collections', 'email')], { states: ['WA'] }),
      ),
    ).toBe(true);
  });

  it('is stricter than the weekly cap: three calls on one day are refused although 3 a week are allowed', () => {
    const two = [attempt(T0), attempt(T0 + HOUR)];
    expect(next(washington, T0 + 2 * HOUR, ctx(two, { states: ['WA'] }))).toBe(true);
    expect(next(washingtonDaily, T0 + 2 * HOUR, ctx(two, { states: ['WA'] }))).not.toBe(true);
  });
});

describe('FL/OK/MD marketing: 3 calls per 24 hours', () => {
  const marketing = (times: number[]) =>
    ctx(
      times.map((t) => attempt(t, undefined, 'origination')),
      { purpose: 'origination', states: ['FL'] },
    );

  it('applies to origination for FL customers (or FL area codes)', () => {
    expect(florida.applies(marketing([]))).toBe(true);
    expect(florida.applies(ctx([], { purpose: 'origination', states: ['GA'] }))).toBe(false);
    expect(florida.applies(ctx([], { purpose: 'collections', states: ['FL'] }))).toBe(false);
  });

  it('allows a 3rd call within 24 h and moves a 4th to 24 h after the first', () => {
    expect(next(florida, T0 + 4 * HOUR, marketing([T0, T0 + 2 * HOUR]))).toBe(true);
    expect(next(florida, T0 + 6 * HOUR, marketing([T0, T0 + 2 * HOUR, T0 + 4 * HOUR]))).toBe(isoFromMs(T0 + DAY));
    expect(next(florida, T0 + DAY, marketing([T0, T0 + 2 * HOUR, T0 + 4 * HOUR]))).toBe(true);
  });

  it('does not count collection calls', () => {
    const collections = ctx([attempt(T0), attempt(T0 + HOUR), attempt(T0 + 2 * HOUR)], {
      purpose: 'origination',
      states: ['FL'],
    });
    expect(next(florida, T0 + 3 * HOUR, collections)).toBe(true);
  });

  it('blocks outright when a company sets the cap to 0', () => {
    const zero = buildRules(
      effectiveRules({ taskTypes: {}, transferFallback: 'x', limits: { marketingMaxCallsPer24h: 0 } }).rules,
    ).find((r) => r.id === 'state-marketing-frequency-fl')!;
    expect(next(zero, T0, marketing([]))).toBe('blocked');
  });
});
