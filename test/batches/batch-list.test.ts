import { describe, expect, it } from 'vitest';
import { validCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { waitForJob } from '../support/jobs.js';
import { useTestService } from '../support/suite.js';

describe.each(DIALECTS)('GET /batches on %s', (dialect) => {
  const suite = useTestService(dialect);

  it("lists the company's jobs newest first with counts and where their rows are read; another company sees none", async () => {
    const { apiKey: key } = await suite.t.company();
    const first = await suite.t.call('POST', '/customers/batch', {
      key,
      body: { customers: [validCustomer('bl-1'), validCustomer('bl-2', { timezone: 'Mars/Olympus' })] },
    });
    expect(first.status).toBe(202);
    await waitForJob(suite.t, key, `/customers/batch/${first.body.jobId}`);
    const second = await suite.t.call('POST', '/customers/batch', {
      key,
      body: { customers: [validCustomer('bl-3')] },
    });
    await waitForJob(suite.t, key, `/customers/batch/${second.body.jobId}`);

    const list = await suite.t.call('GET', '/batches', { key });
    expect(list.status).toBe(200);
    expect(list.body.map((j: any) => j.jobId)).toEqual([second.body.jobId, first.body.jobId]);
    expect(list.body[1]).toMatchObject({
      kind: 'customer_create',
      status: 'completed',
      total: 2,
      processed: 2,
      failed: 1,
      progressPercentage: 100,
      statusPath: `/customers/batch/${first.body.jobId}`,
    });
    const rows = await suite.t.call('GET', list.body[1].statusPath, { key });
    expect(rows.body.failures).toEqual([expect.objectContaining({ index: 1, customerId: 'bl-2' })]);

    expect((await suite.t.call('GET', '/batches?limit=1&offset=1', { key })).body.map((j: any) => j.jobId)).toEqual([
      first.body.jobId,
    ]);
    const other = await suite.t.company('Other');
    expect((await suite.t.call('GET', '/batches', { key: other.apiKey })).body).toEqual([]);
    expect((await suite.t.call('GET', '/batches?limit=0', { key })).status).toBe(400);
  });
});
