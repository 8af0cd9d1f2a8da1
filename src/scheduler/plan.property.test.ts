/**
 * Property tests: over random customers, zones, states, histories, configurations and "now",
 * no planned call is outside the calling window in any plausible zone, on a blocked day, or over
 * any cap. The checker recomputes everything with luxon and the holiday library directly,
 * independently of the planner's fast paths.
 */
import federalHolidays from '@18f/us-federal-holidays';
import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { areaCodeInfo } from './area-codes.js';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { effectiveRules } from './effective-rules.js';
import { planEnrollment } from './plan.js';
import { stateZones } from './state-zones.js';
import type { ContactAttempt, EnrollmentPlanInput, PlannedCall, Purpose, SchedulerConfig } from './types.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SEVEN_DAYS = 7 * DAY + HOUR;
const MARKETING_STATES = ['FL', 'OK', 'MD'];

const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Boise',
  'America/Puerto_Rico',
  'Europe/London',
];
const STATES = [undefined, 'NY', 'FL', 'OK', 'MD', 'MA', 'TX', 'AZ', 'CA', 'IN', 'HI', 'AK', 'TN', 'ND', 'fl'];
const AREAS = [
  '212',
  '305',
  '850',
  '405',
  '410',
  '617',
  '214',
  '915',
  '480',
  '602',
  '213',
  '317',
  '219',
  '808',
  '907',
  '423',
  '701',
  '312',
  '200',
];
const TASK_TYPES = ['PendingLoanNewLead', 'PendingLoanReturning', 'Collections'];
const FLAG_SETS = [
  ['NO_ANSWER'],
  ['VOICEMAIL'],
  ['RPC'],
  ['RPC', 'LIVE_CONNECT'],
  ['WRONG_NUMBER'],
  ['CONNECT'],
  ['DNC'],
];

const phoneArb = fc
  .tuple(fc.constantFrom(...AREAS), fc.integer({ min: 2_000_000, max: 9_999_999 }))
  .map(([a, n]) => `+1${a}${n}`);

const configArb: fc.Arbitrary<SchedulerConfig> = fc.oneof(
  fc.constant(DEFAULT_SCHEDULER_CONFIG),
  fc
    .record({
      start: fc.integer({ min: 6, max: 11 }),
      end: fc.integer({ min: 16, max: 23 }),
      saturday: fc.boolean(),
      regF: fc.integer({ min: 1, max: 9 }),
      quiet: fc.integer({ min: 5, max: 10 }),
      ma: fc.integer({ min: 1, max: 3 }),
      marketing: fc.integer({ min: 1, max: 4 }),
      minGap: fc.integer({ min: 0, max: 240 }),
    })
    .map((c) => ({
      ...DEFAULT_SCHEDULER_CONFIG,
      callingWindow: { start: `${String(c.start).padStart(2, '0')}:00`, end: `${c.end}:00` },
      blockedWeekdays: c.saturday ? [6] : [],
      minGapMinutes: c.minGap,
      limits: {
        regFMaxAttemptsPer7Days: c.regF,
        regFQuietDaysAfterConversation: c.quiet,
        maCollectionsMaxAttemptsPer7Days: c.ma,
        marketingMaxCallsPer24h: c.marketing,
      },
    })),
);

const scenarioArb = fc
  .record({
    nowMs: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) }),
    timezone: fc.constantFrom(...ZONES),
    state: fc.constantFrom(...STATES),
    phones: fc.array(phoneArb, { minLength: 1, maxLength: 4 }),
    hasMobile: fc.boolean(),
    taskType: fc.constantFrom(...TASK_TYPES),
    daysSincePaidOff: fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
    oneOff: fc.boolean(),
    history: fc.array(
      fc.record({
        offsetMin: fc.integer({ min: -20 * 24 * 60, max: 2 * 24 * 60 }),
        loan: fc.constantFrom('L1', 'L2', undefined),
        phoneIndex: fc.integer({ min: 0, max: 3 }),
        taskType: fc.constantFrom(...TASK_TYPES, undefined),
        flags: fc.constantFrom(...FLAG_SETS, ['NO_ANSWER'], ['NO_ANSWER'], ['NO_ANSWER']),
      }),
      { maxLength: 14 },
    ),
    config: configArb,
  })
  .map((s) => {
    const [phoneNumber, mobile, cell, home] = s.phones;
    const history: ContactAttempt[] = s.history.map((h) => ({
      at: new Date(s.nowMs + h.offsetMin * 60_000).toISOString(),
      loanId: h.loan,
      phoneNumber: s.phones[h.phoneIndex % s.phones.length],
      taskType: h.taskType,
      flags: h.flags,
    }));
    const input: EnrollmentPlanInput = {
      taskType: s.taskType,
      loanId: 'L1',
      daysSincePaidOff: s.daysSincePaidOff,
      oneOff: s.taskType !== 'PendingLoanNewLead' && s.oneOff,
      customer: {
        timezone: s.timezone,
        state: s.state,
        phoneNumber,
        mobilePhone: s.hasMobile ? mobile : undefined,
        externalMetadata: { cell_phone: cell, home_phone: home },
      },
      history,
    };
    return { now: DateTime.fromMillis(s.nowMs, { zone: 'utc' }), input, config: s.config };
  });

// ---- independent checker --------------------------------------------------------------

const holidayDates = new Set<string>();
for (let year = 2024; year <= 2029; year++) {
  for (const h of federalHolidays.allForYear(year)) holidayDates.add(h.dateString);
  for (const h of federalHolidays.allForYear(year, { shiftSaturdayHolidays: false, shiftSundayHolidays: false })) {
    holidayDates.add(h.dateString);
  }
}

function sameBehaviour(a: string, b: string, year: number): boolean {
  for (let month = 0; month < 12; month++) {
    for (const day of [1, 8, 15, 22]) {
      const t = Date.UTC(year, month, day, 12);
      if (IANAZone.create(a).offset(t) !== IANAZone.create(b).offset(t)) return false;
    }
  }
  return true;
}

function plausible(
  tz: string,
  state: string | undefined,
  phone: string,
  year: number,
): { zones: string[]; states: string[] } {
  const code = state?.toUpperCase();
  const area = phone.startsWith('+1') && phone.length === 12 ? areaCodeInfo(phone.slice(2, 5)) : undefined;
  const zones = [tz];
  for (const source of [stateZones(code), area?.zones ?? []]) {
    if (source.length > 0 && !source.some((z) => sameBehaviour(z, tz, year))) zones.push(...source);
  }
  return { zones, states: [code, area?.state].filter((s): s is string => !!s) };
}

function minutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

interface Point {
  ms: number;
  loan: string | undefined;
  purpose: Purpose | undefined;
  rpc: boolean;
  planned: boolean;
}

function capHolds(points: Point[], windowMs: number, max: number): boolean {
  const planned = points.filter((p) => p.planned);
  for (const start of points) {
    const inWindow = points.filter((p) => p.ms >= start.ms && p.ms < start.ms + windowMs);
    if (inWindow.some((p) => p.planned) && inWindow.length > max) return false;
  }
  // Windows that start just after an attempt and end at a planned call.
  for (const p of planned) {
    const inWindow = points.filter((q) => q.ms > p.ms - windowMs && q.ms <= p.ms);
    if (inWindow.length > max) return false;
  }
  return true;
}

function check(scenario: { now: DateTime; input: EnrollmentPlanInput; config: SchedulerConfig }): void {
  const { now, input, config } = scenario;
  const result = planEnrollment(input, config, now);
  const eff = effectiveRules(config).rules;
  const purposeOf = (t: string | null | undefined): Purpose | undefined =>
    t ? (t === 'Collections' ? 'collections' : 'origination') : undefined;
  const purpose = purposeOf(input.taskType)!;
  const history = input.history ?? [];
  const restricted = history.some((h) => h.flags?.includes('DNC'));
  if (restricted) {
    expect(result.ok ? 'ok' : result.reason).toBe('contact_restricted');
    return;
  }
  if (!result.ok) {
    expect(result.reason).not.toBe('contact_restricted');
    return;
  }
  const wrong = new Set(history.filter((h) => h.flags?.includes('WRONG_NUMBER')).map((h) => h.phoneNumber));
  const customer = input.customer;
  const phones = [
    customer.phoneNumber,
    customer.mobilePhone,
    customer.externalMetadata?.['cell_phone'],
    customer.externalMetadata?.['home_phone'],
  ];
  const calls: PlannedCall[] = result.calls;
  if (input.oneOff) expect(calls).toHaveLength(1);

  const points: Point[] = history.map((h) => ({
    ms: Date.parse(h.at as string),
    loan: h.loanId ?? undefined,
    purpose: purposeOf(h.taskType),
    rpc: !!h.flags?.includes('RPC'),
    planned: false,
  }));
  // The customer may live in the state of any number they use.
  const customerStates = new Set(
    phones
      .filter((p): p is string => typeof p === 'string' && !wrong.has(p))
      .flatMap((p) => plausible(customer.timezone, customer.state ?? undefined, p, now.year).states),
  );
  let previous = now.toMillis() - 60_000;
  for (const call of calls) {
    const ms = Date.parse(call.scheduledTime);
    expect(ms).toBeGreaterThanOrEqual(previous);
    previous = ms;
    expect(phones).toContain(call.phoneNumber);
    expect(wrong.has(call.phoneNumber)).toBe(false);

    const { zones } = plausible(customer.timezone, customer.state ?? undefined, call.phoneNumber, now.year);
    const marketing = purpose === 'origination' && [...customerStates].some((s) => MARKETING_STATES.includes(s));
    for (const zone of zones) {
      const local = DateTime.fromMillis(ms, { zone });
      const minute = local.hour * 60 + local.minute;
      const where = `${call.scheduledTime} in ${zone}`;
      expect(minute, where).toBeGreaterThanOrEqual(eff.callingWindow.startMin);
      expect(minute, where).toBeLessThan(eff.callingWindow.endMin);
      if (marketing) expect(minute, where).toBeLessThan(Math.min(minutes('20:00'), eff.marketingWindow.endMin));
      expect(eff.blockedWeekdays.has(local.weekday), `${where} weekday`).toBe(false);
      expect(holidayDates.has(local.toISODate()!), `${where} holiday`).toBe(false);
    }
    if (purpose === 'collections') {
      for (const rpc of points.filter((p) => p.rpc && p.ms <= ms && (p.loan === undefined || p.loan === 'L1'))) {
        expect(ms - rpc.ms, `${call.scheduledTime} after RPC`).toBeGreaterThanOrEqual(
          eff.regFQuietDaysAfterConversation * DAY,
        );
        for (const zone of zones) {
          const callDay = DateTime.fromMillis(ms, { zone }).startOf('day');
          const rpcDay = DateTime.fromMillis(rpc.ms, { zone }).startOf('day');
          expect(Math.round(callDay.diff(rpcDay, 'days').days)).toBeGreaterThanOrEqual(
            eff.regFQuietDaysAfterConversation,
          );
        }
      }
    }
    points.push({ ms, loan: 'L1', purpose, rpc: false, planned: true });
  }

  const states = customerStates;
  const sameLoan = points.filter((p) => p.loan === undefined || p.loan === 'L1');
  if (purpose === 'collections') {
    expect(capHolds(sameLoan, SEVEN_DAYS, eff.regFMaxAttemptsPer7Days), 'Reg F 7-in-7').toBe(true);
    if (states.has('MA'))
      expect(capHolds(sameLoan, SEVEN_DAYS, eff.maCollectionsMaxAttemptsPer7Days), 'MA 2-in-7').toBe(true);
  }
  if (purpose === 'origination' && MARKETING_STATES.some((s) => states.has(s))) {
    const marketingPoints = points.filter((p) => p.purpose !== 'collections');
    expect(capHolds(marketingPoints, DAY, eff.marketingMaxCallsPer24h), 'marketing 3-per-24h').toBe(true);
  }
}

describe('planEnrollment properties', () => {
  it('never plans a call outside the window, on a blocked day, or over a cap', () => {
    fc.assert(fc.property(scenarioArb, check), { numRuns: Number(process.env.SCHEDULER_PROPERTY_RUNS ?? 600) });
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(scenarioArb, ({ now, input, config }) => {
        expect(planEnrollment(input, config, now)).toEqual(planEnrollment(input, config, now));
      }),
      { numRuns: 100 },
    );
  });
});
