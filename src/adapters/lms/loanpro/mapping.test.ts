import { describe, expect, it } from 'vitest';
import { renderCustomer, renderLoan } from '../../../simulators/loanpro/render.js';
import { mapCustomer, CUSTOMER_EXPAND, CUSTOMER_LISTS } from './customer-map.js';
import { mapLoan, LOAN_EXPAND, LOAN_LISTS, loanCustomerIds } from './loan-map.js';
import { MalformedPayload, NO_DATE, unwrap } from './odata.js';

// One case per row of the LMS mapping table (docs/partners/lms.md#loanpro-field-mapping). Payloads go through the simulator's renderer,
// so they are on LoanPro's wire format ({"d": …}, /Date(…)/, {"results": […]}); the lists the adapter reads from their own
// endpoint are nested here as an $expand would nest them, which is how the adapter hands them to the mapping.
const ROOT = 'http://127.0.0.1/api/public/api/1/odata.svc';
const customer = (fields: Record<string, unknown>) =>
  mapCustomer(
    unwrap(renderCustomer(ROOT, { id: 1, ...fields }, new Set([...CUSTOMER_EXPAND.split(','), ...CUSTOMER_LISTS]))),
  );
const loan = (fields: Record<string, unknown>) =>
  mapLoan(
    unwrap(
      renderLoan(
        ROOT,
        { id: 5, customerIds: [1], ...fields },
        [{ id: 1 }],
        new Set([...LOAN_EXPAND.split(','), ...LOAN_LISTS]),
      ),
    ),
  );
/** A phone LoanPro may dial and text (active, not Do Not Call, verified for account texts, not a landline). */
const phone = (number: string, fields: Record<string, unknown> = {}) => ({
  phone: number,
  type: 'customer.phoneType.cell',
  isPrimary: '0',
  sbtActVerified: 1,
  isLandLine: 0,
  dndEnabled: 0,
  active: 1,
  ...fields,
});

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
    [
      'phoneNumber',
      { Phones: [phone('2127365000', { type: 'customer.phoneType.home' }), phone('9175550123', { isPrimary: '1' })] },
      '9175550123',
    ],
  ])('%s', (field, fields, expected) => {
    expect(customer(fields)[field as keyof ReturnType<typeof customer>]).toBe(expected);
  });

  it('phoneNumber: without a primary phone the first active one; inactive phones are skipped', () => {
    const phones = [
      phone('2125550100', { type: 'customer.phoneType.office', active: 0 }),
      phone('2127365000', { type: 'customer.phoneType.home' }),
    ];
    expect(customer({ Phones: phones }).phoneNumber).toBe('2127365000');
  });

  describe('phones marked Do Not Call (dndEnabled) are never dialed or texted', () => {
    it('a Do Not Call primary phone is not phoneNumber: the next eligible phone is', () => {
      const phones = [phone('6465550111', { isPrimary: '1', dndEnabled: 1 }), phone('9175550123')];
      expect(customer({ Phones: phones }).phoneNumber).toBe('9175550123');
    });

    it('with only Do Not Call phones there is no phoneNumber and no rotation number', () => {
      const phones = [
        phone('6465550111', { isPrimary: '1', dndEnabled: 1 }),
        phone('2127365000', { type: 'customer.phoneType.home', dndEnabled: '1' }),
      ];
      expect(customer({ Phones: phones })).toEqual({});
    });

    it('cell_phone and home_phone skip Do Not Call phones', () => {
      const phones = [
        phone('6465550111', { dndEnabled: 1 }),
        phone('2125550111', { type: 'customer.phoneType.home', dndEnabled: 1 }),
        phone('9175550123'),
        phone('2127365000', { type: 'customer.phoneType.home' }),
      ];
      expect(customer({ Phones: phones }).externalMetadata).toEqual({
        cell_phone: '9175550123',
        home_phone: '2127365000',
      });
    });
  });

  describe('texting eligibility comes from the phone’s SMS fields (phoneNumber is texted)', () => {
    it.each([
      ['not verified for account texts (sbtActVerified 0)', { sbtActVerified: 0 }],
      ['verified for marketing texts only', { sbtActVerified: 0, sbtMktVerified: 1 }],
      ['a landline', { isLandLine: 1 }],
    ])('a primary phone %s is not phoneNumber; it stays a rotation number', (_, fields) => {
      const mapped = customer({ Phones: [phone('9175550123', { isPrimary: '1', ...fields }), phone('3125550188')] });
      expect(mapped.phoneNumber).toBe('3125550188');
      expect(mapped.externalMetadata?.cell_phone).toBe('9175550123');
    });

    it('without a phone that may be texted there is no phoneNumber', () => {
      expect(
        customer({ Phones: [phone('2127365000', { type: 'customer.phoneType.home', isLandLine: 1 })] }).phoneNumber,
      ).toBeUndefined();
    });
  });

  it.each([
    [
      'cell_phone',
      { Phones: [{ phone: '9175550123', type: 'customer.phoneType.cellSmartPhone', active: 1 }] },
      '9175550123',
    ],
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
    ['LoanPro’s "no date" (the zero date)', '0000-00-00'],
    ['the zero date sent in a zone west of UTC', '/Date(-62169966000)/'],
    ['null', null],
  ])('birthday: %s is null (LoanPro says there is none)', (_, birthDate) => {
    expect(customer({ firstName: 'Ada', birthDate })).toEqual({ firstName: 'Ada', birthday: null });
  });

  it('birthday: a date before 1970 is a date', () => {
    expect(customer({ birthDate: '1955-03-02' }).birthday).toBe('1955-03-02');
  });

  it.each([
    [{ firstName: 42 }, 'd.firstName must be a string'],
    [{ birthDate: 'yesterday' }, 'd.birthDate must be a /Date(seconds)/ value'],
    [{ PrimaryAddress: 'x' }, 'd.PrimaryAddress must be an object'],
  ])('a malformed payload names the path: %j', (fields, message) => {
    expect(() => mapCustomer({ id: 1, ...fields })).toThrow(
      new MalformedPayload(`${message} (got ${JSON.stringify(Object.values(fields)[0])})`),
    );
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
    ['totalBalance', status({ payoff: '2011.02', principalBalance: '1980.55' }), 2011.02],
    ['amountDue', status({ amountDue: '212.40' }), 212.4],
    ['payoffAmount', status({ payoff: '2011.02' }), 2011.02],
    ['daysPastDueAtBoarding', status({ daysPastDue: 12 }), 12],
  ])('%s', (field, fields, expected) => {
    expect(loan(fields)[field as keyof ReturnType<typeof loan>]).toBe(expected);
  });

  it('externalLmsMetadata: the LoanPro loan id, display id, class and status date', () => {
    const mapped = loan({ displayId: 'LN-5', LoanSetup: { loanClass: 'loan.class.consumer' }, ...status({}) });
    expect(mapped.externalLmsMetadata).toEqual({
      lms: 'loanpro',
      loanId: 5,
      displayId: 'LN-5',
      loanClass: 'consumer',
      statusDate: '2026-11-20',
    });
  });

  it('balances and status come from the newest StatusArchive entry', () => {
    const mapped = loan({
      StatusArchive: [
        { date: '2026-11-19', daysPastDue: 11 },
        { date: '2026-11-20', daysPastDue: 12 },
        { date: '2026-11-18', daysPastDue: 10 },
      ],
    });
    expect(mapped.daysPastDueAtBoarding).toBe(12);
  });

  it('balances mean what their names say: totalBalance and payoffAmount are the payoff, amountDue the amount due', () => {
    const mapped = loan(status({ principalBalance: '1980.55', payoff: '2011.02', amountDue: '212.40' }));
    expect(mapped).toMatchObject({ totalBalance: 2011.02, payoffAmount: 2011.02, amountDue: 212.4 });
  });

  it('dueDate, originationDate, startDate: LoanPro’s "no date" is null', () => {
    const mapped = loan({
      LoanSetup: { contractDate: '0000-00-00', firstPaymentDate: null },
      ...status({ nextPaymentDate: '0000-00-00' }),
    });
    expect(mapped).toMatchObject({ dueDate: null, originationDate: null, startDate: null });
    expect(loan(status({}))).not.toHaveProperty('dueDate');
    expect(
      unwrap(
        renderLoan(
          ROOT,
          { id: 5, customerIds: [], ...status({ nextPaymentDate: '0000-00-00' }) },
          [],
          new Set(['StatusArchive']),
        ),
      ),
    ).toMatchObject({
      StatusArchive: { results: [{ nextPaymentDate: NO_DATE }] },
    });
  });

  it('names the loan’s customers', () => {
    expect(
      loanCustomerIds(
        unwrap(renderLoan(ROOT, { id: 5, customerIds: [1, 2] }, [{ id: 1 }, { id: 2 }], new Set(['Customers']))),
      ),
    ).toEqual(['1', '2']);
  });

  it('a malformed amount names the path', () => {
    expect(() => mapLoan({ id: 5, LoanSetup: { loanAmount: 'lots' } })).toThrow(
      'd.LoanSetup.loanAmount must be a decimal number',
    );
  });
});
