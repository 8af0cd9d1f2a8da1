import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDatabase, type TestDatabase } from './support/databases.js';
import { customerRow } from './support/jobs.js';
import { startTestService, type TestService } from './support/service.js';

/** Values the schema allows but a column cannot hold are the caller's fault: 400, never 500. */
describe.each(DIALECTS)('values out of range on %s', (dialect) => {
  let database: TestDatabase;
  let t: TestService;
  let key: string;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    t = await startTestService(database.db);
    key = (await t.company()).apiKey;
  });
  afterAll(async () => {
    await t.stop();
    await database.drop();
  });
  afterEach(() => expect(t.violations).toEqual([]));

  it('an offset beyond the documented maximum is 400', async () => {
    await t.call('POST', '/customers', { key, body: customerRow('c-off') });
    const res = await t.call('GET', '/scheduled-calls/customer/c-off?offset=100000000000000000000', { key });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(400);
  });

  it.runIf(dialect === 'postgres')('a string longer than its column is 400 and stores nothing (Postgres enforces widths)', async () => {
    const res = await t.call('POST', '/customers', { key, body: customerRow('c-long', { state: 'S'.repeat(40) }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'A value is too long or out of range for its field' });
    expect((await t.call('GET', '/customers/c-long', { key })).status).toBe(404);
  });
});
