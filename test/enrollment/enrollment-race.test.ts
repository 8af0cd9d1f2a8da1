import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollBody, newKey } from '../support/enrollment.js';
import { startTestService, type TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { type ApiProcess, startApiProcess } from '../support/worker-process.js';

/**
 * Exactly-once enrollment across processes: this test's in-process API and a second API process
 * (`outreach serve`) share one Postgres schema and receive the same requests at the same time.
 * Only the database can arbitrate, so this is the test that idempotency does not live in memory.
 */
describe.skipIf(!process.env.TEST_POSTGRES_URL)('enrollment races across two API processes on postgres', () => {
  const database = useTestDatabase('postgres');
  let t: TestService;
  let api: ApiProcess;
  let key: string;
  let companyId: string;

  beforeAll(async () => {
    t = await startTestService(database.db);
    api = await startApiProcess(database.url);
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await t?.stop();
  });

  // A company per scenario: each gets its own 60/min schedule sync quota.
  const useNewCompany = async () => ({ apiKey: key, companyId } = await t.company());
  const post = (base: string, body: unknown, idempotencyKey: string) =>
    fetch(`${base}/customers/schedule/sync`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(body),
    }).then(async (res) => ({
      status: res.status,
      replayed: res.headers.get('idempotency-replayed'),
      retryAfter: res.headers.get('retry-after'),
      body: await res.json(),
    }));
  const count = async (table: string, customerId: string) =>
    Number((await database.db(table).where({ company_id: companyId, customer_id: customerId }).count({ n: '*' }))[0].n);

  it('the same key sent 8 times at once to both processes executes once (10 rounds)', async () => {
    const outcomes: Record<string, number> = {};
    for (let round = 0; round < 10; round++) {
      await useNewCompany();
      const id = `race-${round}`;
      const k = newKey('race');
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post(i % 2 ? api.url : t.url, enrollBody({ id }), k)),
      );
      const firsts = results.filter((r) => r.status === 200 && r.replayed === null);
      expect(firsts).toHaveLength(1);
      for (const r of results) {
        const kind =
          r.status === 200 ? (r.replayed === 'true' ? 'replayed' : 'executed') : `${r.status} ${r.body.detail?.code}`;
        outcomes[kind] = (outcomes[kind] ?? 0) + 1;
        if (r.status === 200) expect(r.body).toEqual(firsts[0].body);
        else expect([r.status, r.body.detail.code, r.retryAfter]).toEqual([409, 'request_in_progress', '1']);
      }
      expect(await count('cadences', id)).toBe(1);
      expect(await count('schedules', id)).toBe(1);
      expect(await count('scheduled_calls', id)).toBe(5);
    }
    console.log('same-key race outcomes over 80 requests:', JSON.stringify(outcomes));
    expect(outcomes.executed).toBe(10);
  });

  it('different keys for one application at once: one cadence, the others already_scheduled', async () => {
    await useNewCompany();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(i % 2 ? api.url : t.url, enrollBody({ id: 'race-app' }), newKey('app'))),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.origination.status === 'scheduled')).toHaveLength(1);
    expect(results.filter((r) => r.body.origination.status === 'already_scheduled')).toHaveLength(5);
    expect(await count('cadences', 'race-app')).toBe(1);
    expect(await count('scheduled_calls', 'race-app')).toBe(5);
  });

  it('different applications of one customer at once: one cadence, the others existing_application', async () => {
    await useNewCompany();
    await post(
      t.url,
      enrollBody({ id: 'race-cust', loanId: 'seed', taskType: 'PendingLoanReturning', oneOff: true }),
      newKey('seed'),
    );
    await tables(database.db)
      .cadences()
      .where({ company_id: companyId, customer_id: 'race-cust' })
      .update({ status: 'finished' });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(i % 2 ? api.url : t.url, enrollBody({ id: 'race-cust', loanId: `app-${i}` }), newKey('apps')),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.detail.code === 'existing_application')).toHaveLength(5);
    expect(
      Number(
        (
          await tables(database.db)
            .cadences()
            .where({ company_id: companyId, customer_id: 'race-cust', status: 'active' })
            .count({ n: '*' })
        )[0].n,
      ),
    ).toBe(1);
    expect(t.violations).toEqual([]);
  });
});
