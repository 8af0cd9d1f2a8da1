import { DEFAULT_HORIZON_DAYS, DEFAULT_MIN_GAP_MINUTES } from './effective-rules.js';
import { CALLING_WINDOW } from './rules/catalog.js';
import type { BusinessHours, CadenceConfig, SchedulerConfig } from './types.js';

/** Loan officers take transfers on weekdays 09:00–18:00 Eastern, closed on federal holidays. */
const LOAN_OFFICER_HOURS: BusinessHours = {
  zone: 'America/New_York',
  days: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '18:00',
  closedOnFederalHolidays: true,
};

export const NEW_LEAD_CADENCE: CadenceConfig = {
  id: 'new-lead',
  steps: [
    { id: 'day0-initial', day: 0 },
    { id: 'day0-follow-up', day: 0, offsetMinutes: 240 },
    { id: 'day1', day: 1, at: '10:00' },
    { id: 'day3', day: 3, at: '13:00' },
    { id: 'day7', day: 7, at: '17:30' },
  ],
};

/** Returning borrower without daysSincePaidOff: one initial call, then a mobile fallback. */
export const RETURNING_INITIAL_CADENCE: CadenceConfig = {
  id: 'returning-initial',
  steps: [
    { id: 'initial', day: 0, phone: 'primary' },
    { id: 'mobile-fallback', fallback: true, offsetMinutes: 30, phone: 'mobile' },
  ],
};

export const RETURNING_RECENT_CADENCE: CadenceConfig = {
  id: 'returning-0-30',
  steps: [
    { id: 'day0', day: 0 },
    { id: 'day2', day: 2, at: '11:00' },
    { id: 'day5', day: 5, at: '16:00' },
  ],
};

export const RETURNING_MID_CADENCE: CadenceConfig = {
  id: 'returning-31-90',
  steps: [
    { id: 'day0', day: 0 },
    { id: 'day3', day: 3, at: '12:00' },
    { id: 'day10', day: 10, at: '12:00' },
  ],
};

export const RETURNING_LAPSED_CADENCE: CadenceConfig = {
  id: 'returning-91-plus',
  steps: [
    { id: 'day0', day: 0 },
    { id: 'day14', day: 14, at: '12:00' },
  ],
};

export const COLLECTIONS_CADENCE: CadenceConfig = {
  id: 'collections',
  steps: [
    { id: 'day0', day: 0 },
    { id: 'day2', day: 2, at: '11:00' },
    { id: 'day4', day: 4, at: '17:00' },
  ],
};

/**
 * The working default every new company starts from. Company overrides may only tighten the
 * rules (effective-rules.ts clamps anything looser).
 */
export const DEFAULT_SCHEDULER_CONFIG: SchedulerConfig = {
  callingWindow: { start: CALLING_WINDOW.start, end: CALLING_WINDOW.end },
  blockedWeekdays: [7],
  blockedDates: [],
  limits: {},
  minGapMinutes: DEFAULT_MIN_GAP_MINUTES,
  horizonDays: DEFAULT_HORIZON_DAYS,
  taskTypes: {
    PendingLoanNewLead: {
      purpose: 'origination',
      cadence: NEW_LEAD_CADENCE,
      oneOffAllowed: false,
      transfer: [
        { id: 'new-lead-loan-officers', destination: 'queue:new-lead-loan-officers', hours: LOAN_OFFICER_HOURS },
      ],
    },
    PendingLoanReturning: {
      purpose: 'origination',
      cadence: RETURNING_INITIAL_CADENCE,
      byDaysSincePaidOff: [
        { min: 0, max: 30, cadence: RETURNING_RECENT_CADENCE },
        { min: 31, max: 90, cadence: RETURNING_MID_CADENCE },
        { min: 91, max: null, cadence: RETURNING_LAPSED_CADENCE },
      ],
      oneOffAllowed: true,
      transfer: [
        { id: 'returning-loan-officers', destination: 'queue:returning-loan-officers', hours: LOAN_OFFICER_HOURS },
      ],
    },
    Collections: {
      purpose: 'collections',
      cadence: COLLECTIONS_CADENCE,
      oneOffAllowed: true,
      transfer: [
        {
          id: 'collections-agents',
          destination: 'queue:collections-agents',
          hours: { ...LOAN_OFFICER_HOURS, days: [1, 2, 3, 4, 5, 6], start: '08:00', end: '20:00' },
        },
      ],
    },
  },
  transferFallback: 'voicemail:callback-request',
};
