import { describe, expect, it } from 'vitest';
import { effectiveRules } from '../effective-rules.js';
import { isoFromMs, zoneClock } from '../zone-clock.js';
import { buildRules } from './build-rules.js';
import type { AttemptPoint, RuleContext } from './rule.js';

const rules = buildRules(effectiveRules({ taskTypes: {}, transferFallback: 'x' }).rules);
const quiet = rules.find((r) => r.id === 'regf-after-conversation')!;

function rpc(iso: string, loanId: string | undefined = 'L1'): AttemptPoint {
  return { atMs: Date.parse(iso), loanId, purpose: 'collections', conversation: true, planned: false };
}

function ctx(attempts: AttemptPoint[], over: Partial<RuleContext> = {}): RuleContext {
  return {
    zones: [zoneClock('America/New_York')!],
    states: [],
    purpose: 'collections',
    loanId: 'L1',
    attempts,
    ...over,
  };
}

function next(iso: string, context: RuleContext): string | true {
  const check = quiet.check(Date.parse(iso), context);
  if (check.ok) return true;
  return check.until === null ? 'blocked' : isoFromMs(check.until);
}

describe('Reg F 1006.14(b)(2)(i)(B): no call within 7 days after a telephone conversation', () => {
  it('names its source and applies to collections only', () => {
    expect(quiet.source).toBe('Reg F 12 CFR 1006.14(b)(2)(i)(B)');
    expect(quiet.applies(ctx([]))).toBe(true);
    expect(quiet.applies(ctx([], { purpose: 'origination' }))).toBe(false);
  });

  it('waits 7 × 24 h after the conversation (across the DST change)', () => {
    // Conversation Mon 2026-03-02 10:00 EST; 168 h later is 2026-03-09T15:00Z (11:00 EDT).
    const context = ctx([rpc('2026-03-02T15:00:00Z')]);
    expect(next('2026-03-03T15:00:00Z', context)).toBe('2026-03-09T15:00:00.000Z');
    expect(next('2026-03-09T14:59:00Z', context)).toBe('2026-03-09T15:00:00.000Z');
    expect(next('2026-03-09T15:00:00Z', context)).toBe(true);
  });

  it('also waits for the 8th local calendar day (the conversation day is day 1)', () => {
    // Conversation Sun 2026-11-01 00:30 EDT (day 1); +168 h = Sat 2026-11-07 23:30 EST, still
    // day 7 locally because the week gained an hour; the calendar reading ends Sun 2026-11-08 00:00 EST.
    const context = ctx([rpc('2026-11-01T04:30:00Z')]);
    expect(next('2026-11-08T04:30:00Z', context)).toBe('2026-11-08T05:00:00.000Z');
    expect(next('2026-11-08T05:00:00Z', context)).toBe(true);
  });

  it('is per loan: a conversation about another loan does not block', () => {
    expect(next('2026-03-03T15:00:00Z', ctx([rpc('2026-03-02T15:00:00Z', 'L2')]))).toBe(true);
  });

  it('does not hold back a text or an email: the quiet period is about telephone calls', () => {
    expect(quiet.applies(ctx([], { channel: 'sms' }))).toBe(false);
    expect(quiet.applies(ctx([], { channel: 'email' }))).toBe(false);
  });

  it('ignores attempts that were not conversations', () => {
    const voicemail = { ...rpc('2026-03-02T15:00:00Z'), conversation: false };
    expect(next('2026-03-03T15:00:00Z', ctx([voicemail]))).toBe(true);
  });

  it('honours a longer company quiet period', () => {
    const ten = buildRules(
      effectiveRules({ taskTypes: {}, transferFallback: 'x', limits: { regFQuietDaysAfterConversation: 10 } }).rules,
    ).find((r) => r.id === 'regf-after-conversation')!;
    const check = ten.check(Date.parse('2026-03-10T15:00:00Z'), ctx([rpc('2026-03-02T15:00:00Z')]));
    expect(check.ok ? '' : isoFromMs(check.until!)).toBe('2026-03-12T15:00:00.000Z');
  });
});
