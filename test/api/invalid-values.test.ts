import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { validCustomer } from '../support/customers.js';
import { waitForJob } from '../support/jobs.js';

/** Values the schema allows but a column cannot hold are the caller's fault: 400, never 500. */
describe.each(DIALECTS)('values out of range on %s', (dialect) => {
  let key: string;

  const suite = useTestService(dialect);
  beforeAll(async () => {
    key = (await suite.t.company()).apiKey;
  });

  it('an offset beyond the documented maximum is 400', async () => {
    await suite.t.call('POST', '/customers', { key, body: validCustomer('c-off') });
    const res = await suite.t.call('GET', '/scheduled-calls/customer/c-off?offset=100000000000000000000', { key });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(400);
  });

  // Every string of the contract has a maxLength within its column's width, so validation (not the
  // database) rejects it, the same way on both databases.
  it('a string longer than its documented maximum is 400 naming the field and stores nothing', async () => {
    const res = await suite.t.call('POST', '/customers', {
      key,
      body: validCustomer('c-long', { city: 'S'.repeat(121) }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'city: must NOT have more than 120 characters' });
    expect((await suite.t.call('GET', '/customers/c-long', { key })).status).toBe(404);
  });

  it('in a customer batch, such a row fails alone as a 400 and the others are saved', async () => {
    const { apiKey } = await suite.t.company();
    const rows = [validCustomer('b-ok-1'), validCustomer('b-long', { city: 'S'.repeat(121) }), validCustomer('b-ok-2')];
    const submit = await suite.t.call('POST', '/customers/batch', { key: apiKey, body: { customers: rows } });
    expect(submit.status).toBe(202);
    const job = await waitForJob(suite.t, apiKey, `/customers/batch/${submit.body.jobId}`);
    expect(job).toMatchObject({ status: 'completed', processed: 3, failed: 1 });
    expect(job.failures).toEqual([
      { index: 1, customerId: 'b-long', message: '400: city: must NOT have more than 120 characters' },
    ]);
    expect((await suite.t.call('GET', '/customers/b-ok-2', { key: apiKey })).status).toBe(200);
  });
});
