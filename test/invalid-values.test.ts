import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './support/databases.js';
import { useTestService } from './support/suite.js';
import { validCustomer } from './support/customers.js';

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

  it.runIf(dialect === 'postgres')('a string longer than its column is 400 and stores nothing (Postgres enforces widths)', async () => {
    const res = await suite.t.call('POST', '/customers', { key, body: validCustomer('c-long', { state: 'S'.repeat(40) }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'A value is too long or out of range for its field' });
    expect((await suite.t.call('GET', '/customers/c-long', { key })).status).toBe(404);
  });
});
