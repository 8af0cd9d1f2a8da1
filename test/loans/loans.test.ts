import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { validCustomer } from '../support/customers.js';
import { waitForJob } from '../support/jobs.js';
import { tables } from '../support/tables.js';

const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(DIALECTS)('loans on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => NOW });

  /** A company with customers c-1 … c-n. */
  async function companyWithCustomers(n: number) {
    const company = await suite.t.company();
    for (let i = 1; i <= n; i++)
      expect(
        (await suite.t.call('POST', '/customers', { key: company.apiKey, body: validCustomer(`c-${i}`) })).status,
      ).toBe(201);
    return company;
  }
  const loanCount = async (companyId: string) =>
    Number((await tables(suite.database.db).loans().where('company_id', companyId).count({ n: '*' }))[0].n);

  describe('POST /loans', () => {
    it('creates (201) with every property present, then upserts on (customerId, id) (200) keeping unsent fields', async () => {
      const { apiKey: key, companyId } = await companyWithCustomers(1);
      const body = {
        id: 'L-1',
        customerId: 'c-1',
        type: 'installment',
        originationDate: '2024-02-29',
        totalBalance: 1180.5,
        amountDue: 0.1,
        interestRate: 0.2999,
        originalFundedAmount: 12345678901.23,
        isSettled: false,
        daysPastDueAtBoarding: 3,
        externalLmsMetadata: { branch: 'online' },
      };
      const created = await suite.t.call('POST', '/loans', { key, body });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        ...body,
        startDate: null,
        apr: null,
        autopayEnabled: null,
        portfolioId: null,
        taskType: null,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      });
      expect(Object.keys(created.body)).toHaveLength(32);

      const updated = await suite.t.call('POST', '/loans', {
        key,
        body: { id: 'L-1', customerId: 'c-1', amountDue: 125.55, servicingStatus: 'current' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        amountDue: 125.55,
        servicingStatus: 'current',
        totalBalance: 1180.5,
        interestRate: 0.2999,
        originationDate: '2024-02-29',
      });
      expect(await loanCount(companyId)).toBe(1);

      // Stored as exact decimals, not binary floats: NUMERIC on Postgres, decimal text on SQLite.
      const row = await tables(suite.database.db)
        .loans()
        .where({ company_id: companyId, id: 'L-1' })
        .first('amount_due', 'original_funded_amount');
      expect(typeof row!.amount_due).toBe('string');
      expect(row!.amount_due).toBe('125.55');
      expect(row!.original_funded_amount).toBe('12345678901.23');
    });

    it("an unknown customer, or another company's, is 404 in the {error, message} shape", async () => {
      const { apiKey: key } = await companyWithCustomers(1);
      const other = await companyWithCustomers(0);
      const res = await suite.t.call('POST', '/loans', { key: other.apiKey, body: { id: 'L-1', customerId: 'c-1' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 404, message: 'Customer c-1 not found' });
      expect((await suite.t.call('POST', '/loans', { key, body: { id: 'L-1', customerId: 'nobody' } })).status).toBe(
        404,
      );
    });

    it.each([
      ['an impossible date', { originationDate: '2026-02-30' }, 'originationDate'],
      ['a date in another format', { dueDate: '03/20/2026' }, 'dueDate'],
      ['a missing customerId', { customerId: undefined }, 'customerId'],
      ['a string amount', { totalBalance: '12.50' }, 'totalBalance'],
    ])('rejects %s with 400 naming the field', async (_label, change, field) => {
      const { apiKey: key } = await companyWithCustomers(1);
      const res = await suite.t.call('POST', '/loans', { key, body: { id: 'L-bad', customerId: 'c-1', ...change } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(400);
      expect(res.body.message).toContain(field);
    });

    it('rejects a number JSON cannot hold (1e400 parses to Infinity)', async () => {
      const { apiKey: key } = await companyWithCustomers(1);
      const res = await suite.t.call('POST', '/loans', {
        key,
        rawBody: '{"id":"L-inf","customerId":"c-1","totalBalance":1e400}',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 400, message: 'totalBalance: must be < 1000000000000' });
    });
  });

  describe('POST /loans/batch', () => {
    it('a repeated (customerId, id) pair rejects the whole request, naming the pair and its indexes; nothing is queued', async () => {
      const { apiKey: key, companyId } = await companyWithCustomers(2);
      const loans = [
        { id: 'L-1', customerId: 'c-1' },
        { id: 'L-1', customerId: 'c-2' },
        { id: 'L-2', customerId: 'c-1' },
        { id: 'L-1', customerId: 'c-1' },
      ];
      const res = await suite.t.call('POST', '/loans/batch', { key, body: { loans } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 400,
        message:
          'Duplicate loan (customerId c-1, id L-1) at indexes 0, 3. Every (customerId, id) pair must be unique within one request; nothing was queued.',
      });
      expect(
        Number((await tables(suite.database.db).batchJobs().where('company_id', companyId).count({ n: '*' }))[0].n),
      ).toBe(0);
      expect(await loanCount(companyId)).toBe(0);
    });

    it('runs every row as POST /loans; an unknown customer or a bad row fails alone with its loanId', async () => {
      const { apiKey: key, companyId } = await companyWithCustomers(3);
      const loans: unknown[] = Array.from({ length: 40 }, (_, i) => ({
        id: `L-${i}`,
        customerId: `c-${(i % 3) + 1}`,
        totalBalance: i + 0.25,
      }));
      loans[5] = { id: 'L-5', customerId: 'c-404' };
      loans[26] = { id: 'L-26', customerId: 'c-1', dueDate: '2026-13-01' };
      loans[33] = { customerId: 'c-2' };
      const res = await suite.t.call('POST', '/loans/batch', { key, body: { loans } });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        jobId: res.body.jobId,
        totalLoans: 40,
        message: `Batch job created with 2 parallel batches. Poll GET /loans/batch/${res.body.jobId} for status.`,
      });

      const job = await waitForJob(suite.t, key, `/loans/batch/${res.body.jobId}`);
      expect(job).toMatchObject({
        status: 'completed',
        totalLoans: 40,
        processed: 40,
        failed: 3,
        progressPercentage: 100,
        errorMessage: null,
        results: [],
      });
      expect(job.failures).toEqual([
        { index: 5, customerId: 'c-404', loanId: 'L-5', message: '404: Customer c-404 not found' },
        { index: 26, customerId: 'c-1', loanId: 'L-26', message: '400: dueDate: must match format "date"' },
        { index: 33, customerId: 'c-2', loanId: null, message: '400: id: is required' },
      ]);
      expect(await loanCount(companyId)).toBe(37);
      const stored = await tables(suite.database.db)
        .loans()
        .where({ company_id: companyId, customer_id: 'c-2', id: 'L-10' })
        .first('total_balance');
      expect(String(stored!.total_balance)).toBe('10.25');
    });

    it('resubmitting updates the loans rather than duplicating them', async () => {
      const { apiKey: key, companyId } = await companyWithCustomers(2);
      const batch = (amount: number) =>
        Array.from({ length: 30 }, (_, i) => ({ id: `L-${i}`, customerId: `c-${(i % 2) + 1}`, amountDue: amount }));
      await waitForJob(
        suite.t,
        key,
        `/loans/batch/${(await suite.t.call('POST', '/loans/batch', { key, body: { loans: batch(10) } })).body.jobId}`,
      );
      const job = await waitForJob(
        suite.t,
        key,
        `/loans/batch/${(await suite.t.call('POST', '/loans/batch', { key, body: { loans: batch(20.5) } })).body.jobId}`,
      );
      expect(job).toMatchObject({ status: 'completed', processed: 30, failed: 0 });
      expect(await loanCount(companyId)).toBe(30);
      const amounts = await tables(suite.database.db).loans().where('company_id', companyId).distinct('amount_due');
      expect(amounts.map((a) => String(a.amount_due))).toEqual(['20.5']);
    });

    it('scopes jobs to the company and to loan batches; enforces 1 to 10,000 rows', async () => {
      const a = await companyWithCustomers(1);
      const b = await companyWithCustomers(0);
      const res = await suite.t.call('POST', '/loans/batch', {
        key: a.apiKey,
        body: { loans: [{ id: 'L-1', customerId: 'c-1' }] },
      });
      await waitForJob(suite.t, a.apiKey, `/loans/batch/${res.body.jobId}`);
      expect((await suite.t.call('GET', `/loans/batch/${res.body.jobId}`, { key: b.apiKey })).body).toEqual({
        error: 404,
        message: `Batch job ${res.body.jobId} not found`,
      });
      expect((await suite.t.call('GET', `/customers/batch/${res.body.jobId}`, { key: a.apiKey })).status).toBe(404);

      const empty = await suite.t.call('POST', '/loans/batch', { key: a.apiKey, body: { loans: [] } });
      expect(empty.body).toEqual({ error: 400, message: 'loans must contain at least 1 row' });
      const big = await suite.t.call('POST', '/loans/batch', {
        key: a.apiKey,
        body: { loans: Array.from({ length: 10_001 }, (_, i) => ({ id: `L-${i}`, customerId: 'c-1' })) },
      });
      expect(big.body).toEqual({ error: 400, message: 'loans must contain at most 10000 rows' });
    });
  });
});
