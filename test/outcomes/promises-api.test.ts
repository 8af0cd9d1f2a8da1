import { beforeAll, describe, expect, it } from 'vitest';
import { recordPromiseOfCall } from '../../src/domain/promises/promises.js';
import { upsertCustomer } from '../../src/store/borrowers/customers.js';
import { upsertLoan } from '../../src/store/borrowers/loans.js';
import { storedCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';

const NOW = new Date('2026-12-08T15:00:00Z');
const ZONE = 'America/New_York';

describe.each(DIALECTS)('GET /customers/{customerId}/promises and GET /promises/{promiseId} on %s', (dialect) => {
  const { t, database } = useTestService(dialect);
  let key: string;
  let otherKey: string;
  let ids: string[];

  beforeAll(async () => {
    const company = await t.company();
    key = company.apiKey;
    ({ apiKey: otherKey } = await t.company('Other Lending'));
    const at = NOW.toISOString();
    await upsertCustomer(database.db, company.companyId, 'cust-1', storedCustomer(), {}, at);
    await upsertCustomer(database.db, company.companyId, 'no-promise', storedCustomer(), {}, at);
    await upsertLoan(database.db, company.companyId, 'cust-1', 'loan-1', { totalBalance: '500.00' }, at);
    const made = [];
    for (const [callId, amount, date, minutes] of [
      ['call-a', 100, '2026-12-15', 0],
      ['call-b', 60.5, '2026-12-20', 5],
    ] as const)
      made.push(
        await recordPromiseOfCall(database.db, {
          companyId: company.companyId,
          customerId: 'cust-1',
          timezone: ZONE,
          callId,
          amount,
          date,
          now: new Date(NOW.getTime() + minutes * 60_000),
        }),
      );
    ids = made.map((p) => p!.id);
  });

  it("lists the customer's promises newest first, each equal to its GET", async () => {
    const res = await t.call('GET', '/customers/cust-1/promises', { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.customerId).toBe('cust-1');
    const promises = res.body.promises as Array<Record<string, unknown>>;
    expect(promises.map((p) => p.id)).toEqual([ids[1], ids[0]]);
    expect(promises[1]).toEqual({
      id: ids[0],
      customerId: 'cust-1',
      loanId: 'loan-1',
      callId: 'call-a',
      amount: '100.00',
      promisedDate: '2026-12-15',
      status: 'open',
      paidAmount: '0.00',
      // Promised Tuesday 15, with the default grace of 3 days.
      dueDate: '2026-12-18',
      followUpScheduledCallId: null,
      followUpReason: null,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    for (const p of promises) {
      const one = await t.call('GET', `/promises/${String(p.id)}`, { key });
      expect(one.status).toBe(200);
      expect(one.body).toEqual(p);
    }
  });

  it('a customer with no promise lists none; an unknown customer is 404', async () => {
    const none = await t.call('GET', '/customers/no-promise/promises', { key });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ customerId: 'no-promise', promises: [] });
    expect((await t.call('GET', '/customers/nobody/promises', { key })).status).toBe(404);
  });

  it("another company's promise and customer are 404; no key is 401", async () => {
    expect((await t.call('GET', `/promises/${ids[0]}`, { key: otherKey })).status).toBe(404);
    expect((await t.call('GET', '/customers/cust-1/promises', { key: otherKey })).status).toBe(404);
    expect((await t.call('GET', '/promises/unknown-id', { key })).status).toBe(404);
    expect((await t.call('GET', `/promises/${ids[0]}`)).status).toBe(401);
  });
});
