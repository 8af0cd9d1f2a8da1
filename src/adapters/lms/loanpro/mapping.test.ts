import { describe, expect, it } from 'vitest';
import { renderCustomer, renderLoan } from '../../../simulators/loanpro/render.js';
import { mapCustomer, CUSTOMER_EXPAND } from './customer-map.js';
import { mapLoan, LOAN_EXPAND, loanCustomerIds } from './loan-map.js';
import { MalformedPayload, unwrap } from './odata.js';

// One case per row of the LMS mapping table (docs/partners/lms.md#loanpro-field-mapping). Payloads go through the simulator's renderer,
// so they are on LoanPro's wire format ({"d": …}, /Date(…)/, {"results": […]}).
const ROOT = 'http://127.0.0.1/api/public/api/1/odata.svc';
const customer = (fields: Record<string, unknown>) =>
  mapCustomer(unwrap(renderCustomer(ROOT, { id: 1, ...fields }, new Set(CUSTOMER_EXPAND.split(',')))));
const loan = (fields: Record<string, unknown>) =>
  mapLoan(unwrap(renderLoan(ROOT, { id: 5, customerIds: [1], ...fields }, [{ id: 1 }], new Set(LOAN_EXPAND.split(',')))));

describe('LoanPro customer → customer write fields', () => {
  it.each([
    ['firstName', { firstName: 'Ada' }, 'Ada'],
    ['lastName', { lastName: 'Lovelace' }, 'Lovelace'],
    ['email', { email: 'ada@example.com' }, 'ada@example.com'],
    ['birthday', { birthDate: '1985-12-10' }, '1985-12-10'],
    ['ssnLastFour', { ssn: '123-45-6789' }, '6789'],
    ['streetAddress1', { PrimaryAddress: { address1: '1 Main St' } }, '1 Main St'],
    ['streetAddress2', { PrimaryAddress: { address2: 'Apt 4' } }, 'Apt 4'],
    ['city', { PrimaryAddress: { city: 'New York' } }, 'New York'],
    ['state', { PrimaryAddress: { state: 'geo.state.NY' } }, 'NY'],
    ['zipCode', { PrimaryAddress: { zipcode: '10001' } }, '10001'],
    ['phoneNumber', { Phones: [{ phone: '2127365000', type: 'customer.phoneType.home', isPrimary: '0', active: 1 }, { phone: '9175550123', type: 'customer.phoneType.cell', isPrimary: '1', active: 1 }] }, '9175550123'],
  ])('%s', (field, fields, expected) => {
    expect(customer(fields)[field as keyof ReturnType<typeof customer>]).toBe(expected);
  });

  it('phoneNumber: without a primary phone the first active one; inactive phones are skipped', () => {
    const phones = [{ phone: '2125550100', type: 'customer.phoneType.office', active: 0 }, { phone: '2127365000', type: 'customer.phoneType.home', active: 1 }];
    expect(customer({ Phones: phones }).phoneNumber).toBe('2127365000');
  });

  it.each([
    ['cell_phone', { Phones: [{ phone: '9175550123', type: 'customer.phoneType.cellSmartPhone', active: 1 }] }, '9175550123'],
    ['home_phone', { Phones: [{ phone: '2127365000', type: 'customer.phoneType.home', active: 1 }] }, '2127365000'],
    ['employer_name', { Employer: { companyName: 'Analytical Engines Ltd' } }, 'Analytical Engines Ltd'],
    ['employer_phone', { Employer: { phone: '2125550199' } }, '2125550199'],
    ['pay_frequency', { Employer: { payDateFrequency: 'loan.payFrequency.biWeekly' } }, 'biWeekly'],
    ['pay_day', { Employer: { payDate: '2026-11-27' } }, '2026-11-27'],
  ])('externalMetadata.%s', (key, fields, expected) => {
    expect(customer(fields).externalMetadata?.[key]).toBe(expected);
  });

  it('leaves out what LoanPro does not have (no nulls, no empty metadata)', () => {
    expect(customer({ firstName: 'Ada', email: '', PrimaryAddress: null })).toEqual({ firstName: 'Ada' });
  });

  it.each([
    [{ firstName: 42 }, 'd.firstName must be a string'],
    [{ birthDate: 'yesterday' }, 'd.birthDate must be a /Date(seconds)/ value'],
    [{ PrimaryAddress: 'x' }, 'd.PrimaryAddress must be an object'],
  ])('a malformed payload names the path: %j', (fields, message) => {
    expect(() => mapCustomer({ id: 1, ...fields })).toThrow(new MalformedPayload(`${message} (got ${JSON.stringify(Object.values(fields)[0])})`));
  });
});

describe('LoanPro loan → loan fields', () => {
  const status = (fields: Record<string, unknown>) => ({ StatusArchive: [{ date: '2026-11-20', ...fields }] });
  it.each([
    ['id', {}, '5'],
    ['type', { LoanSetup: { loanType: 'loan.type.installment' } }, 'installment'],
    ['originationDate', { LoanSetup: { contractDate: '2026-05-01' } }, '2026-05-01'],
    ['startDate', { LoanSetup: { firstPaymentDate: '2026-06-01' } }, '2026-06-01'],
    ['originalFundedAmount', { LoanSetup: { loanAmount: '2500.00' } }, 2500],
    ['interestRate', { LoanSetup: { loanRate: '24.9900' } }, 24.99],
    ['apr', { LoanSetup: { apr: '27.31' } }, 27.31],
    ['autopayEnabled', { LoanSettings: { autopayEnabled: 1 } }, true],
    ['servicingStatus', status({ loanStatusText: 'Open' }), 'Open'],
    ['applicationStatus', status({ loanSubStatusText: 'Past Due' }), 'Past Due'],
    ['dueDate', status({ nextPaymentDate: '2026-12-01' }), '2026-12-01'],
    ['totalBalance', status({ principalBalance: '1980.55' }), 1980.55],
    ['amountDue', status({ amountDue: '212.40' }), 212.4],
    ['payoffAmount', status({ payoff: '2011.02' }), 2011.02],
    ['daysPastDueAtBoarding', status({ daysPastDue: 12 }), 12],
  ])('%s', (field, fields, expected) => {
    expect(loan(fields)[field as keyof ReturnType<typeof loan>]).toBe(expected);
  });

  it('externalLmsMetadata: the LoanPro loan id, display id, class and status date', () => {
    const mapped = loan({ displayId: 'LN-5', LoanSetup: { loanClass: 'loan.class.consumer' }, ...status({}) });
    expect(mapped.externalLmsMetadata).toEqual({ lms: 'loanpro', loanId: 5, displayId: 'LN-5', loanClass: 'consumer', statusDate: '2026-11-20' });
  });

  it('balances and status come from the newest StatusArchive entry', () => {
    const mapped = loan({ StatusArchive: [{ date: '2026-11-19', daysPastDue: 11 }, { date: '2026-11-20', daysPastDue: 12 }, { date: '2026-11-18', daysPastDue: 10 }] });
    expect(mapped.daysPastDueAtBoarding).toBe(12);
  });

  it('names the loan’s customers', () => {
    expect(loanCustomerIds(unwrap(renderLoan(ROOT, { id: 5, customerIds: [1, 2] }, [{ id: 1 }, { id: 2 }], new Set(['Customers']))))).toEqual(['1', '2']);
  });

  it('a malformed amount names the path', () => {
    expect(() => mapLoan({ id: 5, LoanSetup: { loanAmount: 'lots' } })).toThrow('d.LoanSetup.loanAmount must be a decimal number');
  });
});
