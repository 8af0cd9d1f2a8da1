import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { validCustomer } from '../support/customers.js';
import { waitForJob } from '../support/jobs.js';
import { tables } from '../support/tables.js';

// Before the `test` alias sunset, so a row with conflicting test/isTest fails for the conflict itself.
const NOW = new Date('2026-10-01T12:00:00Z');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(DIALECTS)('customer batches on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => NOW });

  const countCustomers = async (companyId: string, prefix: string) =>
    Number(
      (
        await tables(suite.database.db)
          .customers()
          .where('company_id', companyId)
          .andWhere('id', 'like', `${prefix}%`)
          .count({ n: '*' })
      )[0].n,
    );

  it('accepts (202), runs every row through the customer workflow and reports each bad row at its index', async () => {
    const { apiKey: key, companyId } = await suite.t.company();
    const rows: unknown[] = Array.from({ length: 60 }, (_, i) => validCustomer(`b1-${i}`));
    const { email: _email, ...withoutEmail } = validCustomer('b1-3');
    rows[3] = withoutEmail;
    rows[7] = validCustomer('b1-7', { test: true, isTest: false });
    rows[12] = validCustomer('b1-12', { phoneNumber: 'not a phone' });
    rows[30] = validCustomer('b1-30', { timezone: 'Mars/Olympus' });
    rows[41] = validCustomer('b1-41', { taskType: 'Nope' });
    rows[50] = validCustomer('b1-50', { firstName: 42 });
    rows[55] = 'just a string';
    rows[58] = { email: 'x@example.com' };

    const res = await suite.t.call('POST', '/customers/batch', { key, body: { customers: rows } });
    expect(res.status).toBe(202);
    expect(res.body.jobId).toMatch(UUID);
    expect(res.body).toEqual({
      jobId: res.body.jobId,
      totalCustomers: 60,
      message: `Batch job created with 3 parallel batches. Poll GET /customers/batch/${res.body.jobId} for status.`,
    });

    const job = await waitForJob(suite.t, key, `/customers/batch/${res.body.jobId}`);
    expect(job).toMatchObject({
      jobId: res.body.jobId,
      status: 'completed',
      totalCustomers: 60,
      processed: 60,
      failed: 8,
      progressPercentage: 100,
      errorMessage: null,
      results: [],
    });
    expect(job.createdAt).toBe(NOW.toISOString());
    expect(job.processingStartedAt).toBe(NOW.toISOString());
    expect(job.processingCompletedAt).toBe(NOW.toISOString());
    expect(job.failures).toEqual([
      { index: 3, customerId: 'b1-3', message: '400: Missing required fields: email' },
      { index: 7, customerId: 'b1-7', message: '400: "test" and "isTest" have different values; send only "isTest"' },
      { index: 12, customerId: 'b1-12', message: '400: phoneNumber "not a phone" is not a valid phone number' },
      {
        index: 30,
        customerId: 'b1-30',
        message: '400: timezone "Mars/Olympus" is not an IANA time zone name (e.g. America/New_York)',
      },
      {
        index: 41,
        customerId: 'b1-41',
        message:
          '400: taskType "Nope" is not configured for this company; allowed values: PendingLoanNewLead, PendingLoanReturning, Collections',
      },
      { index: 50, customerId: 'b1-50', message: '400: firstName: must be string' },
      { index: 55, customerId: null, message: '400: Each row must be a JSON object' },
      {
        index: 58,
        customerId: null,
        message:
          '400: Missing required fields: id, firstName, lastName, timezone, phoneNumber, taskType, streetAddress1, city, state, zipCode',
      },
    ]);

    // The valid rows were saved exactly as POST /customers would; the rejected ones were not.
    expect(await countCustomers(companyId, 'b1-')).toBe(52);
    const saved = await suite.t.call('GET', '/customers/b1-59', { key });
    expect(saved.body).toMatchObject({ id: 'b1-59', phoneNumber: '+12127365000', isTest: false });
    expect((await suite.t.call('GET', '/customers/b1-7', { key })).status).toBe(404);
  });

  it('resubmitting the same ids updates the customers and never duplicates them', async () => {
    const { apiKey: key, companyId } = await suite.t.company();
    const first = await suite.t.call('POST', '/customers/batch', {
      key,
      body: { customers: Array.from({ length: 30 }, (_, i) => validCustomer(`up-${i}`, { streetAddress2: 'Apt 1' })) },
    });
    await waitForJob(suite.t, key, `/customers/batch/${first.body.jobId}`);
    const second = await suite.t.call('POST', '/customers/batch', {
      key,
      body: { customers: Array.from({ length: 30 }, (_, i) => validCustomer(`up-${i}`, { firstName: 'Augusta' })) },
    });
    const job = await waitForJob(suite.t, key, `/customers/batch/${second.body.jobId}`);
    expect(job).toMatchObject({ status: 'completed', processed: 30, failed: 0, failures: [] });
    expect(await countCustomers(companyId, 'up-')).toBe(30);
    const read = await suite.t.call('GET', '/customers/up-17', { key });
    expect(read.body).toMatchObject({ firstName: 'Augusta', streetAddress2: 'Apt 1' });
  });

  it('a batch of 1,234 rows (many slices, several multi-row statements) keeps every row exactly once', async () => {
    const { apiKey: key, companyId } = await suite.t.company();
    const rows: unknown[] = Array.from({ length: 1234 }, (_, i) => validCustomer(`big-${i}`, { lastName: `Row ${i}` }));
    rows[1000] = validCustomer('big-1000', { timezone: 'Nowhere/Else' });
    rows[20] = validCustomer('big-5', { lastName: 'Last writer' }); // the same id later in the same slice: it wins
    const res = await suite.t.call('POST', '/customers/batch', { key, body: { customers: rows } });
    expect(res.body.message).toContain('with 50 parallel batches');
    const job = await waitForJob(suite.t, key, `/customers/batch/${res.body.jobId}`);
    expect(job).toMatchObject({ status: 'completed', processed: 1234, failed: 1 });
    expect(job.failures.map((f: { index: number }) => f.index)).toEqual([1000]);
    expect(await countCustomers(companyId, 'big-')).toBe(1232); // 1,234 rows − the bad one − big-20 (replaced by big-5)
    expect((await suite.t.call('GET', '/customers/big-5', { key })).body.lastName).toBe('Last writer');
    expect((await suite.t.call('GET', '/customers/big-1233', { key })).body.lastName).toBe('Row 1233');
  });

  it('a job is visible only to its company, and only under its own kind of batch', async () => {
    const a = await suite.t.company('A');
    const b = await suite.t.company('B');
    const res = await suite.t.call('POST', '/customers/batch', {
      key: a.apiKey,
      body: { customers: [validCustomer('scope-1')] },
    });
    await waitForJob(suite.t, a.apiKey, `/customers/batch/${res.body.jobId}`);
    const other = await suite.t.call('GET', `/customers/batch/${res.body.jobId}`, { key: b.apiKey });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 404, message: `Batch job ${res.body.jobId} not found` });
    expect((await suite.t.call('GET', `/loans/batch/${res.body.jobId}`, { key: a.apiKey })).status).toBe(404);
    expect(
      (await suite.t.call('GET', '/customers/batch/00000000-0000-4000-8000-000000000000', { key: a.apiKey })).status,
    ).toBe(404);
    expect((await suite.t.call('GET', `/customers/batch/${res.body.jobId}`, { key: 'ok_wrong' })).status).toBe(401);
  });

  it('rejects an empty batch and one over 10,000 rows with their codes; nothing is stored', async () => {
    const { apiKey: key, companyId } = await suite.t.company();
    const empty = await suite.t.call('POST', '/customers/batch', { key, body: { customers: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ detail: { code: 'empty_batch', message: 'customers must contain at least 1 row' } });
    const big = await suite.t.call('POST', '/customers/batch', {
      key,
      body: { customers: Array.from({ length: 10_001 }, () => ({})) },
    });
    expect(big.status).toBe(400);
    expect(big.body).toEqual({
      detail: { code: 'batch_too_large', message: 'customers must contain at most 10000 rows' },
    });
    const notArray = await suite.t.call('POST', '/customers/batch', { key, body: { customers: 'x' } });
    expect(notArray.status).toBe(400);
    expect(notArray.body.detail.code).toBe('invalid_request');
    expect(
      Number((await tables(suite.database.db).batchJobs().where('company_id', companyId).count({ n: '*' }))[0].n),
    ).toBe(0);
  });
});
