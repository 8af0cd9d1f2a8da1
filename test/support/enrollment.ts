import { DateTime } from 'luxon';
import { isFederalHoliday } from '../../src/scheduler/index.js';

/** Tuesday 2026-12-08 10:00 in New York: a business day inside the window, after the `test` sunset. */
export const NOW = new Date('2026-12-08T15:00:00Z');
/** Before the 2026-10-25 sunset of `test` (Tuesday 2026-10-06 11:00 New York). */
export const BEFORE_SUNSET = new Date('2026-10-06T15:00:00Z');

export function enrollBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    scheduleMode: 'enroll',
    taskType: 'PendingLoanNewLead',
    id: 'cust-1',
    loanId: 'loan-1',
    firstName: 'Maria',
    lastName: 'Alvarez',
    phoneNumber: '(212) 736-5000',
    timezone: 'America/New_York',
    ...overrides,
  };
}

export function replaceBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'cust-r',
    taskType: 'PendingLoanNewLead',
    firstName: 'Ada',
    lastName: 'Lovelace',
    timezone: 'America/Chicago',
    phoneNumber: '(512) 555-0143',
    email: 'ada@example.com',
    streetAddress1: '1200 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    ...overrides,
  };
}

let counter = 0;
/** A fresh Idempotency-Key. */
export const newKey = (prefix = 'k') => `${prefix}-${process.pid}-${++counter}`;

/** True when a UTC instant is inside 08:00–21:00 local time on a day that is not Sunday or a federal holiday. */
export function insideCallingRules(iso: string, zone: string): boolean {
  const local = DateTime.fromISO(iso, { zone });
  const minutes = local.hour * 60 + local.minute;
  return minutes >= 8 * 60 && minutes < 21 * 60 && local.weekday !== 7 && !isFederalHoliday(local.toISODate()!);
}

/** An enrollment row of a batch (`scheduleMode: enroll`): the enrollment body without the mode, plus its own key. */
export function enrollRow(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { scheduleMode: _mode, ...body } = enrollBody({ id });
  return { idempotencyKey: newKey('row'), ...body, ...overrides };
}

/**
 * A replacement sync of a test customer in Albany, NY, onto the Collections cadence of loan
 * `loan-<id>`: the sandbox's magic number `phoneNumber` decides how its calls end.
 */
export function collectionsSyncBody(id: string, phoneNumber: string): Record<string, unknown> {
  return replaceBody({
    id,
    taskType: 'Collections',
    loanId: `loan-${id}`,
    timezone: 'America/New_York',
    phoneNumber,
    state: 'NY',
    city: 'Albany',
    zipCode: '12207',
    isTest: true,
  });
}
