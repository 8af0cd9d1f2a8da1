import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { planEnrollment } from './plan.js';
import type {
  ContactAttempt,
  CustomerContact,
  EnrollmentPlanInput,
  PlanResult,
  RestrictionKind,
  SchedulerConfig,
} from './types.js';

const NOW = DateTime.fromISO('2026-03-10T14:00:00Z'); // Tue 10:00 EDT
const customer: CustomerContact = {
  timezone: 'America/New_York',
  state: 'NY',
  phoneNumber: '+12125550100',
  mobilePhone: '+19175550100',
};

function plan(
  input: Partial<EnrollmentPlanInput>,
  now = NOW,
  config: SchedulerConfig = DEFAULT_SCHEDULER_CONFIG,
): PlanResult {
  return planEnrollment({ taskType: 'PendingLoanNewLead', loanId: 'L1', customer, ...input }, config, now);
}

function times(result: PlanResult): string[] {
  if (!result.ok) throw new Error(`plan failed: ${result.reason} ${result.message}`);
  return result.calls.map((c) => c.scheduledTime);
}

function movedBy(result: PlanResult, index: number): string[] {
  if (!result.ok) throw new Error('plan failed');
  return result.calls[index].explanation.filter((d) => d.effect === 'moved').map((d) => d.rule);
}

describe('contact restrictions block all outreach', () => {
  it.each<[RestrictionKind, string]>([
    ['do_not_call', 'restriction-do-not-call'],
    ['cease_request', 'restriction-cease-request'],
    ['attorney_representation', 'restriction-attorney-representation'],
    ['bankruptcy', 'restriction-bankruptcy'],
    ['deceased', 'restriction-deceased'],
  ])('%s → contact_restricted (%s)', (kind, rule) => {
    const result = plan({ customer: { ...customer, restrictions: [{ kind }] } });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toBe('contact_restricted');
      expect(result.rule).toBe(rule);
      expect(result.explanation[0]?.effect).toBe('blocked');
    }
  });

  it('honours the doNotCall flag and restricting call outcomes', () => {
    const dnc = plan({ customer: { ...customer, doNotCall: true } });
    expect(dnc.ok ? '' : dnc.rule).toBe('restriction-do-not-call');
    const attorney = plan({
      history: [{ at: '2026-03-01T15:00:00Z', phoneNumber: '+12125550100', flags: ['ATTORNEY_REP'] }],
    });
    expect(attorney.ok ? '' : `${attorney.reason} ${attorney.source}`).toBe(
      'contact_restricted FDCPA 15 U.S.C. 1692c(a)(2); Reg F 12 CFR 1006.6(b)(2)',
    );
  });

  it('a loan-scoped restriction stops only that loan', () => {
    const restrictions = [{ kind: 'cease_request' as const, loanId: 'L2' }];
    expect(plan({ loanId: 'L2', customer: { ...customer, restrictions } }).ok).toBe(false);
    expect(plan({ loanId: 'L1', customer: { ...customer, restrictions } }).ok).toBe(true);
  });
});

describe('phones: wrong numbers and rotation', () => {
  const everyNumber: CustomerContact = {
    ...customer,
    externalMetadata: { cell_phone: '(646) 555-0100', home_phone: '1-718-555-0100', employer_phone: '+13475550100' },
  };

  it('rotates phoneNumber, mobilePhone, cell_phone, home_phone across attempts', () => {
    const result = plan({ customer: everyNumber });
    expect(result.ok && result.calls.map((c) => c.phoneNumber)).toEqual([
      '+12125550100',
      '+19175550100',
      '+16465550100',
      '+17185550100',
      '+12125550100',
    ]);
  });

  it('continues the rotation after the number attempted last', () => {
    const history: ContactAttempt[] = [
      { at: '2026-03-02T15:00:00Z', phoneNumber: '+12125550100', flags: ['NO_ANSWER'] },
      { at: '2026-03-03T15:00:00Z', phoneNumber: '+19175550100', flags: ['NO_ANSWER'] },
    ];
    const result = plan({ customer: everyNumber, history });
    expect(result.ok && result.calls[0].phoneNumber).toBe('+16465550100');
  });

  it('a wrong number removes only that number', () => {
    const result = plan({
      customer: everyNumber,
      history: [{ at: '2026-03-02T15:00:00Z', phoneNumber: '+19175550100', flags: ['WRONG_NUMBER'] }],
    });
    expect(result.ok && result.calls.map((c) => c.phoneNumber)).toEqual([
      '+16465550100', // rotation resumes after the wrong number's position
      '+17185550100',
      '+12125550100',
      '+16465550100',
      '+17185550100',
    ]);
    expect(
      result.ok && result.notes.some((n) => n.rule === 'wrong-number' && n.message.startsWith('+19175550100')),
    ).toBe(true);
  });

  it('no usable number left → no_usable_phone', () => {
    const result = plan({ customer: { ...customer, unusablePhones: ['+12125550100', '+19175550100'] } });
    expect(result.ok ? '' : result.reason).toBe('no_usable_phone');
  });
});

describe('business days and windows in a plan', () => {
  it('moves a Sunday enrollment to Monday 08:00 and explains why', () => {
    const result = plan({}, DateTime.fromISO('2026-03-08T15:00:00Z'));
    expect(times(result)[0]).toBe('2026-03-09T12:00:00.000Z');
    expect(movedBy(result, 0)).toEqual(['blocked-weekday', 'calling-window']);
  });

  it('skips July 3rd 2026 (observed), the 4th and Sunday the 5th', () => {
    const result = plan({}, DateTime.fromISO('2026-07-03T01:30:00Z')); // Thu 21:30 EDT
    expect(times(result)[0]).toBe('2026-07-06T12:00:00.000Z');
    expect(movedBy(result, 0)).toEqual(['calling-window', 'federal-holiday', 'blocked-weekday', 'calling-window']);
  });

  it('waits for 08:00 in the area code zone when it disagrees with the timezone', () => {
    const result = plan(
      { customer: { ...customer, phoneNumber: '+13125550100', mobilePhone: null } },
      DateTime.fromISO('2026-03-10T12:00:00Z'),
    );
    expect(times(result)[0]).toBe('2026-03-10T13:00:00.000Z');
    const explanation = result.ok ? result.calls[0].explanation : [];
    expect(explanation.find((d) => d.rule === 'plausible-zones')?.message).toContain('America/Chicago');
  });

  it('clamps a company window wider than 08:00–21:00', () => {
    const wide: SchedulerConfig = { ...DEFAULT_SCHEDULER_CONFIG, callingWindow: { start: '06:00', end: '23:00' } };
    const result = plan({}, DateTime.fromISO('2026-03-11T02:00:00Z'), wide); // Tue 22:00 EDT
    expect(times(result)[0]).toBe('2026-03-11T12:00:00.000Z');
  });
});

describe('state marketing rules (FL, OK, MD) in a plan', () => {
  const florida = { ...customer, state: 'FL', phoneNumber: '+13055550100', mobilePhone: '+17865550100' };

  it('ends Florida calls at 20:00', () => {
    const atEight = DateTime.fromISO('2026-03-11T00:00:00Z'); // Tue 20:00 EDT
    expect(times(plan({ customer: florida }, atEight))[0]).toBe('2026-03-11T12:00:00.000Z');
    expect(times(plan({}, atEight))[0]).toBe('2026-03-11T00:00:00.000Z'); // New York: open until 21:00
  });

  it('applies to a Florida area code even when the customer lives elsewhere', () => {
    const atEight = DateTime.fromISO('2026-03-11T00:00:00Z');
    const nyWithFloridaPhone = { ...customer, phoneNumber: '+13055550100', mobilePhone: null };
    expect(times(plan({ customer: nyWithFloridaPhone }, atEight))[0]).toBe('2026-03-11T12:00:00.000Z');
  });

  it('keeps at most 3 marketing calls in 24 h, counting history and the plan', () => {
    const history: ContactAttempt[] = [
      { at: '2026-03-10T12:00:00Z', taskType: 'PendingLoanNewLead', flags: ['NO_ANSWER'] },
      { at: '2026-03-10T13:00:00Z', taskType: 'PendingLoanNewLead', flags: ['NO_ANSWER'] },
    ];
    const result = plan({ customer: florida, history });
    expect(times(result).slice(0, 3)).toEqual([
      '2026-03-10T14:00:00.000Z', // 3rd call in 24 h
      '2026-03-11T12:00:00.000Z', // day-0 follow-up waits until the 12:00Z call is 24 h old
      '2026-03-11T14:00:00.000Z',
    ]);
    expect(movedBy(result, 1)).toContain('state-marketing-frequency-fl');
    expect(times(plan({ history }))[1]).toBe('2026-03-10T18:00:00.000Z'); // New York: no such cap
  });
});

describe('collections rules in a plan', () => {
  const collections = (input: Partial<EnrollmentPlanInput>, config?: SchedulerConfig) =>
    plan({ taskType: 'Collections', ...input }, NOW, config);

  it('Massachusetts: the 3rd attempt in 7 days moves past the first', () => {
    const result = collections({
      customer: { ...customer, state: 'MA', phoneNumber: '+16175550100', mobilePhone: null },
    });
    expect(times(result)).toEqual(['2026-03-10T14:00:00.000Z', '2026-03-12T15:00:00.000Z', '2026-03-17T15:00:00.000Z']);
    expect(movedBy(result, 2)).toContain('ma-collection-call-frequency');
  });

  it('Reg F: nothing within 7 days after a conversation about the loan', () => {
    const history: ContactAttempt[] = [{ at: '2026-03-09T15:00:00Z', loanId: 'L1', flags: ['RPC', 'LIVE_CONNECT'] }];
    const result = collections({ history });
    expect(times(result)[0]).toBe('2026-03-16T15:00:00.000Z');
    expect(movedBy(result, 0)).toEqual(['regf-after-conversation']);
    // A conversation about another loan does not hold this one back.
    expect(times(collections({ history: [{ ...history[0], loanId: 'L9' }] }))[0]).toBe('2026-03-10T14:00:00.000Z');
  });

  it('Reg F: at most 7 attempts in 7 days, counting the calls of the same plan', () => {
    const burst: SchedulerConfig = {
      ...DEFAULT_SCHEDULER_CONFIG,
      minGapMinutes: 60,
      taskTypes: {
        Collections: {
          ...DEFAULT_SCHEDULER_CONFIG.taskTypes['Collections'],
          cadence: {
            id: 'burst',
            steps: Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, offsetMinutes: 60 * i })),
          },
        },
      },
    };
    const result = plan({ taskType: 'Collections' }, DateTime.fromISO('2026-03-10T12:00:00Z'), burst);
    const planned = times(result);
    expect(planned).toHaveLength(10);
    expect(planned[6]).toBe('2026-03-10T18:00:00.000Z');
    expect(planned[7]).toBe('2026-03-17T13:00:00.000Z'); // first call + 7 days + 1 h
    expect(movedBy(result, 7)).toContain('regf-call-frequency');
    const ms = planned.map((t) => Date.parse(t));
    for (const start of ms)
      expect(ms.filter((t) => t >= start && t < start + 169 * 3_600_000).length).toBeLessThanOrEqual(7);
  });

  it('a company cap of 3 per 7 days is honoured', () => {
    const tight: SchedulerConfig = { ...DEFAULT_SCHEDULER_CONFIG, limits: { regFMaxAttemptsPer7Days: 3 } };
    const history: ContactAttempt[] = [
      { at: '2026-03-08T15:00:00Z', loanId: 'L1', flags: ['NO_ANSWER'] },
      { at: '2026-03-09T15:00:00Z', loanId: 'L1', flags: ['NO_ANSWER'] },
    ];
    const result = collections({ history }, tight);
    expect(times(result)[0]).toBe('2026-03-10T14:00:00.000Z');
    // Day 2 would be the 4th in 7 days: moved to 03-08 15:00Z + 169 h (a Sunday), then to Monday 08:00.
    expect(times(result)[1]).toBe('2026-03-16T12:00:00.000Z');
    expect(movedBy(result, 1)).toEqual(['regf-call-frequency', 'blocked-weekday', 'calling-window']);
  });
});
