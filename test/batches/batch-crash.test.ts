import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sliceMessages } from '../../src/domain/batches/slices.js';
import { pendingBatchRows } from '../../src/store/batches/batch-rows.js';
import { validCustomer } from '../support/customers.js';
import { waitForJob } from '../support/jobs.js';
import { startTestService, type TestService } from '../support/service.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const ROWS = 5_000;

/** `outreach worker` in its own process, looking for lost slices every second. */
// Units small enough to finish well within this test's 2 s slice timeout on a loaded machine: a
// 40-slice unit could outlive it, and its slices would expire (not stay held) before the kill.
const startWorker = (url: string) =>
  startWorkerProcess(url, {
    OUTREACH_JOBS_CONCURRENCY: '2',
    OUTREACH_JOBS_POLL_MS: '50',
    OUTREACH_JOBS_MAINTENANCE_SECONDS: '1',
    OUTREACH_JOBS_SET_BASED_SLICES_PER_TRANSACTION: '8',
  });

const describePostgres = process.env.TEST_POSTGRES_URL ? describe : describe.skip;

describePostgres('a worker process killed in the middle of a batch (Postgres)', () => {
  const database = useTestDatabase('postgres');
  let t: TestService; // API only: the work happens in the worker processes

  beforeAll(async () => {
    // The API sets a slice's timeout when it enqueues it: short here, so the dead worker's slices come back soon.
    t = await startTestService(database.db, { workers: false, env: { OUTREACH_JOBS_SLICE_TIMEOUT_SECONDS: '2' } });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('another worker finishes it and every row is present exactly once', { timeout: 120_000 }, async () => {
    const { apiKey: key, companyId } = await t.company();
    const submitted = await t.call('POST', '/customers/batch', {
      key,
      body: { customers: Array.from({ length: ROWS }, (_, i) => validCustomer(`crash-${i}`)) },
    });
    expect(submitted.status).toBe(202);
    const path = `/customers/batch/${submitted.body.jobId}`;
    const boss = `${database.schema}_boss`;

    const first = startWorker(database.url);
    let seen = 0;
    while (seen === 0) {
      seen = (await t.call('GET', path, { key })).body.processed;
      if (first.child.exitCode !== null) throw new Error(`worker exited early: ${first.output()}`);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = (await t.call('GET', path, { key })).body;
    expect(atKill.status).toBe('processing');
    expect(atKill.processed).toBeGreaterThan(0);
    expect(atKill.processed).toBeLessThan(ROWS);
    // Slices the dead worker held: claimed, never acked; they must not be lost.
    const held = await database.db.raw(
      `select count(*)::int as n from ${boss}.job where name = 'batch-slices' and state = 'active'`,
    );
    expect(held.rows[0].n).toBeGreaterThan(0);

    const second = startWorker(database.url);
    const job = await waitForJob(t, key, path);
    second.child.kill('SIGTERM'); // graceful: finishes in-flight work, then exits 0
    expect(await second.exited).toBe(0);

    expect(job).toMatchObject({ status: 'completed', totalCustomers: ROWS, processed: ROWS, failed: 0, failures: [] });
    const count = async (q: Promise<unknown>) => Number(((await q) as { n: unknown }[])[0].n);
    expect(await count(tables(database.db).customers().where('company_id', companyId).count({ n: '*' }))).toBe(ROWS);
    expect(await count(tables(database.db).customers().where('company_id', companyId).countDistinct({ n: 'id' }))).toBe(
      ROWS,
    );
    // Every row finished: none is left pending (succeeded rows are recorded by their finished slice).
    const slices = sliceMessages(submitted.body.jobId, companyId, ROWS).map((m): [number, number] => [m.from, m.to]);
    expect(await pendingBatchRows(database.db, companyId, submitted.body.jobId, slices)).toEqual([]);
    const left = await database.db.raw(
      `select count(*)::int as n from ${boss}.job where name = 'batch-slices' and state < 'completed'`,
    );
    expect(left.rows[0].n).toBe(0);
    const redelivered = await database.db.raw(
      `select count(*)::int as n from ${boss}.job where name = 'batch-slices' and retry_count > 0`,
    );
    expect(redelivered.rows[0].n).toBeGreaterThan(0); // the dead worker's slices ran again elsewhere
  });
});
