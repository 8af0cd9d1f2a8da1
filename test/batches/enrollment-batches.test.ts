import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENROLLMENT_BATCH_OPERATION } from '../../src/domain/batches/submit-enrollment.js';
import { requestFingerprint } from '../../src/domain/shared/idempotency.js';
import { loadOpenApiDocument } from '../../src/contract/openapi-document.js';
import { ENROLLMENT_OPERATION } from '../../src/domain/enrollment/sync.js';
import { findLiveCadence, getApplication, setCadenceStatus } from '../../src/store/planning/cadences.js';
import { insertClaim } from '../../src/store/shared/idempotency.js';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { enrollBody, enrollRow, newKey, NOW } from '../support/enrollment.js';
import { waitForJob } from '../support/jobs.js';
import type { TableName } from '../support/tables.js';

const BASE = 'https://api.example.test';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY_RULE = 'must be 1 to 128 characters matching ^[A-Za-z0-9._:-]{1,128}$';

describe.each(DIALECTS)('enrollment batches on %s', (dialect) => {
  let key: string;
  let companyId: string;

  const suite = useTestService(dialect, { now: () => NOW, env: { PUBLIC_BASE_URL: BASE } });
  // A company per test: a fresh batch quota (10/min) and no data.
  beforeEach(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
  });

  const submit = (customers: unknown[], idempotencyKey: string | null = newKey('batch')) =>
    suite.t.call('POST', '/customers/batch', {
      key,
      body: { scheduleMode: 'enroll', customers },
      headers: idempotencyKey === null ? {} : { 'Idempotency-Key': idempotencyKey },
    });
  const enroll = (body: Record<string, unknown>, idempotencyKey: string) =>
    suite.t.call('POST', '/customers/schedule/sync', { key, body, headers: { 'Idempotency-Key': idempotencyKey } });
  const run = async (customers: unknown[]) => {
    const res = await submit(customers);
    expect(res.status).toBe(202);
    return waitForJob(suite.t, key, `/customers/batch/${res.body.jobId}`);
  };
  const count = async (table: TableName) =>
    Number((await suite.database.db(table).where('company_id', companyId).count({ n: '*' }))[0].n);

  it('requires a well-formed Idempotency-Key header (400); nothing is stored', async () => {
    const missing = await submit([enrollRow('c-1')], null);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      detail: {
        code: 'missing_idempotency_key',
        message: 'Idempotency-Key header is required when scheduleMode is enroll',
      },
    });
    for (const bad of ['has space', 'x'.repeat(129), 'semi;colon']) {
      const res = await submit([enrollRow('c-1')], bad);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: { code: 'invalid_idempotency_key', message: `Idempotency-Key ${KEY_RULE}` } });
    }
    const empty = await submit([]);
    expect(empty.body).toEqual({ detail: { code: 'empty_batch', message: 'customers must contain at least 1 row' } });
    expect(await count('batch_jobs')).toBe(0);
    expect(await count('idempotency_records')).toBe(0);
  });

  it('202 with Location; rows run as single enrollments with receipts in index order; a bad row fails alone', async () => {
    const rows: unknown[] = Array.from({ length: 30 }, (_, i) => enrollRow(`c-${i}`));
    const { idempotencyKey: _k, ...keyless } = rows[3] as Record<string, unknown>;
    rows[3] = keyless;
    rows[7] = enrollRow('c-7', { idempotencyKey: 'bad key' });
    rows[12] = enrollRow('c-12', { city: 'Austin' });
    rows[20] = enrollRow('c-20', { oneOff: true });
    rows[27] = 'just a string';
    const res = await submit(rows);
    expect(res.status).toBe(202);
    expect(res.body.jobId).toMatch(UUID);
    expect(res.body).toEqual({
      jobId: res.body.jobId,
      totalCustomers: 30,
      message: `Batch job created with 2 parallel batches. Poll GET /customers/batch/${res.body.jobId} for status.`,
    });
    expect(res.headers.get('location')).toBe(`${BASE}/customers/batch/${res.body.jobId}`);
    expect(res.headers.get('idempotency-replayed')).toBeNull();
    expect(res.headers.get('ratelimit-policy')).toBe('"batch";q=10;w=60');

    const job = await waitForJob(suite.t, key, `/customers/batch/${res.body.jobId}`);
    expect(job).toMatchObject({
      status: 'completed',
      totalCustomers: 30,
      processed: 30,
      failed: 5,
      progressPercentage: 100,
      errorMessage: null,
    });
    expect(job.failures).toEqual([
      { index: 3, customerId: 'c-3', message: '400: idempotencyKey: is required in every enrollment row' },
      { index: 7, customerId: 'c-7', message: `400: idempotencyKey: ${KEY_RULE}` },
      { index: 12, customerId: 'c-12', message: '422: Unrecognized field: city' },
      { index: 20, customerId: 'c-20', message: '422: oneOff: only allowed with taskType PendingLoanReturning' },
      { index: 27, customerId: null, message: '400: Each row must be a JSON object' },
    ]);
    expect(job.results.map((r: { index: number }) => r.index)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const [first] = job.results;
    expect(first).toEqual({
      index: 0,
      customerId: 'c-0',
      status: 'scheduled',
      loanId: 'loan-1',
      replayed: false,
      retryable: false,
      code: null,
      message: null,
      origination: {
        id: first.origination.id,
        status: 'scheduled',
        customerId: 'c-0',
        loanId: 'loan-1',
        scheduleId: first.origination.scheduleId,
        scheduledCallId: first.origination.scheduledCallId,
        scheduledTime: '2026-12-08T15:00:00.000Z',
        scheduledCallCount: 5,
      },
    });
    expect(first.origination.id).toMatch(UUID);
    expect(job.results[12]).toEqual({
      index: 12,
      customerId: 'c-12',
      status: 'failed',
      loanId: 'loan-1',
      replayed: false,
      retryable: false,
      code: 'invalid_request',
      message: 'Unrecognized field: city',
      origination: null,
    });
    expect(job.results[3]).toMatchObject({
      status: 'failed',
      code: 'missing_idempotency_key',
      retryable: false,
      origination: null,
    });
    expect(job.results[7]).toMatchObject({ status: 'failed', code: 'invalid_idempotency_key' });
    expect(job.results[27]).toMatchObject({
      customerId: null,
      loanId: null,
      status: 'failed',
      code: 'invalid_request',
    });
    expect(job.results.filter((r: { status: string }) => r.status === 'scheduled')).toHaveLength(25);

    // The first call of a row's receipt is a real scheduled call; 25 customers × 5 calls were planned.
    const call = await suite.t.call('GET', `/scheduled-calls/${first.origination.scheduledCallId}`, { key });
    expect(call.body).toMatchObject({
      customerId: 'c-0',
      scheduledTime: '2026-12-08T15:00:00.000Z',
      status: 'pending',
    });
    expect(await count('scheduled_calls')).toBe(125);
    expect(await count('cadences')).toBe(25);
  });

  it("the contract's enrollment example enrolls both rows (the Dredd run submits it too)", async () => {
    const doc = loadOpenApiDocument() as any;
    const example =
      doc.paths['/customers/batch'].post.requestBody.content['application/json'].examples.enrollment.value;
    const job = await run(example.customers);
    expect(job.results.map((r: any) => [r.customerId, r.loanId, r.status, r.origination?.scheduledCallCount])).toEqual([
      ['cust-1001', 'loan-5001', 'scheduled', 5],
      ['cust-1002', 'loan-5002', 'scheduled', 1],
    ]);
    expect((await suite.t.call('GET', '/customers/cust-1002', { key })).body.phoneNumber).toBe('+17045550188'); // from mobilePhone
  });

  it('the header key covers the submission: same body → same job (replayed), different body → 422', async () => {
    const k = newKey('batch');
    const rows = [enrollRow('s-1'), enrollRow('s-2')];
    const first = await submit(rows, k);
    expect(first.status).toBe(202);
    // Same body with its keys in another order: the canonical fingerprint is the same.
    const reordered = {
      customers: rows.map((r) => Object.fromEntries(Object.entries(r).reverse())),
      scheduleMode: 'enroll',
    };
    const again = await suite.t.call('POST', '/customers/batch', {
      key,
      body: reordered,
      headers: { 'Idempotency-Key': k },
    });
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(`${BASE}/customers/batch/${first.body.jobId}`);

    const other = await submit([enrollRow('s-3')], k);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      detail: {
        code: 'idempotency_key_reused',
        message: 'Idempotency-Key was already used with a different request body',
      },
    });
    // The header key shares the namespace with single enrollments: another operation's body is a different request.
    expect((await enroll(enrollBody(), k)).body.detail.code).toBe('idempotency_key_reused');
    await waitForJob(suite.t, key, `/customers/batch/${first.body.jobId}`);
    expect(await count('batch_jobs')).toBe(1);
    expect(await count('cadences')).toBe(2);
  });

  it('409 request_in_progress with Retry-After while the same submission is still being written', async () => {
    const k = newKey('batch');
    const body = { scheduleMode: 'enroll', customers: [enrollRow('p-1')] };
    const fingerprint = requestFingerprint(ENROLLMENT_BATCH_OPERATION, body);
    await insertClaim(suite.database.db, companyId, {
      key: k,
      operation: ENROLLMENT_BATCH_OPERATION,
      fingerprint,
      lockToken: randomUUID(),
      lockedUntil: '2026-12-08T15:00:30.000Z',
      at: NOW.toISOString(),
      expiresAt: '2027-01-08T00:00:00.000Z',
    });
    const res = await suite.t.call('POST', '/customers/batch', { key, body, headers: { 'Idempotency-Key': k } });
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.body).toEqual({
      detail: {
        code: 'request_in_progress',
        message: 'A request with this Idempotency-Key is still being processed; retry after the Retry-After delay',
      },
    });
    expect(await count('batch_jobs')).toBe(0);
  });

  it("a row replays a key used by a single enrollment, and a single enrollment replays a row's key", async () => {
    const used = newKey();
    const single = await enroll(enrollBody({ id: 'r-1' }), used);
    expect(single.status).toBe(200);
    const reused = newKey();
    await enroll(enrollBody({ id: 'r-2' }), reused);

    const rows = [
      enrollRow('r-1', { idempotencyKey: used }),
      enrollRow('r-2', { idempotencyKey: reused, loanId: 'loan-other' }),
      enrollRow('r-3'),
    ];
    const job = await run(rows);
    expect(job.results[0]).toEqual({
      index: 0,
      customerId: 'r-1',
      status: 'scheduled',
      loanId: 'loan-1',
      replayed: true,
      retryable: false,
      code: null,
      message: null,
      origination: single.body.origination,
    });
    expect(job.results[1]).toEqual({
      index: 1,
      customerId: 'r-2',
      status: 'failed',
      loanId: 'loan-other',
      replayed: false,
      retryable: false,
      code: 'idempotency_key_reused',
      message: 'Idempotency-Key was already used with a different request body',
      origination: null,
    });
    expect(job.failures).toEqual([
      { index: 1, customerId: 'r-2', message: '422: Idempotency-Key was already used with a different request body' },
    ]);
    expect(job.results[2]).toMatchObject({ status: 'scheduled', replayed: false });

    // A row repeated later in the same batch (same key, same body) replays the first one's receipt.
    const fresh = enrollRow('r-4');
    const twice = await run([fresh, enrollRow('r-5'), fresh]);
    expect(twice.results.map((r: any) => [r.customerId, r.status, r.replayed])).toEqual([
      ['r-4', 'scheduled', false],
      ['r-5', 'scheduled', false],
      ['r-4', 'scheduled', true],
    ]);
    expect(twice.results[2].origination).toEqual(twice.results[0].origination);

    const back = await enroll(enrollBody({ id: 'r-3' }), (rows[2] as { idempotencyKey: string }).idempotencyKey);
    expect(back.status).toBe(200);
    expect(back.headers.get('idempotency-replayed')).toBe('true');
    expect(back.body.origination).toEqual(job.results[2].origination);
    expect(await count('cadences')).toBe(5);
  });

  it('per-row conflicts carry their codes (not retryable); a key still running elsewhere is retryable; conflicts replay', async () => {
    await enroll(enrollBody({ id: 'x-active' }), newKey());
    await enroll(enrollBody({ id: 'x-finished' }), newKey());
    const app = await getApplication(suite.database.db, companyId, 'x-finished', 'loan-1');
    await setCadenceStatus(
      suite.database.db,
      companyId,
      (await findLiveCadence(suite.database.db, companyId, app!.id))!.id,
      'finished',
      NOW.toISOString(),
    );
    await enroll(enrollBody({ id: 'x-test', isTest: true }), newKey());
    const busy = enrollRow('x-busy');
    const { idempotencyKey: busyKey, ...busyBody } = busy;
    await insertClaim(suite.database.db, companyId, {
      key: busyKey as string,
      operation: ENROLLMENT_OPERATION,
      fingerprint: requestFingerprint(ENROLLMENT_OPERATION, { scheduleMode: 'enroll', ...busyBody }),
      lockToken: randomUUID(),
      lockedUntil: '2026-12-08T15:00:30.000Z',
      at: NOW.toISOString(),
      expiresAt: '2027-01-08T00:00:00.000Z',
    });
    const rows = [
      enrollRow('x-active'),
      enrollRow('x-active', { loanId: 'loan-2' }),
      enrollRow('x-finished'),
      enrollRow('x-test'),
      busy,
    ];
    const job = await run(rows);
    const brief = job.results.map((r: any) => [
      r.status,
      r.code,
      r.retryable,
      r.replayed,
      r.origination?.status ?? null,
    ]);
    expect(brief).toEqual([
      ['already_scheduled', null, false, false, 'already_scheduled'],
      ['failed', 'existing_application', false, false, null],
      ['failed', 'cadence_finished', false, false, null],
      ['failed', 'test_mode_mismatch', false, false, null],
      ['failed', 'request_in_progress', true, false, null],
    ]);
    expect(job.results[0].origination.scheduledCallCount).toBe(0);
    expect(job.failures).toEqual([
      {
        index: 1,
        customerId: 'x-active',
        message: '409: Customer x-active has an active cadence for application loan-1',
      },
      {
        index: 2,
        customerId: 'x-finished',
        message: '409: The cadence for x-finished / loan-1 has finished and cannot be restarted',
      },
      { index: 3, customerId: 'x-test', message: '409: isTest is false but customer x-test is a test customer' },
      {
        index: 4,
        customerId: 'x-busy',
        message: '409: A request with this Idempotency-Key is still being processed; retry after the Retry-After delay',
      },
    ]);

    // The same rows in a new batch: conflicts were stored under the rows' keys and replay as they were.
    const again = await run(rows);
    expect(again.results.map((r: any) => [r.status, r.code, r.replayed])).toEqual([
      ['already_scheduled', null, true],
      ['failed', 'existing_application', true],
      ['failed', 'cadence_finished', true],
      ['failed', 'test_mode_mismatch', true],
      ['failed', 'request_in_progress', false], // never stored: still the other request's key
    ]);
    expect(again.results[1].message).toBe(job.results[1].message);
    expect(again.failures.map((f: { index: number }) => f.index)).toEqual([1, 2, 3, 4]);
  });
});
