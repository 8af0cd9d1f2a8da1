import { describe, expect, it } from 'vitest';
import type { ContactAttempt } from '../../scheduler/index.js';
import type { CustomerRow } from '../borrowers/borrowers.js';
import type { MessageRow } from '../scheduled-messages/scheduled-messages.js';
import { defaultCompanyConfig } from '../shared/company-config.js';
import { windowVerdict } from './message-checks.js';

const NOW = new Date('2026-12-08T15:00:00Z'); // Tuesday 10:00 in Boston
const customer = {
  id: 'c1',
  companyId: 'co',
  timezone: 'America/New_York',
  state: 'MA',
  city: 'Boston',
  zipCode: '02108',
  phoneNumber: '+16175550100',
  externalMetadata: null,
  doNotCall: false,
} as unknown as CustomerRow;
const text = { id: 'm1', channel: 'sms', purpose: 'collections', loanId: 'debt-1' } as unknown as MessageRow;
const call = (hoursAgo: number, flags: string[] = []): ContactAttempt => ({
  at: new Date(NOW.getTime() - hoursAgo * 3600_000).toISOString(),
  channel: 'call',
  loanId: 'debt-1',
  purpose: 'collections',
  flags,
});

describe('the send-time check counts calls toward the caps that count texts (940 CMR 7.04(1)(f))', () => {
  it('sends a Massachusetts collections text after one call this week', () => {
    const verdict = windowVerdict(text, customer, [], defaultCompanyConfig(), NOW, [call(24)]);
    expect(verdict).toMatchObject({ send: true });
    expect(verdict.rules).toContainEqual(
      expect.objectContaining({ rule: 'ma-collection-call-frequency', verdict: 'pass' }),
    );
  });

  it('holds it after two calls, naming the rule', () => {
    const verdict = windowVerdict(text, customer, [], defaultCompanyConfig(), NOW, [call(48), call(24)]);
    expect(verdict.send).toBe(false);
    expect(verdict.send === false && verdict.status).toBe('pending');
    expect(verdict.send === false && verdict.reason).toContain('940 CMR 7.04(1)(f)');
  });

  it('does not hold an email, and Reg F 7-in-7 never holds a text', () => {
    const email = { ...text, channel: 'email' } as MessageRow;
    const verdict = windowVerdict(email, customer, [], defaultCompanyConfig(), NOW, [call(48), call(24)]);
    expect(verdict).toMatchObject({ send: true });
    expect(verdict.rules!.map((r) => r.rule)).not.toContain('ma-collection-call-frequency');
    const texas = { ...customer, state: 'TX', phoneNumber: '+15125550100' } as CustomerRow;
    const week = Array.from({ length: 7 }, (_, i) => call(2 + i * 20));
    expect(windowVerdict(text, texas, [], defaultCompanyConfig(), NOW, week)).toMatchObject({ send: true });
  });
});
