import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { validCustomer } from '../support/customers.js';
import { waitForJob } from '../support/jobs.js';
import { tables } from '../support/tables.js';

/**
 * Loan amounts are kept exactly or rejected: what is accepted comes back as the same decimal on
 * every database, and what a JSON number cannot hold exactly is a 400 naming the field.
 */
describe.each(DIALECTS)('exact amounts on %s', (dialect) => {
  let key: string;
  const suite = useTestService(dialect);
  beforeAll(async () => {
    key = (await suite.t.company()).apiKey;
    expect((await suite.t.call('POST', '/customers', { key, body: validCustomer('amt') })).status).toBe(201);
  });

  const post = (id: string, rawAmount: string, field = 'totalBalance') =>
    suite.t.call('POST', '/loans', { key, rawBody: `{"id":"${id}","customerId":"amt","${field}":${rawAmount}}` });

  it.each([
    ['123456789012345678901234567890.123', '< 1000000000000'],
    ['0.30000000000000004', 'more than 15 significant digits'],
    ['1234567890.123456', 'more than 15 significant digits'],
    ['1e300', '< 1000000000000'],
    ['-1e300', '> -1000000000000'],
    ['1000000000000', '< 1000000000000'],
  ])('%s is 400 naming the field and nothing is stored', async (raw, reason) => {
    const res = await post('L-bad', raw);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(400);
    expect(res.body.message).toMatch(/^totalBalance/);
    expect(res.body.message).toContain(reason);
    expect(await tables(suite.database.db).loans().where({ id: 'L-bad' }).first()).toBeUndefined();
  });

  it.each([
    ['123456789012.345', 123456789012.345, '123456789012.345'],
    ['999999999999.99', 999999999999.99, '999999999999.99'],
    ['-0.000001', -0.000001, '-0.000001'],
    ['12.50', 12.5, '12.5'],
    ['0.1', 0.1, '0.1'],
  ])('%s is returned and stored as the same decimal', async (raw, returned, stored) => {
    const id = `L-${raw}`;
    const res = await post(id, raw, 'interestRate');
    expect(res.status).toBe(201);
    expect(res.body.interestRate).toBe(returned);
    const row = await tables(suite.database.db).loans().where({ id }).first('interest_rate');
    expect(Number(row!.interest_rate)).toBe(returned);
    expect(
      String(row!.interest_rate)
        .replace(/^(-?)0\./, '$1.')
        .replace(/^(-?)\./, '$10.'),
    ).toBe(stored);
  });

  it('in a loan batch, an inexact amount fails its row alone', async () => {
    const rawBody =
      '{"loans":[{"id":"B1","customerId":"amt","amountDue":12.25},{"id":"B2","customerId":"amt","amountDue":0.30000000000000004}]}';
    const submitted = await suite.t.call('POST', '/loans/batch', { key, rawBody });
    expect(submitted.status).toBe(202);
    const job = await waitForJob(suite.t, key, `/loans/batch/${submitted.body.jobId}`);
    expect(job).toMatchObject({ status: 'completed', processed: 2, failed: 1 });
    expect(job.failures).toEqual([
      {
        index: 1,
        customerId: 'amt',
        loanId: 'B2',
        message: expect.stringMatching(/^400: amountDue: .* more than 15 significant digits/),
      },
    ]);
  });
});
