import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDatabase, type TestDatabase } from './support/databases.js';
import { enrollBody, newKey, NOW } from './support/enrollment.js';
import { customerRow, waitForJob } from './support/jobs.js';
import { startTestService, type TestService } from './support/service.js';

/** Do Not Call set by any write operation stops the customer's pending outreach (DESIGN §4.6). */
describe.each(DIALECTS)('Do Not Call from customer writes on %s', (dialect) => {
  let database: TestDatabase;
  let t: TestService;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    t = await startTestService(database.db, { now: () => NOW, workers: true });
  });
  afterAll(async () => {
    await t.stop();
    await database.drop();
  });
  afterEach(() => expect(t.violations).toEqual([]));

  async function enrolled(key: string, id: string) {
    const res = await t.call('POST', '/customers/schedule/sync', { key, body: enrollBody({ id, loanId: `loan-${id}` }), headers: { 'Idempotency-Key': newKey() } });
    expect(res.status).toBe(200);
    expect(res.body.origination.scheduledCallCount).toBeGreaterThan(0);
  }

  async function statuses(key: string, id: string): Promise<string[]> {
    const res = await t.call('GET', `/scheduled-calls/customer/${id}`, { key });
    expect(res.status).toBe(200);
    return res.body.map((c: { status: string }) => c.status);
  }

  it('POST /customers with doNotCall: true cancels pending calls', async () => {
    const { apiKey: key } = await t.company();
    await enrolled(key, 'dnc-post');
    expect(await statuses(key, 'dnc-post')).toContain('pending');
    const res = await t.call('POST', '/customers', { key, body: customerRow('dnc-post', { doNotCall: true }) });
    expect(res.status).toBe(200);
    const after = await statuses(key, 'dnc-post');
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s === 'cancelled')).toBe(true);
  });

  it('a customer-batch row with doNotCall: true cancels pending calls; other rows keep theirs', async () => {
    const { apiKey: key } = await t.company();
    await enrolled(key, 'dnc-row');
    await enrolled(key, 'keep-row');
    const submit = await t.call('POST', '/customers/batch', { key, body: { customers: [customerRow('dnc-row', { doNotCall: true }), customerRow('keep-row')] } });
    expect(submit.status).toBe(202);
    const job = await waitForJob(t, key, `/customers/batch/${submit.body.jobId}`);
    expect(job).toMatchObject({ status: 'completed', processed: 2, failed: 0 });
    expect((await statuses(key, 'dnc-row')).every((s) => s === 'cancelled')).toBe(true);
    expect(await statuses(key, 'keep-row')).toContain('pending');
  });
});
