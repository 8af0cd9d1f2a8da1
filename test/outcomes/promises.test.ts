import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../src/domain/companies/companies.js';
import {
  checkPromise,
  getPromise,
  listPromiseReviews,
  listPromises,
  recordPromiseOfCall,
} from '../../src/domain/promises/promises.js';
import { upsertCustomer } from '../../src/store/borrowers/customers.js';
import { upsertLoan } from '../../src/store/borrowers/loans.js';
import { storedCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';

/** Tuesday 2026-12-08 22:30 in New York, already Wednesday in UTC: "today" is the borrower's. */
const NOW = new Date('2026-12-09T03:30:00Z');
const ZONE = 'America/New_York';

const check = (amount: number | null, date: string | null, balance: number | null = null, horizonDays?: number) =>
  checkPromise({ amount, date, balance, timezone: ZONE, now: NOW, horizonDays });

describe('a promise read off a call is checked before it becomes one', () => {
  it("a positive amount, within the balance, dated from the borrower's today to 60 days ahead, passes with the amount in cents", () => {
    expect(check(150.5, '2026-12-15', 400)).toEqual({ ok: true, amount: '150.50', date: '2026-12-15' });
    expect(check(400, '2026-12-08', 400)).toEqual({ ok: true, amount: '400.00', date: '2026-12-08' });
    expect(check(10, '2027-02-06')).toEqual({ ok: true, amount: '10.00', date: '2027-02-06' });
  });

  it.each([
    [null, '2026-12-15', null, 'amount or date missing'],
    [100, null, null, 'amount or date missing'],
    [0, '2026-12-15', null, 'amount 0 is not above 0'],
    [-5, '2026-12-15', null, 'amount -5 is not above 0'],
    [400.01, '2026-12-15', 400, 'amount 400.01 is above the balance 400.00'],
    [100, '2026-02-30', null, 'date 2026-02-30 is not a calendar date'],
    [100, '2026-12-07', null, 'date 2026-12-07 is in the past'],
    [100, '2027-02-07', null, 'date 2027-02-07 is more than 60 days ahead'],
  ])('amount %s on %s (balance %s) is refused: %s', (amount, date, balance, reason) => {
    expect(check(amount, date, balance)).toEqual({ ok: false, reason });
  });

  it('the horizon is a parameter', () => {
    expect(check(100, '2026-12-20', null, 10)).toEqual({
      ok: false,
      reason: 'date 2026-12-20 is more than 10 days ahead',
    });
    expect(check(100, '2026-12-18', null, 10).ok).toBe(true);
  });
});

describe.each(DIALECTS)("a call's promise is recorded or flagged for review on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let companyId: string;
  const at = NOW.toISOString();
  const record = (customerId: string, callId: string, amount: number | null, date: string | null) =>
    recordPromiseOfCall(database.db, { companyId, customerId, timezone: ZONE, callId, amount, date, now: NOW });

  beforeAll(async () => {
    ({ companyId } = await createCompany(database.db, 'Promises', NOW));
    for (const id of ['one-loan', 'two-loans', 'no-balance'])
      await upsertCustomer(database.db, companyId, id, storedCustomer(), {}, at);
    await upsertLoan(database.db, companyId, 'one-loan', 'L1', { totalBalance: '300.00' }, at);
    await upsertLoan(database.db, companyId, 'two-loans', 'A', { totalBalance: '100.00' }, at);
    await upsertLoan(database.db, companyId, 'two-loans', 'B', { totalBalance: '150.00' }, at);
    await upsertLoan(database.db, companyId, 'no-balance', 'N', { totalBalance: null }, at);
  });

  it("a valid promise is an open promise of the call, on the customer's only loan, read back by id and by customer", async () => {
    const created = await record('one-loan', 'call-1', 120.25, '2026-12-15');
    expect(created).toMatchObject({
      companyId,
      customerId: 'one-loan',
      loanId: 'L1',
      callId: 'call-1',
      amount: '120.25',
      promisedDate: '2026-12-15',
      status: 'open',
      paidAmount: '0.00',
      createdAt: at,
    });
    expect(await getPromise(database.db, companyId, created!.id)).toEqual(created);
    expect(await listPromises(database.db, companyId, 'one-loan')).toEqual([created]);
  });

  it('the same call applied again records nothing more', async () => {
    expect(await record('one-loan', 'call-1', 120.25, '2026-12-15')).toBeNull();
    expect(await listPromises(database.db, companyId, 'one-loan')).toHaveLength(1);
  });

  it("the balance is the sum of the loans' balances; above it the call is flagged for review, not a promise", async () => {
    expect(await record('two-loans', 'call-2', 260, '2026-12-15')).toBeNull();
    expect(await listPromises(database.db, companyId, 'two-loans')).toEqual([]);
    expect(await listPromiseReviews(database.db, companyId, 'two-loans')).toEqual([
      {
        companyId,
        callId: 'call-2',
        customerId: 'two-loans',
        amount: '260',
        promisedDate: '2026-12-15',
        reason: 'amount 260.00 is above the balance 250.00',
        createdAt: at,
      },
    ]);
    const within = await record('two-loans', 'call-3', 250, '2026-12-15');
    expect(within).toMatchObject({ amount: '250.00', loanId: null, status: 'open' });
  });

  it('an unknown balance does not refuse the amount; a date past the horizon does', async () => {
    expect(await record('no-balance', 'call-4', 5000, '2026-12-20')).toMatchObject({ amount: '5000.00', loanId: 'N' });
    expect(await record('no-balance', 'call-5', 50, '2027-03-01')).toBeNull();
    expect((await listPromiseReviews(database.db, companyId, 'no-balance')).map((r) => r.reason)).toEqual([
      'date 2027-03-01 is more than 60 days ahead',
    ]);
  });
});
