import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { achApi, bankAccount } from '../support/ach.js';
import { useTestService } from '../support/suite.js';

/** At most one default payment method per customer, even when two requests race to set it. */
describe.each(DIALECTS)('default payment method on %s', (dialect) => {
  const suite = useTestService(dialect);
  let key: string;

  beforeAll(async () => {
    const company = await suite.t.company();
    key = company.apiKey;
    await achApi(suite.t, suite.database.db, company.companyId, key).customer('cust-d');
  });

  it('concurrent isDefault creates leave exactly one default, and every method is created', async () => {
    const create = () =>
      suite.t.call('POST', '/customers/cust-d/payment-methods', { key, body: bankAccount({ isDefault: true }) });
    const answers = await Promise.all([create(), create(), create(), create()]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const list = await suite.t.call('GET', '/customers/cust-d/payment-methods', { key });
    expect(list.body).toHaveLength(4);
    expect(list.body.filter((m: { isDefault: boolean }) => m.isDefault)).toHaveLength(1);
  });
});
