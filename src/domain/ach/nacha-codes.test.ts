import { describe, expect, it } from 'vitest';
import { CHANGE_CODES, RETURN_CODES } from './nacha-codes.js';
import { returnAction, type ReturnFacts } from './return-action.js';

const facts = (f: Partial<ReturnFacts>): ReturnFacts => ({
  returnCode: null,
  correctionCode: null,
  debitDecline: false,
  priorRepresentments: 0,
  daysSinceOriginalEntry: 3,
  method: { isBankAccount: true, authorizationRevoked: false, unusable: false },
  ...f,
});

describe('NACHA code tables (Operating Rules, Appendix Four and Five)', () => {
  it('covers R01–R29 and R51, and C01–C13, nothing else', () => {
    const r = Array.from({ length: 29 }, (_, i) => `R${String(i + 1).padStart(2, '0')}`);
    expect(Object.keys(RETURN_CODES)).toEqual([...r, 'R51']);
    expect(Object.keys(CHANGE_CODES)).toEqual(
      Array.from({ length: 13 }, (_, i) => `C${String(i + 1).padStart(2, '0')}`),
    );
  });

  it.each([
    ['retry', ['R01', 'R09']],
    ['account_unusable', ['R02', 'R03', 'R04', 'R16', 'R20']],
    ['authorization_revoked', ['R05', 'R07', 'R10', 'R11', 'R29', 'R51']],
    ['stop_payment', ['R08']],
  ])('%s: exactly %j', (category, codes) => {
    expect(
      Object.entries(RETURN_CODES)
        .filter(([, c]) => c.category === category)
        .map(([code]) => code),
    ).toEqual(codes);
  });

  it('NOC codes that carry account data correct the stored account', () => {
    const applied = Object.entries(CHANGE_CODES)
      .filter(([, c]) => c.corrects.length > 0)
      .map(([code, c]) => [code, c.corrects]);
    expect(applied).toEqual([
      ['C01', ['accountNumber']],
      ['C02', ['routingNumber']],
      ['C03', ['routingNumber', 'accountNumber']],
      ['C06', ['accountNumber']],
      ['C07', ['routingNumber', 'accountNumber']],
    ]);
  });
});

describe('returnAction', () => {
  it('R01/R09: retry allowed until two re-presentments have been made', () => {
    expect(returnAction(facts({ returnCode: 'R01', priorRepresentments: 0 }))).toEqual({
      category: 'retry',
      retryAllowed: true,
      accountUnusable: false,
      authorizationRevoked: false,
      stopPayment: false,
      correctionApplied: false,
    });
    expect(returnAction(facts({ returnCode: 'R09', priorRepresentments: 1 })).retryAllowed).toBe(true);
    expect(returnAction(facts({ returnCode: 'R01', priorRepresentments: 2 })).retryAllowed).toBe(false);
  });

  it('no retry after 180 days from the original entry, or on a revoked or unusable account', () => {
    expect(returnAction(facts({ returnCode: 'R01', daysSinceOriginalEntry: 180 })).retryAllowed).toBe(true);
    expect(returnAction(facts({ returnCode: 'R01', daysSinceOriginalEntry: 181 })).retryAllowed).toBe(false);
    expect(
      returnAction(
        facts({ returnCode: 'R01', method: { isBankAccount: true, authorizationRevoked: true, unusable: false } }),
      ).retryAllowed,
    ).toBe(false);
    expect(
      returnAction(
        facts({ returnCode: 'R01', method: { isBankAccount: true, authorizationRevoked: false, unusable: true } }),
      ).retryAllowed,
    ).toBe(false);
    expect(returnAction(facts({ returnCode: 'R01', method: null, daysSinceOriginalEntry: null })).retryAllowed).toBe(
      true,
    );
  });

  it.each([
    ['R02', { category: 'account_unusable', accountUnusable: true }],
    ['R07', { category: 'authorization_revoked', authorizationRevoked: true }],
    ['R51', { category: 'authorization_revoked', authorizationRevoked: true }],
    ['R08', { category: 'stop_payment', stopPayment: true }],
    ['R24', { category: 'other' }],
  ])('%s → %j and never a retry', (code, expected) => {
    expect(returnAction(facts({ returnCode: code }))).toMatchObject({ retryAllowed: false, ...expected });
  });

  it('corrections apply only to bank accounts and only for codes that carry account data', () => {
    expect(returnAction(facts({ correctionCode: 'C01' }))).toMatchObject({
      category: 'correction',
      correctionApplied: true,
      retryAllowed: false,
    });
    expect(returnAction(facts({ correctionCode: 'C05' })).correctionApplied).toBe(false);
    expect(
      returnAction(
        facts({
          correctionCode: 'C03',
          method: { isBankAccount: false, authorizationRevoked: false, unusable: false },
        }),
      ).correctionApplied,
    ).toBe(false);
    expect(returnAction(facts({ correctionCode: 'C02', method: null })).correctionApplied).toBe(false);
  });

  it('a return code decides the category even with a correction; debit declines and bare codes have their own', () => {
    expect(returnAction(facts({ returnCode: 'R01', correctionCode: 'C01' }))).toMatchObject({
      category: 'retry',
      correctionApplied: true,
    });
    expect(returnAction(facts({ debitDecline: true })).category).toBe('debit_decline');
    expect(returnAction(facts({})).category).toBe('other');
  });
});
