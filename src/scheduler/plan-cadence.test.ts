import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { planEnrollment } from './plan.js';
import type { CustomerContact, EnrollmentPlanInput, PlanResult } from './types.js';

// Tuesday 2026-03-10 10:00 EDT: an ordinary business day inside the window.
const NOW = DateTime.fromISO('2026-03-10T14:00:00Z');
const customer: CustomerContact = {
  timezone: 'America/New_York',
  state: 'NY',
  phoneNumber: '+12125550100',
  mobilePhone: '+19175550100',
};

function plan(input: Partial<EnrollmentPlanInput>, now = NOW): PlanResult {
  return planEnrollment(
    { taskType: 'PendingLoanNewLead', loanId: 'L1', customer, ...input },
    DEFAULT_SCHEDULER_CONFIG,
    now,
  );
}

function calls(result: PlanResult) {
  if (!result.ok) throw new Error(`plan failed: ${result.reason} ${result.message}`);
  return result.calls.map((c) => ({ time: c.scheduledTime, phone: c.phoneNumber, step: c.step, fallback: c.fallback }));
}

describe('new-lead cadence (PendingLoanNewLead)', () => {
  it('plans day 0, 0 + 4 h, 1, 3 and 7 at their configured local times, rotating numbers', () => {
    const result = plan({});
    expect(result.ok && result.cadence).toBe('new-lead');
    expect(calls(result)).toEqual([
      { time: '2026-03-10T14:00:00.000Z', phone: '+12125550100', step: 'day0-initial', fallback: false },
      { time: '2026-03-10T18:00:00.000Z', phone: '+19175550100', step: 'day0-follow-up', fallback: false },
      { time: '2026-03-11T14:00:00.000Z', phone: '+12125550100', step: 'day1', fallback: false },
      { time: '2026-03-13T17:00:00.000Z', phone: '+19175550100', step: 'day3', fallback: false },
      { time: '2026-03-17T21:30:00.000Z', phone: '+12125550100', step: 'day7', fallback: false },
    ]);
  });

  it('treats daysInApplied as context only: no step is skipped', () => {
    const fresh = plan({ daysInApplied: 0 });
    const old = plan({ daysInApplied: 365 });
    expect(calls(old)).toEqual(calls(fresh));
    expect(calls(old)).toHaveLength(5);
    expect(old.ok && old.notes.some((n) => n.message.includes('daysInApplied 365'))).toBe(true);
  });

  it('refuses oneOff for a new lead', () => {
    const result = plan({ oneOff: true });
    expect(result.ok ? '' : result.reason).toBe('one_off_not_allowed');
  });

  it('refuses an unknown task type', () => {
    const result = plan({ taskType: 'Mystery' });
    expect(result.ok ? '' : result.reason).toBe('unknown_task_type');
  });

  it('refuses an unusable timezone without state to fall back on', () => {
    const result = plan({ customer: { ...customer, timezone: 'Mars/Olympus', state: null } });
    expect(result.ok ? '' : result.reason).toBe('invalid_timezone');
  });
});

describe('returning cadences (PendingLoanReturning)', () => {
  const returning = (input: Partial<EnrollmentPlanInput>) => plan({ taskType: 'PendingLoanReturning', ...input });

  it.each([
    [0, 'returning-0-30', 3],
    [30, 'returning-0-30', 3],
    [31, 'returning-31-90', 3],
    [90, 'returning-31-90', 3],
    [91, 'returning-91-plus', 2],
    [1000, 'returning-91-plus', 2],
  ])('daysSincePaidOff %i selects %s', (days, cadence, count) => {
    const result = returning({ daysSincePaidOff: days });
    expect(result.ok && result.cadence).toBe(cadence);
    expect(calls(result)).toHaveLength(count);
  });

  it('plans the 31–90 cadence on days 0, 3 and 10', () => {
    expect(calls(returning({ daysSincePaidOff: 45 })).map((c) => c.time)).toEqual([
      '2026-03-10T14:00:00.000Z',
      '2026-03-13T16:00:00.000Z',
      '2026-03-20T16:00:00.000Z',
    ]);
  });

  it('refuses a daysSincePaidOff no range covers', () => {
    const result = returning({ daysSincePaidOff: -1 });
    expect(result.ok ? '' : result.reason).toBe('no_cadence_for_days_since_paid_off');
  });

  it('omitted daysSincePaidOff: one initial call to phoneNumber, mobile fallback 30 min later', () => {
    const result = returning({});
    expect(result.ok && result.cadence).toBe('returning-initial');
    expect(calls(result)).toEqual([
      { time: '2026-03-10T14:00:00.000Z', phone: '+12125550100', step: 'initial', fallback: false },
      { time: '2026-03-10T14:30:00.000Z', phone: '+19175550100', step: 'mobile-fallback', fallback: true },
    ]);
  });

  it('omitted daysSincePaidOff without a mobile phone: the initial call only', () => {
    const result = returning({ customer: { ...customer, mobilePhone: null } });
    expect(calls(result)).toEqual([
      { time: '2026-03-10T14:00:00.000Z', phone: '+12125550100', step: 'initial', fallback: false },
    ]);
    expect(result.ok && result.skipped.map((s) => [s.step, s.reason])).toEqual([
      ['mobile-fallback', 'no_fallback_phone'],
    ]);
  });

  it('omitted daysSincePaidOff with a wrong phoneNumber: the initial call goes to the mobile, no fallback', () => {
    const result = returning({
      history: [{ at: '2026-03-01T15:00:00Z', phoneNumber: '+12125550100', flags: ['WRONG_NUMBER'] }],
    });
    expect(calls(result)).toEqual([
      { time: '2026-03-10T14:00:00.000Z', phone: '+19175550100', step: 'initial', fallback: false },
    ]);
  });

  it('oneOff: exactly one call, no mobile fallback, whatever daysSincePaidOff says', () => {
    for (const daysSincePaidOff of [undefined, 10, 400]) {
      const result = returning({ oneOff: true, daysSincePaidOff });
      expect(result.ok && result.cadence).toBe('one-off');
      expect(calls(result)).toEqual([
        { time: '2026-03-10T14:00:00.000Z', phone: '+12125550100', step: 'one-off', fallback: false },
      ]);
    }
  });
});

describe('cadence times across the DST change', () => {
  // Friday 2026-03-06 10:00 EST; clocks spring forward on Sunday 2026-03-08.
  const friday = DateTime.fromISO('2026-03-06T15:00:00Z');
  const returning = (timezone: string, state: string, phoneNumber: string) =>
    plan(
      { taskType: 'PendingLoanReturning', daysSincePaidOff: 45, customer: { timezone, state, phoneNumber } },
      friday,
    );

  it('keeps "day 3 at 12:00" at 12:00 local in New York (EDT after the change)', () => {
    expect(calls(returning('America/New_York', 'NY', '+12125550100')).map((c) => c.time)).toEqual([
      '2026-03-06T15:00:00.000Z', // 10:00 EST
      '2026-03-09T16:00:00.000Z', // Mon 12:00 EDT
      '2026-03-16T16:00:00.000Z',
    ]);
  });

  it('keeps Phoenix on MST: 12:00 local is 19:00Z before and after', () => {
    expect(calls(returning('America/Phoenix', 'AZ', '+16025550100')).map((c) => c.time)).toEqual([
      '2026-03-06T15:00:00.000Z', // 08:00 MST
      '2026-03-09T19:00:00.000Z',
      '2026-03-16T19:00:00.000Z',
    ]);
  });
});
