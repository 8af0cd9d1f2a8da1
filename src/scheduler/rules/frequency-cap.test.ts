import { describe, expect, it } from 'vitest';
import { effectiveRules } from '../effective-rules.js';
import type { Purpose } from '../types.js';
import { DAY, HOUR, isoFromMs, zoneClock } from '../zone-clock.js';
import { buildRules, SEVEN_DAY_WINDOW_MS } from './build-rules.js';
import type { AttemptPoint, RuleContext, SchedulingRule } from './rule.js';

const rules = buildRules(effectiveRules({ taskTypes: {}, transferFallback: 'x' }).rules);
const rule = (id: string): SchedulingRule => rules.find((r) => r.id === id)!;
const regF = rule('regf-call-frequency');
const massachusetts = rule('ma-collection-call-frequency');
const florida = rule('state-marketing-frequency-fl');

const T0 = Date.parse('2026-03-02T14:00:00Z'); // Monday 09:00 EST

function attempt(atMs: number, loanId: string | undefined = 'L1', purpose: Purpose | undefined = 'collections'): AttemptPoint {
  return { atMs, loanId, purpose, conversation: false, planned: false };
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

describe('Reg F 1006.14(b)(2)(i): 7 attempts per 7 days per loan', () => {
  it('applies to collections only', () => {
    expect(regF.applies(ctx([]))).toBe(true);
    expect(regF.applies(ctx([], { purpose: 'origination' }))).toBe(false);
    expect(regF.source).toBe('Reg F 12 CFR 1006.14(b)(2)(i)');
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
});

describe('FL/OK/MD marketing: 3 calls per 24 hours', () => {
  const marketing = (times: number[]) =>
    ctx(times.map((t) => attempt(t, undefined, 'origination')), { purpose: 'origination', states: ['FL'] });

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
    const collections = ctx([attempt(T0), attempt(T0 + HOUR), attempt(T0 + 2 * HOUR)], { purpose: 'origination', states: ['FL'] });
    expect(next(florida, T0 + 3 * HOUR, collections)).toBe(true);
  });

  it('blocks outright when a company sets the cap to 0', () => {
    const zero = buildRules(
      effectiveRules({ taskTypes: {}, transferFallback: 'x', limits: { marketingMaxCallsPer24h: 0 } }).rules,
    ).find((r) => r.id === 'state-marketing-frequency-fl')!;
    expect(next(zero, T0, marketing([]))).toBe('blocked');
  });
});
