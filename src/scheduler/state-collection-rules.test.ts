import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { customerLocalities } from './localities.js';
import { nextAllowedTime } from './next-allowed.js';
import { STATE_MARKETING_RULES } from './rules/catalog.js';
import type { ContactAttempt, SchedulingContext } from './types.js';

const at = (iso: string) => DateTime.fromISO(iso);

describe('FL/OK/MD telephone-solicitation limits are for telemarketing only', () => {
  const florida: SchedulingContext = {
    customer: { timezone: 'America/New_York', state: 'FL', phoneNumber: '+13055550100' },
    purpose: 'collections',
    loanId: 'L1',
  };
  const threeCalls: ContactAttempt[] = ['2026-03-10T13:00:00Z', '2026-03-10T14:00:00Z', '2026-03-10T15:00:00Z'].map(
    (t) => ({
      at: t,
      loanId: 'L1',
      purpose: 'collections',
    }),
  );

  it('lets a 4th collections call within 24 h go to a Florida customer', () => {
    const result = nextAllowedTime(
      at('2026-03-10T16:00:00Z'),
      { ...florida, history: threeCalls },
      DEFAULT_SCHEDULER_CONFIG,
    );
    expect(result.time).toBe('2026-03-10T16:00:00.000Z');
  });

  it('still holds a 4th origination call in 24 h', () => {
    const marketing = threeCalls.map((c) => ({ ...c, purpose: 'origination' as const }));
    const result = nextAllowedTime(
      at('2026-03-10T16:00:00Z'),
      { ...florida, purpose: 'origination', history: marketing },
      DEFAULT_SCHEDULER_CONFIG,
    );
    expect(result.time).toBe('2026-03-11T13:00:00.000Z');
    expect(result.decisions.map((d) => d.rule)).toContain('state-marketing-frequency-fl');
  });

  it('says so in the catalog', () => {
    expect(STATE_MARKETING_RULES.map((r) => r.state)).toEqual(['FL', 'OK', 'MD']);
  });
});

describe('cross-channel collection caps through nextAllowedTime', () => {
  const texts = (n: number): ContactAttempt[] =>
    Array.from({ length: n }, (_, i) => ({
      at: `2026-03-0${2 + i}T15:00:00Z`,
      channel: 'sms',
      loanId: 'L1',
      purpose: 'collections',
    }));

  it('places a New York City customer by address and counts their texts', () => {
    const nyc: SchedulingContext = {
      customer: {
        timezone: 'America/New_York',
        state: 'NY',
        city: 'Brooklyn',
        zipCode: '11201',
        phoneNumber: '+17185550100',
      },
      purpose: 'collections',
      loanId: 'L1',
      history: texts(3),
    };
    const result = nextAllowedTime(at('2026-03-05T15:00:00Z'), nyc, DEFAULT_SCHEDULER_CONFIG);
    expect(result.decisions.map((d) => d.rule)).toContain('nyc-collection-contact-frequency');
    expect(result.time).toBe('2026-03-09T16:00:00.000Z'); // the first text leaves the 7-day (+1 h) window
    const buffalo = {
      ...nyc,
      customer: { ...nyc.customer, city: 'Buffalo', zipCode: '14201', phoneNumber: '+17165550100' },
    };
    expect(nextAllowedTime(at('2026-03-05T15:00:00Z'), buffalo, DEFAULT_SCHEDULER_CONFIG).time).toBe(
      '2026-03-05T15:00:00.000Z',
    );
  });

  it('holds a Massachusetts call after two texts about the debt', () => {
    const ma: SchedulingContext = {
      customer: { timezone: 'America/New_York', state: 'MA', phoneNumber: '+16175550100' },
      purpose: 'collections',
      loanId: 'L1',
      history: texts(2),
    };
    const result = nextAllowedTime(at('2026-03-05T15:00:00Z'), ma, DEFAULT_SCHEDULER_CONFIG);
    expect(result.decisions.map((d) => d.rule)).toEqual(['ma-collection-call-frequency']);
    expect(result.time).toBe('2026-03-09T16:00:00.000Z');
  });
});

describe('customerLocalities', () => {
  it.each([
    [{ state: 'NY', city: 'New York', zipCode: null }, ['NYC']],
    [{ state: 'ny', city: ' staten  island ', zipCode: '' }, ['NYC']],
    [{ state: 'NY', city: 'Flushing', zipCode: '11354' }, ['NYC']],
    [{ state: 'NY', city: 'Floral Park', zipCode: '11001' }, []],
    [{ state: 'NY', city: 'Buffalo', zipCode: '14201' }, []],
    [{ state: 'NJ', city: 'New York', zipCode: '10001' }, []],
  ])('%o → %o', (customer, expected) => {
    expect(customerLocalities(customer)).toEqual(expected);
  });
});
