import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_CREATE, type RowProcessor } from '../../src/domain/batches/row-processors.js';
import { rowHandling } from '../../src/main/server.js';
import { openDb, type Db } from '../../src/store/shared/db.js';
import { validCustomer } from '../support/customers.js';
import { waitForJob } from '../support/jobs.js';
import { startTestService, type TestService } from '../support/service.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { responseProblems } from '../support/contract.js';
import { useTestDatabase } from '../support/suite.js';
import { optOutToken } from '../../src/domain/messages/email-opt-out.js';

const describePostgres = process.env.TEST_POSTGRES_URL ? describe : describe.skip;
const SIGNING_SECRET = 'outage-signing-secret-0123456789';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The service reaches Postgres through a TCP proxy the test cuts and restores (the embedded SQLite
 * database has no connection to lose). During the cut the API answers 503 with Retry-After, never a
 * 500 and never a hang; afterwards it serves again without a restart, nothing it acknowledged is lost
 * and batch jobs finish.
 */
describePostgres('database outage on postgres', () => {
  const database = useTestDatabase('postgres');
  let proxy: TcpProxy;
  let db: Db;
  let t: TestService;
  let key: string;
  /** Set by a test: runs once before the next customer-create slice (inside the worker). */
  let beforeNextSlice: (() => void) | null = null;
  const original = rowHandling.processors.get(CUSTOMER_CREATE)!;
  const faulty: RowProcessor = {
    async runAll(ctx, rows) {
      const hook = beforeNextSlice;
      beforeNextSlice = null;
      hook?.();
      return original.runAll(ctx, rows);
    },
  };

  beforeAll(async () => {
    proxy = new TcpProxy('127.0.0.1', Number(new URL(process.env.TEST_POSTGRES_URL!).port || 5432));
    await proxy.start();
    db = openDb(proxy.proxied(process.env.TEST_POSTGRES_URL!), { schema: database.schema });
    t = await startTestService(db, {
      rows: { ...rowHandling, processors: new Map([...rowHandling.processors, [CUSTOMER_CREATE, faulty]]) },
      env: {
        // Every slice has one attempt: an outage through it is an outage through its last retry.
        OUTREACH_JOBS_MAX_ATTEMPTS: '1',
        OUTREACH_JOBS_RETRY_DELAY_SECONDS: '1',
        OUTREACH_JOBS_SLICE_TIMEOUT_SECONDS: '2',
        OUTREACH_JOBS_MAINTENANCE_SECONDS: '1',
        OUTREACH_JOBS_POLL_MS: '50',
        OUTREACH_SIGNING_SECRET: SIGNING_SECRET,
      },
    });
    key = (await t.company()).apiKey;
  });
  afterEach(() => expect(t.violations).toEqual([]));
  afterAll(async () => {
    proxy.restore();
    await t?.stop();
    await db?.destroy();
    await proxy?.stop();
  });

  /** One request with a client deadline: a hang fails the test instead of passing silently. */
  async function timed(method: string, path: string, body?: unknown) {
    const res = await fetch(t.url + path, {
      method,
      headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json().catch(() => null) };
  }

  it('texts and email opt-out links during the cut: a documented 503, not a 500', async () => {
    const { companyId } = await t.company('Opt-out Outage');
    const optOut = `/unsubscribe/email/${optOutToken(SIGNING_SECRET, companyId, 'ada@example.com')}`;
    const requests: Array<[string, string, string]> = [
      ['GET', '/texts/nobody', 'listCustomerTexts'],
      ['GET', optOut, 'unsubscribeEmail'],
      ['POST', optOut, 'unsubscribeEmailOneClick'],
    ];
    proxy.cut();
    try {
      for (const [method, path, operationId] of requests) {
        const res = await timed(method, path);
        expect(res.status, operationId).toBe(503);
        expect(res.retryAfter).toBe('1');
        expect(responseProblems(operationId, res.status, res.body)).toBeNull();
      }
    } finally {
      proxy.restore();
    }
    expect((await timed('GET', '/texts/nobody')).status).toBe(404);
    expect((await timed('GET', optOut)).status).toBe(200);
  });

  it('under load: 503 with Retry-After during the cut, served again after it, nothing acknowledged lost', async () => {
    const batch = await timed('POST', '/customers/batch', {
      customers: Array.from({ length: 200 }, (_, i) => validCustomer(`batch-${i}`)),
    });
    expect(batch.status).toBe(202);

    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const unavailable: { retryAfter: string | null; body: unknown }[] = [];
    let phase: 'before' | 'cut' | 'after' = 'before';
    let stop = false;
    let n = 0;
    const client = async () => {
      while (!stop) {
        const id = `load-${n++}`;
        const res = await timed('POST', '/customers', validCustomer(id));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) acknowledged.push(id);
        if (res.status === 503) unavailable.push(res);
        if (phase === 'cut') await pause(20);
        // Reads too: they go through the API-key lookup before any handler.
        const read = await timed('GET', `/customers/${id}`);
        statuses.set(read.status, (statuses.get(read.status) ?? 0) + 1);
      }
    };
    const clients = Array.from({ length: 6 }, client);

    await pause(500);
    proxy.cut();
    phase = 'cut';
    await pause(2_000);
    proxy.restore();
    phase = 'after';
    await pause(1_500);
    stop = true;
    await Promise.all(clients);

    expect([...statuses.keys()].filter((s) => ![200, 201, 404, 503].includes(s))).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const u of unavailable) {
      expect(u.retryAfter).toBe('1');
      expect(u.body).toEqual({ detail: 'The service is briefly unavailable; retry the same request' });
    }
    // Served again without a restart, and every 201 is readable.
    expect((await timed('POST', '/customers', validCustomer('after-outage'))).status).toBe(201);
    for (const id of acknowledged) expect((await timed('GET', `/customers/${id}`)).status).toBe(200);

    const job = await waitForJob(t, key, `/customers/batch/${batch.body.jobId}`);
    expect(job.status).toBe('completed');
    expect(job.processed).toBe(200);
  });

  it("an outage through a slice's last attempt does not leave the job processing: it finishes when the database returns", async () => {
    let cuts = 0;
    beforeNextSlice = () => {
      // The database goes away in the middle of the slice's only attempt, and comes back later.
      cuts += 1;
      proxy.cut();
      setTimeout(() => proxy.restore(), 1_500);
    };
    try {
      const { apiKey } = await t.company();
      const submitted = await t.call('POST', '/customers/batch', {
        key: apiKey,
        body: { customers: [validCustomer('last-1'), validCustomer('last-2')] },
      });
      expect(submitted.status).toBe(202);
      let job: any;
      for (;;) {
        const res = await t.call('GET', `/customers/batch/${submitted.body.jobId}`, { key: apiKey });
        expect([200, 503]).toContain(res.status);
        job = res.body;
        if (res.status === 200 && job.status !== 'pending' && job.status !== 'processing') break;
        await pause(100);
      }
      expect(cuts).toBe(1);
      expect(job).toMatchObject({ status: 'completed', processed: 2, failed: 0 });
      expect((await t.call('GET', '/customers/last-2', { key: apiKey })).status).toBe(200);
    } finally {
      beforeNextSlice = null;
    }
  });
});
