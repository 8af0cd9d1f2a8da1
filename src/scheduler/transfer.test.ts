import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { compileConfig } from './compile-config.js';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { planEnrollment } from './plan.js';
import { routeTransfer } from './transfer.js';
import type { SchedulerConfig } from './types.js';

const config: SchedulerConfig = {
  taskTypes: {
    PendingLoanNewLead: {
      purpose: 'origination',
      cadence: { id: 'one', steps: [{ id: 'only' }] },
      transfer: [
        {
          id: 'east-desk',
          destination: '+18005550001',
          hours: {
            zone: 'America/New_York',
            days: [1, 2, 3, 4, 5],
            start: '09:00',
            end: '17:00',
            closedOnFederalHolidays: true,
          },
        },
        {
          id: 'west-desk',
          destination: '+18005550002',
          hours: { zone: 'America/Los_Angeles', days: [1, 2, 3, 4, 5, 6], start: '09:00', end: '17:00' },
        },
      ],
    },
  },
  transferFallback: 'voicemail:callback',
};
const routes = compileConfig(config).taskTypes.get('PendingLoanNewLead')!.routes;
const route = (iso: string) => routeTransfer(routes, 'voicemail:callback', Date.parse(iso)).destination;

describe('transfer routing (business-hours aware, with fallback)', () => {
  it.each([
    ['2026-03-10T13:00:00Z', '+18005550001', 'Tue 09:00 New York: east desk open'],
    ['2026-03-10T20:59:00Z', '+18005550001', 'Tue 16:59 New York'],
    ['2026-03-10T21:00:00Z', '+18005550002', 'Tue 17:00 New York closed; 14:00 Los Angeles open'],
    ['2026-03-11T01:00:00Z', 'voicemail:callback', 'Tue 18:00 Los Angeles: both closed → fallback'],
    ['2026-03-14T18:00:00Z', '+18005550002', 'Saturday: only the west desk works'],
    ['2026-07-03T18:00:00Z', '+18005550002', 'July 3rd observed holiday: east desk closed, west desk 11:00'],
  ])('%s → %s (%s)', (iso, expected) => {
    expect(route(iso)).toBe(expected);
  });

  it('explains the fallback', () => {
    const { decision } = routeTransfer(routes, 'voicemail:callback', Date.parse('2026-03-11T01:00:00Z'));
    expect(decision).toMatchObject({ rule: 'transfer-routing', effect: 'selected' });
    expect(decision.message).toBe('no route open at the call time (east-desk, west-desk); fallback destination');
  });

  it('every planned call carries the destination for its time', () => {
    const customer = { timezone: 'America/New_York', state: 'NY', phoneNumber: '+12125550100' };
    const morning = planEnrollment(
      { taskType: 'PendingLoanNewLead', customer },
      config,
      DateTime.fromISO('2026-03-10T14:00:00Z'),
    );
    const evening = planEnrollment(
      { taskType: 'PendingLoanNewLead', customer },
      config,
      DateTime.fromISO('2026-03-10T22:30:00Z'),
    );
    expect(morning.ok && morning.calls[0].transferDestination).toBe('+18005550001');
    expect(evening.ok && evening.calls[0].transferDestination).toBe('+18005550002');
    const late = planEnrollment(
      { taskType: 'PendingLoanReturning', customer },
      DEFAULT_SCHEDULER_CONFIG,
      DateTime.fromISO('2026-03-11T00:30:00Z'), // 20:30 EDT: loan officers gone
    );
    expect(late.ok && late.calls[0].transferDestination).toBe('voicemail:callback-request');
  });
});
