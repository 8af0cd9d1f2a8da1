import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import { eligibilityAt } from './next-allowed.js';
import type { ContactAttempt, SchedulingContext } from './types.js';

/**
 * Contacts the lender reports (POST /contact-attempts) reach the rules as history with a direction
 * and an explicit conversation. One row per rule: which contact counts, with the rule's cite.
 */
const AT = '2026-03-10T15:00:00Z'; // Tuesday 10:00 or 11:00 in the zones below
const hoursBefore = (h: number) => new Date(Date.parse(AT) - h * 3600_000).toISOString();
const lender = (n: number, c: Partial<ContactAttempt> = {}): ContactAttempt[] =>
  Array.from({ length: n }, (_, i) => ({ at: hoursBefore((i + 1) * 6), loanId: 'L1', purpose: 'collections', ...c }));

const base: SchedulingContext = {
  customer: { timezone: 'America/New_York', state: 'NY', phoneNumber: '+12125550100' },
  purpose: 'collections',
  loanId: 'L1',
};
const blockers = (ctx: Partial<SchedulingContext>, history: ContactAttempt[]) =>
  eligibilityAt(DateTime.fromISO(AT), { ...base, ...ctx, history }, DEFAULT_SCHEDULER_CONFIG).blocking.map(
    (b) => `${b.rule} (${b.source})`,
  );

describe('outside contacts in the frequency rules', () => {
  it.each<[string, Partial<SchedulingContext>, ContactAttempt[], string | null]>([
    [
      '7 lender calls on the debt: Reg F 7-in-7',
      {},
      lender(7, { channel: 'call' }),
      'regf-call-frequency (Reg F 12 CFR 1006.14(b)(2)(i)(A))',
    ],
    ['6 lender calls: under Reg F 7-in-7', {}, lender(6, { channel: 'call' }), null],
    ['7 lender calls on another debt: Reg F counts per debt', {}, lender(7, { channel: 'call', loanId: 'L2' }), null],
    [
      '7 lender calls without a loan: counted for every debt',
      {},
      lender(7, { channel: 'call', loanId: null }),
      'regf-call-frequency (Reg F 12 CFR 1006.14(b)(2)(i)(A))',
    ],
    [
      '7 lender calls without a purpose: counted toward collections',
      {},
      lender(7, { channel: 'call', purpose: null }),
      'regf-call-frequency (Reg F 12 CFR 1006.14(b)(2)(i)(A))',
    ],
    [
      '7 inbound calls: none was placed, Reg F 7-in-7 does not count them',
      {},
      lender(7, { direction: 'inbound' }),
      null,
    ],
    ['7 lender texts: Reg F counts calls only', {}, lender(7, { channel: 'sms' }), null],
    [
      'an outbound lender call with a conversation: the quiet period',
      {},
      lender(1, { channel: 'call', conversation: true }),
      'regf-after-conversation (Reg F 12 CFR 1006.14(b)(2)(i)(B))',
    ],
    [
      'an inbound conversation: the quiet period too (a telephone conversation, whoever called)',
      {},
      lender(1, { channel: 'call', direction: 'inbound', conversation: true }),
      'regf-after-conversation (Reg F 12 CFR 1006.14(b)(2)(i)(B))',
    ],
    [
      'a text "conversation": no telephone conversation, no quiet period',
      {},
      lender(1, { channel: 'sms', conversation: true }),
      null,
    ],
    [
      '2 lender texts to a Massachusetts debtor: 940 CMR 7.04(1)(f)',
      { customer: { timezone: 'America/New_York', state: 'MA', phoneNumber: '+16175550100' } },
      lender(2, { channel: 'sms' }),
      'ma-collection-call-frequency (940 CMR 7.04(1)(f) (Massachusetts debt collection regulations))',
    ],
    [
      '3 lender emails to a Washington debtor: RCW 19.16.250(13)(a)',
      { customer: { timezone: 'America/Los_Angeles', state: 'WA', phoneNumber: '+12065550100' } },
      lender(3, { channel: 'email' }),
      'wa-collection-contact-frequency (RCW 19.16.250(13)(a) (Washington Collection Agency Act))',
    ],
    [
      '3 inbound emails from a Washington debtor: responses are excepted, none counts',
      { customer: { timezone: 'America/Los_Angeles', state: 'WA', phoneNumber: '+12065550100' } },
      lender(3, { channel: 'email', direction: 'inbound' }),
      null,
    ],
  ])('%s', (_name, ctx, history, expected) => {
    const found = blockers(ctx, history);
    if (expected === null) expect(found).toEqual([]);
    else expect(found).toContain(expected);
  });

  it('New York City counts lender contacts across channels: 6 RCNY 5-77', () => {
    const nyc = { customer: { timezone: 'America/New_York', state: 'NY', city: 'Brooklyn', zipCode: '11201' } };
    const history = [...lender(1, { channel: 'call' }), ...lender(2, { channel: 'email', at: hoursBefore(3) })];
    expect(blockers(nyc, history).some((b) => b.startsWith('nyc-collection-contact-frequency'))).toBe(true);
  });
});
