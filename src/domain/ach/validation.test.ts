import { describe, expect, it } from 'vitest';
import { isValidRoutingNumber } from './bank-numbers.js';
import { addDays, daysBetween } from './dates.js';
import { dollarsToCents } from './money.js';
import { checkDateOrder, checkSubmission } from './return-submission.js';

const ids = { customer_id: 'c', loan_id: 'l', payment_id: 'p' };

describe('money: exact cents', () => {
  it.each([
    [125.5, 12550],
    [19.99, 1999],
    [0, 0],
    [0.1, 10],
    [99999999.99, 9999999999],
  ])('%s dollars → %s cents', (dollars, cents) => {
    expect(dollarsToCents('amount', dollars)).toBe(cents);
  });
  it.each([1.234, 0.001, 100000000, 1e21])('rejects %s', (dollars) => {
    expect(() => dollarsToCents('amount', dollars)).toThrow(/amount: must/);
  });
});

describe('routing numbers and dates', () => {
  it('checks the ABA check digit', () => {
    expect(['021000021', '011000015', '026009593', '111000025'].map(isValidRoutingNumber)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['021000022', '12345678', '02100002a'].map(isValidRoutingNumber)).toEqual([false, false, false]);
  });
  it('counts calendar days across month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -60)).toBe('2025-12-31');
    expect(daysBetween('2026-01-01', '2026-06-30')).toBe(180);
  });
});

describe('checkSubmission', () => {
  it('accepts identifiers alone', () => {
    expect(checkSubmission(ids, '2026-11-21')).toEqual({ amountCents: undefined });
  });
  it('reports every problem at once', () => {
    expect(() =>
      checkSubmission(
        { ...ids, ach_return_code: 'R30', ach_correction_code: 'C14', payment_amount: 1.005 },
        '2026-11-21',
      ),
    ).toThrow(
      'ach_return_code: R30 is not supported; use R01 to R29 or R51; ach_return_date: is required with ach_return_code; ' +
        'ach_correction_code: C14 is not supported; use C01 to C13; payment_amount: must be a non-negative amount in dollars with at most two decimal places (got 1.005)',
    );
  });
  it('requires the corrected data a NOC code carries, and valid numbers', () => {
    expect(() =>
      checkSubmission({ ...ids, ach_correction_code: 'C03', ach_correction_date: '2026-11-20' }, '2026-11-21'),
    ).toThrow(
      'ach_corrected_aba_number: is required with ach_correction_code C03; ach_corrected_account_number: is required with ach_correction_code C03',
    );
    expect(() =>
      checkSubmission(
        {
          ...ids,
          ach_correction_code: 'C02',
          ach_correction_date: '2026-11-20',
          ach_corrected_aba_number: '021000022',
        },
        '2026-11-21',
      ),
    ).toThrow('ach_corrected_aba_number: must be a 9-digit ABA routing number with a valid check digit');
    expect(() => checkSubmission({ ...ids, ach_corrected_account_number: '12345' }, '2026-11-21')).toThrow(
      'ach_correction_code: is required with correction data',
    );
  });
  it('rejects event dates after today (UTC)', () => {
    expect(() =>
      checkSubmission({ ...ids, ach_return_code: 'R01', ach_return_date: '2026-11-22' }, '2026-11-21'),
    ).toThrow('ach_return_date: 2026-11-22 is in the future');
  });
});

describe('checkDateOrder', () => {
  it('orders sent dates against sent or stored ones', () => {
    expect(() =>
      checkDateOrder({ ...ids, ach_return_date: '2026-11-01' }, { paymentDate: '2026-11-02', submittedDate: null }),
    ).toThrow('ach_return_date: 2026-11-01 is before the payment date 2026-11-02');
    expect(() =>
      checkDateOrder(
        { ...ids, ach_return_date: '2026-11-03', payment_date: '2026-11-04' },
        { paymentDate: '2026-11-01', submittedDate: null },
      ),
    ).toThrow('before the payment date 2026-11-04');
    expect(() =>
      checkDateOrder({ ...ids, ach_settlement_date: '2026-11-01' }, { paymentDate: null, submittedDate: '2026-11-02' }),
    ).toThrow('ach_settlement_date: 2026-11-01 is before the ACH submitted date 2026-11-02');
    expect(() =>
      checkDateOrder(
        { ...ids, ach_return_date: '2026-11-02' },
        { paymentDate: '2026-11-02', submittedDate: '2026-11-02' },
      ),
    ).not.toThrow();
  });
});
