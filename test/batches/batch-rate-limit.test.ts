import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../src/domain/companies/api-keys.js';
import { DIALECTS } from '../support/databases.js';
import { validCustomer } from '../support/customers.js';
import { startTestService, type TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';

const START = new Date('2026-11-21T12:00:00Z');

/** 10 batch submissions per minute per company, across its keys, both batch endpoints and API processes. */
describe.each(DIALECTS)('batch submission rate limit on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let a: TestService;
  let b: TestService; // a second API process on the same database
  let clock = START;

  beforeAll(async () => {
    a = await startTestService(database.db, { now: () => clock });
    b = await startTestService(database.db, { now: () => clock, workers: false });
  });
  afterAll(async () => {
    await b.stop();
    await a.stop();
  });
  afterEach(() => {
    expect(a.violations).toEqual([]);
    expect(b.violations).toEqual([]);
  });

  const customerBatch = (t: TestService, key: string) =>
    t.call('POST', '/customers/batch', { key, body: { customers: [validCustomer('rl-1')] } });
  const loanBatch = (t: TestService, key: string) =>
    t.call('POST', '/loans/batch', { key, body: { loans: [{ id: 'L-1', customerId: 'rl-1' }] } });

  it('the 11th submission in a minute is 429 in each family shape, with Retry-After and RateLimit headers', async () => {
    clock = START;
    const { apiKey: key1, companyId } = await a.company();
    const { apiKey: key2 } = await issueApiKey(database.db, companyId, clock);
    const other = await a.company('Other Lender');

    const accepted = [];
    for (let i = 0; i < 10; i++) {
      const res =
        i % 2 === 0 ? await customerBatch(i % 4 === 0 ? a : b, key1) : await loanBatch(i % 3 === 0 ? a : b, key2);
      accepted.push([res.status, res.headers.get('ratelimit')]);
    }
    expect(accepted).toEqual(Array.from({ length: 10 }, (_, i) => [202, `"batch";r=${9 - i};t=60`]));

    clock = new Date(START.getTime() + 18_000);
    const limited = await customerBatch(b, key2);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      detail: {
        code: 'rate_limited',
        message: 'Rate limit of 10 batch submissions per 60 seconds exceeded; retry after 42 seconds',
      },
    });
    expect(limited.headers.get('retry-after')).toBe('42');
    expect(limited.headers.get('ratelimit')).toBe('"batch";r=0;t=42');
    expect(limited.headers.get('ratelimit-policy')).toBe('"batch";q=10;w=60');

    const limitedLoans = await loanBatch(a, key1);
    expect(limitedLoans.status).toBe(429);
    expect(limitedLoans.body).toEqual({
      error: 429,
      message: 'Rate limit of 10 batch submissions per 60 seconds exceeded; retry after 42 seconds',
    });
    expect(limitedLoans.headers.get('retry-after')).toBe('42');

    // Another company has its own quota; reads are not limited.
    expect((await customerBatch(a, other.apiKey)).status).toBe(202);
    expect((await a.call('GET', '/customers/rl-1', { key: key1 })).status).not.toBe(429);

    // A new window opens when the old one ends.
    clock = new Date(START.getTime() + 60_000);
    const again = await loanBatch(b, key1);
    expect(again.status).toBe(202);
    expect(again.headers.get('ratelimit')).toBe('"batch";r=9;t=60');
  });

  it('concurrent submissions through two processes never let more than 10 through (atomic counter)', async () => {
    clock = START;
    const { apiKey: key } = await a.company();
    const statuses = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 ? customerBatch(a, key) : loanBatch(b, key)).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});
