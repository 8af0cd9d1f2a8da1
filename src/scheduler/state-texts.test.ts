import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { eligibilityAt } from './next-allowed.js';
import { ruleCatalog } from './rule-catalog.js';
import type { Channel, ContactAttempt, Purpose, SchedulingContext } from './types.js';

/** State and city rules as their texts read, one row per rule with its cite. */
const hoursBefore = (at: string, h: number) => new Date(Date.parse(at) - h * 3600_000).toISOString();
const ctxOf = (
  state: string,
  zone: string,
  purpose: Purpose,
  channel: Channel,
  extra: Partial<SchedulingContext['customer']> = {},
): SchedulingContext => ({
  customer: { timezone: zone, state, phoneNumber: '+15125550100', ...extra },
  purpose,
  loanId: 'L1',
  channel,
});
const blocking = (at: string, ctx: SchedulingContext, history: ContactAttempt[] = []) =>
  eligibilityAt(DateTime.fromISO(at), { ...ctx, history }, DEFAULT_SCHEDULER_CONFIG).blocking.map((b) => b.rule);

// Tuesday 2026-12-08 12:00 in New York and Chicago (17:00Z / 18:00Z).
const NOON_ET = '2026-12-08T17:00:00Z';
const NOON_CT = '2026-12-08T18:00:00Z';

describe('Maryland counts texts: Md. Code, Com. Law §§ 14-4501(d), 14-4503', () => {
  const texts = (n: number, purpose: Purpose = 'origination'): ContactAttempt[] =>
    Array.from({ length: n }, (_, i) => ({ at: hoursBefore(NOON_ET, 2 + i * 5), channel: 'sms', purpose }));
  it.each<[string, Channel, ContactAttempt[], boolean]>([
    ['3 solicitation texts in 24 h: no 4th text', 'sms', texts(3), true],
    ['3 solicitation texts in 24 h: no call either', 'call', texts(3), true],
    ['2 texts and 1 call: no 4th contact', 'sms', [...texts(2), { at: hoursBefore(NOON_ET, 1) }], true],
    ['2 solicitation texts: a 3rd may go', 'sms', texts(2), false],
    ['3 collection texts: not solicitation, not counted', 'sms', texts(3, 'collections'), false],
  ])('%s', (_name, channel, history, blocked) => {
    const rules = blocking(NOON_ET, ctxOf('MD', 'America/New_York', 'origination', channel), history);
    expect(rules.includes('state-marketing-frequency-md')).toBe(blocked);
  });

  it('the catalog cites the Maryland text and marks what was not read', () => {
    expect(ruleCatalog().get('state-marketing-frequency-md')).toMatchObject({
      source: expect.stringContaining('14-4501(d)'),
      unverified: expect.any(String),
    });
  });
});

describe('Florida § 501.616(6) is the Florida Telemarketing Act and counts calls', () => {
  it.each<[string, Channel, ContactAttempt[], boolean]>([
    [
      '3 solicitation calls in 24 h: no 4th call',
      'call',
      [1, 4, 7].map((h) => ({ at: hoursBefore(NOON_ET, h) })),
      true,
    ],
    [
      '3 solicitation texts: Florida counts calls',
      'sms',
      [1, 4, 7].map((h) => ({ at: hoursBefore(NOON_ET, h), channel: 'sms' as const })),
      false,
    ],
  ])('%s', (_name, channel, history, blocked) => {
    const rules = blocking(NOON_ET, ctxOf('FL', 'America/New_York', 'origination', channel), history);
    expect(rules.includes('state-marketing-frequency-fl')).toBe(blocked);
  });
  it('is cited as the Telemarketing Act', () => {
    expect(ruleCatalog().get('state-marketing-frequency-fl')!.source).toBe(
      'Fla. Stat. § 501.616(6) (Florida Telemarketing Act)',
    );
  });
});

describe('Oklahoma 15 O.S. § 755.1: AI-agent calls 09:00–21:00, collections included', () => {
  it.each<[string, string, Purpose, Channel, boolean]>([
    ['08:30 collections call', '2026-12-08T14:30:00Z', 'collections', 'call', true],
    ['08:30 origination call', '2026-12-08T14:30:00Z', 'origination', 'call', true],
    ['09:00 collections call', '2026-12-08T15:00:00Z', 'collections', 'call', false],
    ['20:30 collections call', '2026-12-09T02:30:00Z', 'collections', 'call', false],
    ['08:30 collections text: not a call', '2026-12-08T14:30:00Z', 'collections', 'sms', false],
  ])('%s', (_name, at, purpose, channel, blocked) => {
    const rules = blocking(at, ctxOf('OK', 'America/Chicago', purpose, channel));
    expect(rules.includes('ok-adad-hours')).toBe(blocked);
  });
  it('is not applied outside Oklahoma', () => {
    expect(blocking('2026-12-08T14:30:00Z', ctxOf('TX', 'America/Chicago', 'collections', 'call'))).not.toContain(
      'ok-adad-hours',
    );
  });
});

describe('New York City 6 RCNY § 5-77: per account from 2026-09-01', () => {
  const nyc = (loanId: string) => ({
    ...ctxOf('NY', 'America/New_York', 'collections', 'call', { city: 'New York', zipCode: '10001' }),
    loanId,
  });
  const onL2 = (at: string): ContactAttempt[] =>
    [2, 5, 8].map((h) => ({ at: hoursBefore(at, h), loanId: 'L2', channel: 'email', purpose: 'collections' }));
  it.each<[string, string, string, ContactAttempt[], boolean]>([
    ['3 attempts on another account after 2026-09-01: not counted', NOON_ET, 'L1', onL2(NOON_ET), false],
    ['3 attempts on the same account after 2026-09-01', NOON_ET, 'L2', onL2(NOON_ET), true],
    [
      '3 attempts without an account: counted for every account',
      NOON_ET,
      'L1',
      onL2(NOON_ET).map((a) => ({ ...a, loanId: null })),
      true,
    ],
    [
      '3 attempts on another account before 2026-09-01: per consumer',
      '2026-08-25T16:00:00Z',
      'L1',
      onL2('2026-08-25T16:00:00Z'),
      true,
    ],
  ])('%s', (_name, at, loanId, history, blocked) => {
    expect(blocking(at, nyc(loanId), history).includes('nyc-collection-contact-frequency')).toBe(blocked);
  });
});

it('noon in Chicago is inside every window (sanity of the fixtures)', () => {
  expect(blocking(NOON_CT, ctxOf('OK', 'America/Chicago', 'collections', 'call'))).toEqual([]);
});
