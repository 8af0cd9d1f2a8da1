import { describe, expect, it } from 'vitest';
import { SchedulerConfigError, effectiveRules } from './effective-rules.js';
import type { SchedulerConfig } from './types.js';

const base: SchedulerConfig = { taskTypes: {}, transferFallback: 'voicemail:callback' };

describe('company configuration may only tighten the defaults', () => {
  it('uses the regulatory defaults when nothing is configured', () => {
    const { rules, adjustments } = effectiveRules(base);
    expect(rules.callingWindow).toEqual({ startMin: 480, endMin: 1260 });
    expect(rules.marketingWindow).toEqual({ startMin: 480, endMin: 1200 });
    expect([...rules.blockedWeekdays]).toEqual([7]);
    expect(rules.regFMaxAttemptsPer7Days).toBe(7);
    expect(rules.regFQuietDaysAfterConversation).toBe(7);
    expect(rules.maCollectionsMaxAttemptsPer7Days).toBe(2);
    expect(rules.marketingMaxCallsPer24h).toBe(3);
    expect(adjustments).toEqual([]);
  });

  it('clamps a wider calling window to 08:00–21:00 and reports it', () => {
    const { rules, adjustments } = effectiveRules({ ...base, callingWindow: { start: '07:00', end: '22:00' } });
    expect(rules.callingWindow).toEqual({ startMin: 480, endMin: 1260 });
    expect(adjustments).toEqual([
      {
        field: 'callingWindow',
        requested: { start: '07:00', end: '22:00' },
        applied: { start: '08:00', end: '21:00' },
        reason: 'may only narrow the default 08:00–21:00',
      },
    ]);
  });

  it('keeps a narrower window, and the state marketing window stays inside it', () => {
    const { rules, adjustments } = effectiveRules({ ...base, callingWindow: { start: '09:30', end: '19:00' } });
    expect(rules.callingWindow).toEqual({ startMin: 570, endMin: 1140 });
    expect(rules.marketingWindow).toEqual({ startMin: 570, endMin: 1140 });
    expect(adjustments).toEqual([]);
  });

  it('clamps higher caps and shorter quiet periods, keeps tighter ones', () => {
    const loose = effectiveRules({
      ...base,
      limits: {
        regFMaxAttemptsPer7Days: 10,
        regFQuietDaysAfterConversation: 3,
        maCollectionsMaxAttemptsPer7Days: 5,
        marketingMaxCallsPer24h: 9,
        marketingWindow: { start: '07:00', end: '21:00' },
      },
    });
    expect(loose.rules.regFMaxAttemptsPer7Days).toBe(7);
    expect(loose.rules.regFQuietDaysAfterConversation).toBe(7);
    expect(loose.rules.maCollectionsMaxAttemptsPer7Days).toBe(2);
    expect(loose.rules.marketingMaxCallsPer24h).toBe(3);
    expect(loose.rules.marketingWindow).toEqual({ startMin: 480, endMin: 1200 });
    expect(loose.adjustments.map((a) => a.field)).toEqual([
      'limits.marketingWindow',
      'limits.marketingMaxCallsPer24h',
      'limits.maCollectionsMaxAttemptsPer7Days',
      'limits.regFMaxAttemptsPer7Days',
      'limits.regFQuietDaysAfterConversation',
    ]);

    const tight = effectiveRules({
      ...base,
      limits: {
        regFMaxAttemptsPer7Days: 3,
        regFQuietDaysAfterConversation: 14,
        maCollectionsMaxAttemptsPer7Days: 1,
        marketingMaxCallsPer24h: 2,
      },
    });
    expect(tight.rules.regFMaxAttemptsPer7Days).toBe(3);
    expect(tight.rules.regFQuietDaysAfterConversation).toBe(14);
    expect(tight.rules.maCollectionsMaxAttemptsPer7Days).toBe(1);
    expect(tight.rules.marketingMaxCallsPer24h).toBe(2);
    expect(tight.adjustments).toEqual([]);
  });

  it('always blocks Sunday, whatever blockedWeekdays says', () => {
    const { rules, adjustments } = effectiveRules({ ...base, blockedWeekdays: [6] });
    expect([...rules.blockedWeekdays].sort()).toEqual([6, 7]);
    expect(adjustments[0]?.field).toBe('blockedWeekdays');
  });

  it('rejects malformed values', () => {
    expect(() => effectiveRules({ ...base, callingWindow: { start: '8am', end: '21:00' } })).toThrow(
      SchedulerConfigError,
    );
    expect(() => effectiveRules({ ...base, callingWindow: { start: '21:30', end: '22:00' } })).toThrow(/empty/);
    expect(() => effectiveRules({ ...base, blockedDates: ['2026-02-30'] })).toThrow(/YYYY-MM-DD/);
    expect(() => effectiveRules({ ...base, blockedWeekdays: [1, 2, 3, 4, 5, 6] })).toThrow(/every weekday/);
    expect(() => effectiveRules({ ...base, limits: { regFMaxAttemptsPer7Days: 2.5 } })).toThrow(SchedulerConfigError);
  });
});
