import { describe, expect, it } from 'vitest';
import { isoFromMs, zoneClock } from '../zone-clock.js';
import { blockedDateReason, blockedDayRule, federalHolidayReason, weekdayReason } from './business-days.js';
import { BLOCKED_WEEKDAYS, COMPANY_BLOCKED_DATES, FEDERAL_HOLIDAYS } from './catalog.js';
import type { RuleContext, SchedulingRule } from './rule.js';

const sunday = blockedDayRule({ ...BLOCKED_WEEKDAYS, blockedReason: weekdayReason(new Set([7])) });
const holidays = blockedDayRule({ ...FEDERAL_HOLIDAYS, blockedReason: federalHolidayReason });

function ctx(...zones: string[]): RuleContext {
  return {
    zones: zones.map((z) => zoneClock(z)!),
    states: [],
    purpose: 'origination',
    loanId: undefined,
    attempts: [],
  };
}

function next(rule: SchedulingRule, iso: string, context = ctx('America/New_York')): string | true {
  const check = rule.check(Date.parse(iso), context);
  if (check.ok) return true;
  return check.until === null ? 'blocked' : isoFromMs(check.until);
}

describe('no Sunday calls', () => {
  it('moves a Sunday to Monday 00:00 customer-local', () => {
    expect(next(sunday, '2026-03-08T15:00:00Z')).toBe('2026-03-09T04:00:00.000Z'); // Sun → Mon 00:00 EDT
    expect(next(sunday, '2026-03-07T15:00:00Z')).toBe(true); // Saturday
    expect(next(sunday, '2026-03-09T15:00:00Z')).toBe(true); // Monday
  });

  it('uses the local date: Saturday 23:00 in Los Angeles is already Sunday in UTC but not locally', () => {
    expect(next(sunday, '2026-03-08T06:00:00Z', ctx('America/Los_Angeles'))).toBe(true); // Sat 22:00 PST
    expect(next(sunday, '2026-03-08T06:00:00Z', ctx('America/New_York'))).toBe('2026-03-09T04:00:00.000Z'); // Sun 01:00 EST
  });

  it('blocks a day that is Sunday in any plausible zone', () => {
    // Monday 00:30 New York is still Sunday 21:30 in Los Angeles.
    expect(next(sunday, '2026-03-09T04:30:00Z', ctx('America/New_York', 'America/Los_Angeles'))).toBe(
      '2026-03-09T07:00:00.000Z',
    );
  });

  it('honours extra blocked weekdays from configuration', () => {
    const weekend = blockedDayRule({ ...BLOCKED_WEEKDAYS, blockedReason: weekdayReason(new Set([6, 7])) });
    expect(next(weekend, '2026-03-07T15:00:00Z')).toBe('2026-03-09T04:00:00.000Z'); // Sat → Mon
  });
});

describe('no calls on US federal holidays (observed)', () => {
  it('blocks 2026-07-03 (July 4th observed) and the 4th itself', () => {
    expect(next(holidays, '2026-07-03T14:00:00Z')).toBe('2026-07-05T04:00:00.000Z');
    expect(next(holidays, '2026-07-04T14:00:00Z')).toBe('2026-07-05T04:00:00.000Z');
    expect(next(holidays, '2026-07-02T14:00:00Z')).toBe(true);
  });

  it('blocks Thanksgiving in local time only', () => {
    // 2026-11-27T03:00Z is Thursday 22:00 EST (holiday) but Friday in UTC.
    expect(next(holidays, '2026-11-27T03:00:00Z')).toBe('2026-11-27T05:00:00.000Z');
    expect(next(holidays, '2026-11-27T13:00:00Z')).toBe(true);
  });

  it('explains which holiday', () => {
    const check = holidays.check(Date.parse('2026-07-03T14:00:00Z'), ctx('America/New_York'));
    expect(check.ok ? '' : check.message).toContain('observed US federal holiday Independence Day');
  });
});

describe('company blocked dates', () => {
  it('blocks the configured local dates', () => {
    const rule = blockedDayRule({
      ...COMPANY_BLOCKED_DATES,
      blockedReason: blockedDateReason(new Set([Date.UTC(2026, 11, 24) / 86_400_000])),
    });
    expect(next(rule, '2026-12-24T15:00:00Z')).toBe('2026-12-25T05:00:00.000Z');
    expect(next(rule, '2026-12-23T15:00:00Z')).toBe(true);
  });
});
