import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBatchJob } from '../../src/domain/batches/read.js';
import { perRow, type RowProcessor } from '../../src/domain/batches/row-processors.js';
import { SLICE_QUEUE, sliceMessages, type SliceMessage } from '../../src/domain/batches/slices.js';
import { InvalidInputError } from '../../src/domain/shared/errors.js';
import { createSliceHandler } from '../../src/jobs/batch-slices.js';
import { rowHandling } from '../../src/main/server.js';
import { presentCustomerBatchJob } from '../../src/http/presenters/batches.js';
import type { Claimed } from '../../src/domain/ports/job-queue.js';
import { createLogger } from '../../src/lib/logger.js';
import { insertBatchJob } from '../../src/store/batches/batch-jobs.js';
import { pendingBatchRows } from '../../src/store/batches/batch-rows.js';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { validCustomer } from '../support/customers.js';
import { tables } from '../support/tables.js';

const NOW = new Date('2026-11-21T12:00:00Z');

// Test-only row kinds beside the real ones: the processor map is how later kinds plug in.
const testKinds: [string, RowProcessor][] = [
  [
    'test_explode',
    perRow(async () => {
      throw new Error('boom');
    }),
  ],
  [
    'test_mixed',
    perRow(async (_ctx, row) => {
      const r = row as { mode: string; n: number };
      if (r.mode === 'crash') throw new Error('unexpected crash in one row');
      if (r.mode === 'reject') throw new InvalidInputError(`row ${r.n} is not acceptable`);
      return { doubled: r.n * 2 };
    }),
  ],
];
const rows = { ...rowHandling, processors: new Map([...rowHandling.processors, ...testKinds]) };

/**
 * The slice worker driven by hand on an API-only service (no workers running), so every
 * intermediate state can be observed: pending, partial progress, redelivery, retries, last attempt.
 */
describe.each(DIALECTS)('batch slices on %s', (dialect) => {
  let handleUnit: (m: Claimed<SliceMessage>[]) => Promise<void>;
  const handle = (m: Claimed<SliceMessage>) => handleUnit([m]);

  const suite = useTestService(dialect, { now: () => NOW, workers: false });
  beforeAll(async () => {
    handleUnit = createSliceHandler({
      db: suite.database.db,
      queue: suite.t.service.queue,
      log: createLogger('silent'),
      now: () => NOW,
      testAliasSunset: new Date('2026-10-25T00:00:00Z'),
      rows,
    });
  });

  /**
   * The job's messages that can be claimed now. An earlier test's unacked message (a failed attempt
   * here is not handed back to the queue) comes back once its lease runs out, on a slow machine
   * within this file: it is claimed too, and left out.
   */
  const fetchAll = async (jobId: string) => {
    const all: Claimed<SliceMessage>[] = [];
    for (
      let batch = await suite.t.service.queue.fetch<SliceMessage>(SLICE_QUEUE, 50);
      batch.length;
      batch = await suite.t.service.queue.fetch<SliceMessage>(SLICE_QUEUE, 50)
    )
      all.push(...batch);
    return all.filter((m) => m.data.jobId === jobId).sort((a, b) => a.data.from - b.data.from);
  };

  /** A job of any kind, stored and enqueued the way a submission does. */
  const createJob = async (companyId: string, kind: string, payloads: unknown[]) => {
    const id = randomUUID();
    await suite.database.db.transaction(async (trx) => {
      const messages = sliceMessages(id, companyId, payloads.length);
      await insertBatchJob(
        trx,
        companyId,
        { id, kind, createdAt: NOW.toISOString() },
        payloads.map((payload, index) => ({ index, payload, customerRef: null, loanRef: null })),
        messages.map((m): [number, number] => [m.from, m.to]),
      );
      await suite.t.service.queue.enqueue(trx, SLICE_QUEUE, messages, {
        maxAttempts: 3,
        retryDelaySeconds: 1,
        timeoutSeconds: 60,
      });
    });
    return id;
  };

  it('pending until a worker runs; exact progress per slice; a slice delivered twice counts once', async () => {
    const { apiKey: key, companyId } = await suite.t.company();
    const res = await suite.t.call('POST', '/customers/batch', {
      key,
      body: { customers: Array.from({ length: 50 }, (_, i) => validCustomer(`p-${i}`)) },
    });
    const path = `/customers/batch/${res.body.jobId}`;
    expect((await suite.t.call('GET', path, { key })).body).toMatchObject({
      status: 'pending',
      totalCustomers: 50,
      processed: 0,
      failed: 0,
      progressPercentage: 0,
      processingStartedAt: null,
      processingCompletedAt: null,
      failures: [],
    });
    expect(
      await pendingBatchRows(suite.database.db, companyId, res.body.jobId, [
        [0, 25],
        [25, 50],
      ]),
    ).toHaveLength(50);

    const [first, second] = await fetchAll(res.body.jobId);
    expect([first.data.from, first.data.to, second.data.from, second.data.to]).toEqual([0, 25, 25, 50]);
    await handle(first);
    expect((await suite.t.call('GET', path, { key })).body).toMatchObject({
      status: 'processing',
      processed: 25,
      progressPercentage: 50,
      processingStartedAt: NOW.toISOString(),
      processingCompletedAt: null,
    });

    await handle(first); // redelivered after its work committed: nothing changes
    expect((await suite.t.call('GET', path, { key })).body).toMatchObject({
      status: 'processing',
      processed: 25,
      failed: 0,
    });

    await handle(second);
    expect((await suite.t.call('GET', path, { key })).body).toMatchObject({
      status: 'completed',
      processed: 50,
      failed: 0,
      progressPercentage: 100,
      processingCompletedAt: NOW.toISOString(),
    });
    expect(
      Number((await tables(suite.database.db).customers().where('company_id', companyId).count({ n: '*' }))[0].n),
    ).toBe(50);
    expect(await fetchAll(res.body.jobId)).toEqual([]); // both acked
  });

  it('progress is processed / total × 100 without rounding', async () => {
    const { apiKey: key } = await suite.t.company();
    const res = await suite.t.call('POST', '/customers/batch', {
      key,
      body: { customers: Array.from({ length: 60 }, (_, i) => validCustomer(`r-${i}`)) },
    });
    const slices = await fetchAll(res.body.jobId);
    await handle(slices[2]); // the 10-row tail
    expect((await suite.t.call('GET', `/customers/batch/${res.body.jobId}`, { key })).body.progressPercentage).toBe(
      (10 / 60) * 100,
    );
    for (const s of slices.slice(0, 2)) await handle(s);
  });

  it('a slice that keeps failing is retried, then its rows fail with the reason and the job completes', async () => {
    const { companyId } = await suite.t.company();
    const jobId = await createJob(
      companyId,
      'test_explode',
      Array.from({ length: 30 }, (_, n) => ({ n })),
    );
    const [head, tail] = await fetchAll(jobId);
    await handle({ ...head, attempt: 1, maxAttempts: 3 }); // fails the attempt: back to the queue, rows untouched
    await handle({ ...head, attempt: 2, maxAttempts: 3 });
    let view = await readBatchJob({ db: suite.database.db, companyId }, jobId, ['test_explode']);
    expect(view.job).toMatchObject({ status: 'processing', processed: 0, failed: 0 });

    await handle({ ...head, attempt: 3, maxAttempts: 3 }); // the last attempt gives up instead of throwing
    await handle({ ...tail, attempt: 3, maxAttempts: 3 });
    view = await readBatchJob({ db: suite.database.db, companyId }, jobId, ['test_explode']);
    expect(view.job).toMatchObject({ status: 'completed', processed: 30, failed: 30, errorMessage: null });
    expect(view.failures.map((f) => f.index)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(new Set(view.failures.map((f) => f.message))).toEqual(new Set(['500: Processing failed after 3 attempts']));
  });

  it('an unexpected error in one row holds back only that row: retried, then failed alone on the last attempt', async () => {
    const { companyId } = await suite.t.company();
    const payloads = Array.from({ length: 25 }, (_, n) => ({ n, mode: n === 4 ? 'crash' : n === 9 ? 'reject' : 'ok' }));
    const jobId = await createJob(companyId, 'test_mixed', payloads);
    const [only] = await fetchAll(jobId);
    await handle(only);
    let view = await readBatchJob({ db: suite.database.db, companyId }, jobId, ['test_mixed']);
    expect(view.job).toMatchObject({ status: 'processing', processed: 24, failed: 1 }); // the others committed

    await handle({ ...only, attempt: 3 }); // the last attempt runs only the row still pending
    view = await readBatchJob({ db: suite.database.db, companyId }, jobId, ['test_mixed']);
    expect(view.job).toMatchObject({ status: 'completed', processed: 25, failed: 2 });
    expect(view.failures).toEqual([
      { index: 4, customerRef: null, loanRef: null, message: '500: Processing failed after 3 attempts' },
      { index: 9, customerRef: null, loanRef: null, message: '400: row 9 is not acceptable' },
    ]);
    expect(view.results.map((r) => r.index)).toEqual(payloads.map((p) => p.n).filter((n) => n !== 4 && n !== 9));
    expect(view.results[0]).toEqual({ index: 0, result: { doubled: 0 } });
    expect(view.results.at(-1)).toEqual({ index: 24, result: { doubled: 48 } });
  });

  it('slices claimed together run in one transaction; if one of them fails, each runs alone', async () => {
    const { companyId } = await suite.t.company();
    const good = await createJob(
      companyId,
      'test_mixed',
      Array.from({ length: 75 }, (_, n) => ({ n, mode: 'ok' })),
    );
    await handleUnit(await fetchAll(good));
    expect((await readBatchJob({ db: suite.database.db, companyId }, good, ['test_mixed'])).job).toMatchObject({
      status: 'completed',
      processed: 75,
      failed: 0,
    });
    expect(await fetchAll(good)).toEqual([]);

    const mixed = await createJob(
      companyId,
      'test_mixed',
      Array.from({ length: 50 }, (_, n) => ({ n, mode: n === 30 ? 'crash' : 'ok' })),
    );
    await handleUnit(await fetchAll(mixed));
    const view = await readBatchJob({ db: suite.database.db, companyId }, mixed, ['test_mixed']);
    expect(view.job).toMatchObject({ status: 'processing', processed: 49, failed: 0 }); // only row 30 waits for its retry
    expect(
      (
        await pendingBatchRows(suite.database.db, companyId, mixed, [
          [0, 25],
          [25, 50],
        ])
      ).map((r) => r.index),
    ).toEqual([30]);
  });

  it('a job no worker can run (unknown kind) fails as a whole after the last attempt, with its reason', async () => {
    const { companyId } = await suite.t.company();
    const jobId = await createJob(
      companyId,
      'no_such_kind',
      Array.from({ length: 30 }, (_, n) => ({ n })),
    );
    const [head, tail] = await fetchAll(jobId);
    await handle({ ...head, attempt: 1, maxAttempts: 3 });
    expect((await readBatchJob({ db: suite.database.db, companyId }, jobId, ['no_such_kind'])).job.status).toBe(
      'processing',
    );
    await handle({ ...head, attempt: 3, maxAttempts: 3 });
    await handle(tail); // the job has failed: its remaining slice is acked without running
    const view = await readBatchJob({ db: suite.database.db, companyId }, jobId, ['no_such_kind']);
    expect(view.job).toMatchObject({
      status: 'failed',
      processed: 0,
      errorMessage: 'No row processor for job kind "no_such_kind"',
    });
    expect(await fetchAll(jobId)).toEqual([]);
    expect(presentCustomerBatchJob(view)).toMatchObject({
      status: 'failed',
      errorMessage: 'No row processor for job kind "no_such_kind"',
      processingCompletedAt: NOW.toISOString(),
    });
  });

  it('a failed attempt goes back to the queue for a retry (with backoff), not lost', async () => {
    const { companyId } = await suite.t.company();
    const jobId = await createJob(companyId, 'test_explode', [{ n: 1 }]);
    const [message] = await fetchAll(jobId);
    await suite.t.service.queue.fail(message, new Error('boom'));
    expect(await fetchAll(jobId)).toEqual([]); // not due yet: the backoff delays it
    const row =
      dialect === 'sqlite'
        ? await tables(suite.database.db).jobQueue().where({ id: message.id }).first('state', 'attempts')
        : await suite.database.db
            .raw(`select state from ${suite.database.schema}_boss.job where id = ?`, [message.id])
            .then((r: any) => r.rows[0]);
    expect(row.state).toBe(dialect === 'sqlite' ? 'queued' : 'retry');
  });
});
