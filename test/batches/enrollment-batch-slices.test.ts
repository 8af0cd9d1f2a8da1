import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENROLLMENT } from '../../src/domain/batches/row-processors.js';
import { SLICE_QUEUE, type SliceMessage } from '../../src/domain/batches/slices.js';
import { getCompanyConfig } from '../../src/domain/companies/companies.js';
import type { CompanyContext } from '../../src/domain/shared/context.js';
import { createSliceHandler } from '../../src/jobs/batch-slices.js';
import { rowHandling } from '../../src/main/server.js';
import type { Claimed } from '../../src/domain/ports/job-queue.js';
import { sweepRetention } from '../../src/domain/retention/sweep.js';
import { createLogger } from '../../src/lib/logger.js';
import { insertApplication, insertCadence } from '../../src/store/planning/cadences.js';
import { getRecord } from '../../src/store/shared/idempotency.js';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { enrollBody, enrollRow, newKey, NOW } from '../support/enrollment.js';
import { validCustomer } from '../support/customers.js';
import { tables, type TableName } from '../support/tables.js';

const SUNSET = new Date('2026-10-25T00:00:00Z');

/**
 * Enrollment batches with the slice worker driven by hand on an API-only service, so the states
 * between slices can be observed: partial results, redelivery, a slice's rows run twice, give-up.
 */
describe.each(DIALECTS)('enrollment batch slices on %s', (dialect) => {
  let handle: (m: Claimed<SliceMessage>) => Promise<void>;
  let key: string;
  let companyId: string;

  const suite = useTestService(dialect, { now: () => NOW, workers: false });
  beforeAll(async () => {
    const handleUnit = createSliceHandler({
      db: suite.database.db,
      queue: suite.t.service.queue,
      log: createLogger('silent'),
      now: () => NOW,
      testAliasSunset: SUNSET,
      rows: rowHandling,
    });
    handle = (m) => handleUnit([m]);
  });
  beforeEach(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
  });

  const fetchAll = async () => {
    const all: Claimed<SliceMessage>[] = [];
    for (
      let b = await suite.t.service.queue.fetch<SliceMessage>(SLICE_QUEUE, 50);
      b.length;
      b = await suite.t.service.queue.fetch<SliceMessage>(SLICE_QUEUE, 50)
    )
      all.push(...b);
    return all.sort((a, b) => a.data.from - b.data.from);
  };
  const submit = async (customers: unknown[]) => {
    const res = await suite.t.call('POST', '/customers/batch', {
      key,
      body: { scheduleMode: 'enroll', customers },
      headers: { 'Idempotency-Key': newKey('batch') },
    });
    expect(res.status).toBe(202);
    return `/customers/batch/${res.body.jobId}`;
  };
  const read = async (path: string) => (await suite.t.call('GET', path, { key })).body;
  const count = async (table: TableName) =>
    Number((await suite.database.db(table).where('company_id', companyId).count({ n: '*' }))[0].n);
  const indexes = (job: { results: { index: number }[] }) => job.results.map((r) => r.index);

  it('results hold only finished rows, by index, while running; all rows once completed; a redelivered slice changes nothing', async () => {
    const path = await submit(Array.from({ length: 30 }, (_, i) => enrollRow(`h-${i}`)));
    expect(await read(path)).toMatchObject({ status: 'pending', processed: 0, results: [], failures: [] });

    const [head, tail] = await fetchAll();
    await handle(tail); // rows 25–29 finish first
    const partial = await read(path);
    expect(partial).toMatchObject({ status: 'processing', processed: 5, failed: 0, processingCompletedAt: null });
    expect(indexes(partial)).toEqual([25, 26, 27, 28, 29]);
    expect(partial.results.every((r: { status: string }) => r.status === 'scheduled')).toBe(true);

    await handle(head);
    const done = await read(path);
    expect(done).toMatchObject({
      status: 'completed',
      processed: 30,
      failed: 0,
      processingCompletedAt: NOW.toISOString(),
    });
    expect(indexes(done)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(done.results.slice(25)).toEqual(partial.results); // finished rows never change

    await handle(head); // delivered again after its work committed
    expect(await read(path)).toEqual(done);
    expect(await count('cadences')).toBe(30);
    expect(await count('scheduled_calls')).toBe(150);
  });

  it("a slice's rows run twice enroll once: the second run replays every row's stored result", async () => {
    const rows = [
      enrollRow('tw-1'),
      enrollRow('tw-2', { taskType: 'PendingLoanReturning', oneOff: true }),
      enrollRow('tw-3', { oneOff: true }),
    ];
    const ctx: CompanyContext = {
      db: suite.database.db,
      companyId,
      config: await getCompanyConfig(suite.database.db, companyId),
      now: NOW,
      testAliasSunset: SUNSET,
    };
    const processor = rowHandling.processors.get(ENROLLMENT)!;
    const runOnce = () => suite.database.db.transaction((trx) => processor.runAll({ ...ctx, db: trx }, rows));
    const first = await runOnce();
    const second = await runOnce();
    const results = (r: typeof first) => r.map((x) => x.result as Record<string, unknown>);
    expect(results(first).map((r) => [r.status, r.replayed])).toEqual([
      ['scheduled', false],
      ['scheduled', false],
      ['failed', false],
    ]);
    expect(results(second).map((r) => [r.status, r.replayed])).toEqual([
      ['scheduled', true],
      ['scheduled', true],
      ['failed', false],
    ]);
    expect(results(second)[0].origination).toEqual(results(first)[0].origination);
    expect(results(second)[1].origination).toEqual(results(first)[1].origination);
    expect(await count('cadences')).toBe(2);
    expect(await count('scheduled_calls')).toBe(6); // 5 new-lead calls + 1 one-off
  });

  it('a row with an unexpected error is retried alone, then fails with a retryable result; the others commit', async () => {
    // An active cadence without a schedule: enrollment cannot answer already_scheduled (a bug, not the row's fault).
    await suite.t.call('POST', '/customers', { key, body: validCustomer('broken') });
    const applicationId = randomUUID();
    await insertApplication(suite.database.db, companyId, {
      id: applicationId,
      customerId: 'broken',
      loanId: 'loan-1',
      createdAt: NOW.toISOString(),
    });
    await insertCadence(suite.database.db, companyId, {
      id: randomUUID(),
      customerId: 'broken',
      applicationId,
      taskType: 'PendingLoanNewLead',
      cadence: 'new_lead',
      at: NOW.toISOString(),
    });
    const rows = [enrollRow('ok-1'), enrollRow('broken'), enrollRow('ok-2')];
    const path = await submit(rows);
    const [only] = await fetchAll();
    await handle(only);
    expect(await read(path)).toMatchObject({ status: 'processing', processed: 2, failed: 0 });
    expect(await getRecord(suite.database.db, companyId, rows[1].idempotencyKey as string)).toBeNull(); // its claim was released

    await handle({ ...only, attempt: only.maxAttempts }); // the last attempt gives up on it
    const job = await read(path);
    const message = `Processing failed after ${only.maxAttempts} attempts`;
    expect(job).toMatchObject({ status: 'completed', processed: 3, failed: 1 });
    expect(job.failures).toEqual([{ index: 1, customerId: 'broken', message: `500: ${message}` }]);
    expect(job.results.map((r: { status: string }) => r.status)).toEqual(['scheduled', 'failed', 'scheduled']);
    expect(job.results[1]).toEqual({
      index: 1,
      customerId: 'broken',
      status: 'failed',
      loanId: 'loan-1',
      replayed: false,
      retryable: true,
      code: 'internal_error',
      message,
      origination: null,
    });
  });

  it('the retention sweep purges expired idempotency records and jobs older than 30 days', async () => {
    const kept = newKey();
    await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: enrollBody({ id: 'ret-1' }),
      headers: { 'Idempotency-Key': kept },
    });
    await submit([enrollRow('ret-2')]);
    const expired = newKey();
    await tables(suite.database.db).idempotencyRecords().insert({
      company_id: companyId,
      key: expired,
      operation: 'x',
      fingerprint: 'f',
      state: 'completed',
      response_status: 200,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
      expires_at: '2026-12-01T00:00:00.000Z',
    });
    const log = createLogger('silent');
    expect(await sweepRetention(suite.database.db, NOW, log)).toEqual({
      batchJobs: 0,
      idempotencyRecords: 1,
      callbackInbox: 0,
      smsEarlyStatuses: 0,
      webhookDeliveries: 0,
      contactDecisions: 0,
      scheduledMessages: 0,
      scheduledCalls: 0,
      outsideContacts: 0,
      recordings: 0,
    });
    expect(await getRecord(suite.database.db, companyId, expired)).toBeNull();
    expect((await getRecord(suite.database.db, companyId, kept))?.state).toBe('completed');

    // 30 days later the single enrollment's and the batch's records expire, and the job is deleted.
    // (The sweep covers every company: this file's earlier jobs and records, all made at NOW, go too.)
    const total = async (table: TableName) => Number((await suite.database.db(table).count({ n: '*' }))[0].n);
    const expected = {
      batchJobs: await total('batch_jobs'),
      idempotencyRecords: await total('idempotency_records'),
      callbackInbox: 0,
      smsEarlyStatuses: 0,
      webhookDeliveries: 0,
      contactDecisions: 0,
      scheduledMessages: 0,
      scheduledCalls: 0,
      outsideContacts: 0,
      recordings: 0,
    };
    expect(expected.batchJobs).toBeGreaterThanOrEqual(1);
    const later = new Date(NOW.getTime() + 30 * 86_400_000 + 1000);
    expect(await sweepRetention(suite.database.db, later, log)).toEqual(expected);
    expect(await total('idempotency_records')).toBe(0);
    expect(await total('batch_jobs')).toBe(0);
  });

  it('the retention sweep deletes callbacks applied more than 7 days ago, never an unapplied one', async () => {
    const db = suite.database.db;
    const day = 86_400_000;
    const row = (eventId: string, receivedMs: number, appliedMs: number | null) => ({
      provider: 'retell',
      event_id: eventId,
      scheduled_call_id: randomUUID(),
      event: '{}',
      received_at: new Date(receivedMs).toISOString(),
      applied_at: appliedMs === null ? null : new Date(appliedMs).toISOString(),
      outcome: appliedMs === null ? null : 'applied',
    });
    const t = NOW.getTime();
    await tables(db)
      .callbackInbox()
      .insert([
        row('old-applied', t - 9 * day, t - 8 * day),
        row('old-unapplied', t - 9 * day, null),
        row('recent-applied', t - 2 * day, t - 6 * day + 60_000),
      ]);
    const swept = await sweepRetention(db, NOW, createLogger('silent'));
    expect(swept.callbackInbox).toBe(1);
    expect((await tables(db).callbackInbox().orderBy('event_id').pluck('event_id')).sort()).toEqual([
      'old-unapplied',
      'recent-applied',
    ]);
  });
});
