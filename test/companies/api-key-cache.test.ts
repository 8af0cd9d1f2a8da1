import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey, revokeKey } from '../../src/domain/companies/api-keys.js';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { listenerName } from '../../src/store/companies/auth-changes.js';
import { type Db, openDb } from '../../src/store/shared/db.js';
import { validCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { useTestService } from '../support/suite.js';
import { type ApiProcess, startApiProcess } from '../support/worker-process.js';

/** GET /customers/{id} of a customer that does not exist: 404 when the key is accepted, 401 when not. */
const probe = async (url: string, key: string) =>
  (await fetch(`${url}/customers/nobody`, { headers: { 'X-API-Key': key } })).status;

/**
 * On Postgres a change reaches the API processes as a NOTIFY, a moment after it commits; waits for
 * it, up to half the cache's 30 s lifetime (so the answer came from the notification, not expiry)
 * and long enough for a loaded CI machine.
 */
const notified = (check: () => Promise<boolean>) => eventually(check, 15_000);

/** Another connection to the same database, as another process (the CLI, an operator) would write. */
const elsewhere = (url: string): Db => openDb(url);

describe.each(DIALECTS)('API keys from memory on %s', (dialect) => {
  const suite = useTestService(dialect);
  let lookups = 0;
  beforeAll(() => {
    suite.database.db.on('query', (q: { sql: string }) => {
      if (/from "api_keys"/i.test(q.sql) || /from `api_keys`/i.test(q.sql)) lookups++;
    });
  });

  it('looks a key up in the database once, then answers from memory', async () => {
    const { apiKey } = await suite.t.company();
    await probe(suite.t.url, apiKey); // the listener may still be connecting on the first request
    const before = lookups;
    for (let i = 0; i < 5; i++) expect(await probe(suite.t.url, apiKey)).toBe(404);
    expect(lookups - before).toBeLessThanOrEqual(1);
    expect(await probe(suite.t.url, 'ok_not-a-key')).toBe(401);
  });

  it("a key revoked through another connection is refused at once; the company's other keys keep working", async () => {
    const { apiKey, companyId } = await suite.t.company();
    const other = elsewhere(suite.database.url);
    try {
      const { apiKey: second } = await issueApiKey(other, companyId, new Date());
      expect([await probe(suite.t.url, apiKey), await probe(suite.t.url, second)]).toEqual([404, 404]);
      await revokeKey(other, companyId, apiKey.slice(0, 11), new Date());
      await notified(async () => (await probe(suite.t.url, apiKey)) === 401);
      expect(await probe(suite.t.url, apiKey)).toBe(401);
      expect(await probe(suite.t.url, second)).toBe(404);
    } finally {
      await other.destroy();
    }
  });

  it('a company configuration replaced through another connection applies to the next requests', async () => {
    const { apiKey, companyId } = await suite.t.company();
    const create = (id: string) =>
      suite.t.call('POST', '/customers', { key: apiKey, body: validCustomer(id, { taskType: 'Collections' }) });
    expect((await create('cfg-1')).status).toBe(201);
    const config = defaultCompanyConfig();
    config.taskTypes = config.taskTypes.filter((x) => x.name !== 'Collections');
    const other = elsewhere(suite.database.url);
    try {
      await setCompanyConfig(other, companyId, config);
    } finally {
      await other.destroy();
    }
    await notified(async () => (await create('cfg-probe')).status === 400);
    const res = await create('cfg-2');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/taskType "Collections" is not configured for this company/);
  });

  it("a change written through the service's own database handle applies to the very next request", async () => {
    const { apiKey, companyId } = await suite.t.company();
    expect(await probe(suite.t.url, apiKey)).toBe(404);
    await revokeKey(suite.database.db, companyId, apiKey.slice(0, 11), new Date());
    expect(await probe(suite.t.url, apiKey)).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_POSTGRES_URL)('revoking a key on postgres takes effect in every API process', () => {
  const suite = useTestService('postgres');
  let api: ApiProcess;

  beforeAll(async () => {
    api = await startApiProcess(suite.database.url);
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
  });

  it(
    'a listener whose connection is killed stops serving from memory, reconnects, and a key revoked meanwhile is refused',
    { timeout: 90_000 },
    async () => {
      const { apiKey: revoked, companyId } = await suite.t.company();
      const other = elsewhere(suite.database.url);
      const listeners = async () =>
        (
          await other.raw('SELECT pid FROM pg_stat_activity WHERE application_name = ?', [listenerName(api.child.pid)])
        ).rows.map((r: { pid: number }) => r.pid);
      // The valid key is asked throughout, every 20 ms: it must never be refused.
      const { apiKey: valid } = await issueApiKey(other, companyId, new Date());
      const validAnswers: number[] = [];
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          validAnswers.push(await probe(api.url, valid));
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      try {
        await notified(async () => (await listeners()).length === 1);
        const [before] = await listeners();
        expect(before).toBeDefined();
        for (let i = 0; i < 3; i++) expect(await probe(api.url, revoked)).toBe(404); // now in the child's memory

        // Revoke in a transaction that also kills the child's listener, and commit only once that backend is gone:
        // the NOTIFY is sent while the child does not listen.
        await other.transaction(async (trx) => {
          await revokeKey(trx, companyId, revoked.slice(0, 11), new Date());
          await trx.raw('SELECT pg_terminate_backend(?)', [before]);
          await notified(async () => !(await listeners()).includes(before));
          expect(await listeners()).not.toContain(before);
        });
        const revokedAt = Date.now();
        await notified(async () => (await probe(api.url, revoked)) === 401);
        expect(await probe(api.url, revoked)).toBe(401);
        expect(Date.now() - revokedAt).toBeLessThan(15_000); // half the cache's 30 s lifetime: not a mere expiry

        // It listens again on a new connection, and answers from memory again without the revoked key.
        await notified(async () => (await listeners()).length === 1);
        const [after] = await listeners();
        expect(after).toBeDefined();
        expect(after).not.toBe(before);
        for (let i = 0; i < 3; i++) expect(await probe(api.url, revoked)).toBe(401);
        // A fast machine gets through the steps above in fewer probes of the valid key than the check
        // below asks for: it waits for them rather than depend on how long the steps took.
        await notified(async () => validAnswers.length > 5);
      } finally {
        watching = false;
        await watcher;
        await other.destroy();
      }
      expect(validAnswers.length).toBeGreaterThan(5);
      expect(validAnswers.every((status) => status === 404)).toBe(true);
    },
  );

  it('both processes accept the key, then refuse it once a third connection revokes it', async () => {
    const { apiKey, companyId } = await suite.t.company();
    for (let i = 0; i < 3; i++)
      expect([await probe(suite.t.url, apiKey), await probe(api.url, apiKey)]).toEqual([404, 404]);
    const other = elsewhere(suite.database.url);
    try {
      await revokeKey(other, companyId, apiKey.slice(0, 11), new Date());
    } finally {
      await other.destroy();
    }
    await notified(async () => (await probe(suite.t.url, apiKey)) === 401 && (await probe(api.url, apiKey)) === 401);
    expect([await probe(suite.t.url, apiKey), await probe(api.url, apiKey)]).toEqual([401, 401]);
  });
});
