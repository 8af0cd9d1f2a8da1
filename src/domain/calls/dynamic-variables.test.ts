import { describe, expect, it } from 'vitest';
import { defaultCompanyConfig } from '../shared/company-config.js';
import type { CompanyConfig } from '../shared/company-config-types.js';
import { daysPastDue, dynamicVariablesOf } from './dynamic-variables.js';

const NOW = new Date('2026-12-08T14:59:50Z');
const voicemail = { businessName: 'Acme Lending', agentName: 'Sam', callbackNumber: '+12025550199' };
const withVoicemail: CompanyConfig = { ...defaultCompanyConfig(), calls: { voicemail } };
const loan = { amountDue: '412.50', dueDate: '2026-11-20' };
const customer = { firstName: 'Ada', timezone: 'America/New_York' };
const base = { transferDestination: '+12125550000', customer, companyName: 'Acme Inc', now: NOW };

/** One row per task purpose and configuration: exactly the keys each call sends (docs/operators/voice-provider.md#dynamic-variables). */
describe('dynamic variables per task purpose', () => {
  it.each([
    {
      name: 'origination: common variables only, even with a loan',
      facts: { ...base, purpose: 'origination' as const, config: withVoicemail, loan },
      want: {
        transfer_destination: '+12125550000',
        borrower_first_name: 'Ada',
        lender_name: 'Acme Lending',
        language: 'en',
        callback_number: '+12025550199',
      },
    },
    {
      name: 'collections: adds amount due, due date and days past due',
      facts: { ...base, purpose: 'collections' as const, config: withVoicemail, loan },
      want: {
        transfer_destination: '+12125550000',
        borrower_first_name: 'Ada',
        lender_name: 'Acme Lending',
        language: 'en',
        callback_number: '+12025550199',
        amount_due: '412.50',
        due_date: '2026-11-20',
        days_past_due: '18',
      },
    },
    {
      name: "collections with the company's payment page: adds the call's payment link",
      facts: {
        ...base,
        purpose: 'collections' as const,
        config: defaultCompanyConfig(),
        loan: { amountDue: '10', dueDate: null },
        paymentLink: 'https://outreach.example.com/pay/AZrA7TtLd1CqXxv3aEcRkA.tfqc80.8bDxq3c2W0u9n1Zr5v6yEw',
      },
      want: {
        transfer_destination: '+12125550000',
        borrower_first_name: 'Ada',
        lender_name: 'Acme Inc',
        language: 'en',
        amount_due: '10',
        payment_link: 'https://outreach.example.com/pay/AZrA7TtLd1CqXxv3aEcRkA.tfqc80.8bDxq3c2W0u9n1Zr5v6yEw',
      },
    },
    {
      name: 'origination never gets a payment link',
      facts: {
        ...base,
        purpose: 'origination' as const,
        config: defaultCompanyConfig(),
        loan: null,
        paymentLink: 'https://outreach.example.com/pay/x',
      },
      want: {
        transfer_destination: '+12125550000',
        borrower_first_name: 'Ada',
        lender_name: 'Acme Inc',
        language: 'en',
      },
    },
    {
      name: 'collections without voicemail settings: the company name, no callback number',
      facts: {
        ...base,
        purpose: 'collections' as const,
        config: defaultCompanyConfig(),
        loan: { amountDue: '10', dueDate: null },
      },
      want: {
        transfer_destination: '+12125550000',
        borrower_first_name: 'Ada',
        lender_name: 'Acme Inc',
        language: 'en',
        amount_due: '10',
      },
    },
    {
      name: "a Spanish-speaking borrower: the customer's language (es-MX speaks es)",
      facts: {
        ...base,
        customer: { ...customer, language: 'es-MX' },
        purpose: 'origination' as const,
        config: defaultCompanyConfig(),
        loan: null,
      },
      want: {
        transfer_destination: '+12125550000',
        borrower_first_name: 'Ada',
        lender_name: 'Acme Inc',
        language: 'es',
      },
    },
    {
      name: "an unsupported language: the company's default language",
      facts: {
        ...base,
        customer: { ...customer, language: 'fr' },
        purpose: 'origination' as const,
        config: { ...defaultCompanyConfig(), defaultLanguage: 'es' as const },
        loan: null,
      },
      want: {
        transfer_destination: '+12125550000',
        borrower_first_name: 'Ada',
        lender_name: 'Acme Inc',
        language: 'es',
      },
    },
    {
      name: 'collections without a loan: no loan facts',
      facts: { ...base, purpose: 'collections' as const, config: defaultCompanyConfig(), loan: null },
      want: {
        transfer_destination: '+12125550000',
        borrower_first_name: 'Ada',
        lender_name: 'Acme Inc',
        language: 'en',
      },
    },
  ])('$name', ({ facts, want }) => {
    expect(dynamicVariablesOf(facts)).toEqual(want);
  });

  it('days past due counts calendar days in the borrower zone, 0 before the due date', () => {
    // 2026-12-08T03:00Z is still 12-07 in New York.
    expect(daysPastDue('2026-12-01', new Date('2026-12-08T03:00:00Z'), 'America/New_York')).toBe(6);
    expect(daysPastDue('2026-12-01', new Date('2026-12-08T03:00:00Z'), null)).toBe(7);
    expect(daysPastDue('2026-12-20', NOW, 'America/New_York')).toBe(0);
  });
});
