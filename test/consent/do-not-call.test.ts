import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { enrollBody, newKey, NOW } from '../support/enrollment.js';
import { validCustomer } from '../support/customers.js';
import { waitForJob } from '../support/jobs.js';
import { tables } from '../support/tables.js';

/** Do Not Call set by any write operation stops the customer's pending outreach (docs/partners/enrollment.md#do-not-call). */
describe.each(DIALECTS)('Do Not Call from customer writes on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => NOW, workers: true });

  async function enrolled(key: string, id: string) {
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: enrollBody({ id, loanId: `loan-${id}` }),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(200);
    expect(res.body.origination.scheduledCallCount).toBeGreaterThan(0);
  }

  async function statuses(key: string, id: string): Promise<string[]> {
    const res = await suite.t.call('GET', `/scheduled-calls/customer/${id}`, { key });
    expect(res.status).toBe(200);
    return res.body.map((c: { status: string }) => c.status);
  }

  it('POST /customers with doNotCall: true cancels pending calls', async () => {
    const { apiKey: key } = await suite.t.company();
    await enrolled(key, 'dnc-post');
    expect(await statuses(key, 'dnc-post')).toContain('pending');
    const res = await suite.t.call('POST', '/customers', { key, body: validCustomer('dnc-post', { doNotCall: true }) });
    expect(res.status).toBe(200);
    const after = await statuses(key, 'dnc-post');
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s === 'cancelled')).toBe(true);
    const reasons = await tables(suite.database.db)
      .scheduledCalls()
      .where({ customer_id: 'dnc-post' })
      .distinct('status_reason');
    expect(reasons).toEqual([{ status_reason: 'Do Not Call: set on the customer record' }]);
  });

  it('a customer-batch row with doNotCall: true cancels pending calls; other rows keep theirs', async () => {
    const { apiKey: key } = await suite.t.company();
    await enrolled(key, 'dnc-row');
    await enrolled(key, 'keep-row');
    const submit = await suite.t.call('POST', '/customers/batch', {
      key,
      body: { customers: [validCustomer('dnc-row', { doNotCall: true }), validCustomer('keep-row')] },
    });
    expect(submit.status).toBe(202);
    const job = await waitForJob(suite.t, key, `/customers/batch/${submit.body.jobId}`);
    expect(job).toMatchObject({ status: 'completed', processed: 2, failed: 0 });
    expect((await statuses(key, 'dnc-row')).every((s) => s === 'cancelled')).toBe(true);
    expect(await statuses(key, 'keep-row')).toContain('pending');
  });
});
