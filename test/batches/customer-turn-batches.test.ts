import { beforeAll, describe, expect, it } from 'vitest';
import { storedCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import { type CustomerFields, getCustomer, upsertCustomer } from '../../src/store/borrowers/customers.js';

const AT = '2026-12-08T15:00:00.000Z';

const fields = (firstName: string, extra: Partial<CustomerFields> = {}): CustomerFields =>
  storedCustomer({ firstName, externalMetadata: { source: firstName }, loanIds: [1, 2], ...extra });

/**
 * Customer reads and new-customer inserts of concurrent requests go to Postgres as one statement per
 * turn of the event loop (store/turn-batches.ts), and each caller still gets exactly its own row and
 * outcome: the same id in two companies, a missing one, the same id twice, a row the database
 * refuses, a transaction's own uncommitted row. On SQLite each is its own in-process statement.
 */
describe.each(DIALECTS)('customer reads and inserts on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  const statements: string[] = [];
  let coA: string;
  let coB: string;
  beforeAll(async () => {
    const row = (companyId: string, id: string, firstName: string) => ({
      company_id: companyId,
      id,
      first_name: firstName,
      last_name: 'R',
      do_not_call: false,
      is_test: true,
      created_at: AT,
      updated_at: AT,
    });
    coA = (await createCompany(database.db, 'A', new Date(AT))).companyId;
    coB = (await createCompany(database.db, 'B', new Date(AT))).companyId;
    await tables(database.db)
      .customers()
      .insert([...Array.from({ length: 20 }, (_, i) => row(coA, `cust-${i}`, `A${i}`)), row(coB, 'cust-0', 'B0')]);
    database.db.on('query', (q: { sql: string }) => statements.push(q.sql));
  });

  it("twenty reads at once: each gets its own company's row or null, in one statement on Postgres", async () => {
    statements.length = 0;
    const keys = [
      ...Array.from({ length: 20 }, (_, i) => [coA, `cust-${i}`]),
      [coB, 'cust-0'],
      [coB, 'cust-1'],
      [coA, 'nobody'],
    ];
    const read = await Promise.all(keys.map(([companyId, id]) => getCustomer(database.db, companyId, id)));
    expect(read.map((c) => c && [c.companyId, c.id, c.firstName])).toEqual([
      ...Array.from({ length: 20 }, (_, i) => [coA, `cust-${i}`, `A${i}`]),
      [coB, 'cust-0', 'B0'],
      null,
      null,
    ]);
    expect(statements).toHaveLength(dialect === 'postgres' ? 1 : keys.length);
  });

  it('reads made in different turns of the event loop are separate statements, each still correct', async () => {
    statements.length = 0;
    expect((await getCustomer(database.db, coB, 'cust-0'))?.firstName).toBe('B0');
    expect((await getCustomer(database.db, coA, 'cust-0'))?.firstName).toBe('A0');
    expect(statements).toHaveLength(2);
  });

  it("inside a transaction a read is the transaction's own and sees its uncommitted row", async () => {
    const trx = await database.db.transaction();
    try {
      await tables(trx).customers().insert({
        company_id: coB,
        id: 'in-trx',
        first_name: 'T',
        last_name: 'R',
        do_not_call: false,
        is_test: true,
        created_at: AT,
        updated_at: AT,
      });
      expect((await getCustomer(trx, coB, 'in-trx'))?.firstName).toBe('T');
      // Not committed yet (on SQLite the one connection is the transaction's: no read from outside).
      if (dialect === 'postgres') expect(await getCustomer(database.db, coB, 'in-trx')).toBeNull();
    } finally {
      await trx.rollback();
    }
    expect(await getCustomer(database.db, coB, 'in-trx')).toBeNull();
  });

  it('twenty new customers at once: each created with its own fields, in one statement (Postgres) or transaction (SQLite); the same id in another company is another customer', async () => {
    statements.length = 0;
    const writes = [...Array.from({ length: 20 }, (_, i) => [coA, `new-${i}`]), [coB, 'new-0']];
    const results = await Promise.all(
      writes.map(([companyId, id], i) => upsertCustomer(database.db, companyId, id, fields(`F${i}`), {}, AT)),
    );
    expect(results.map((r) => [r.created, r.customer.companyId, r.customer.id, r.customer.firstName])).toEqual(
      writes.map(([c, id], i) => [true, c, id, `F${i}`]),
    );
    expect(results[0].customer).toMatchObject({
      birthday: '1990-01-02',
      externalMetadata: { source: 'F0' },
      loanIds: [1, 2],
      isTest: true,
      doNotCall: false,
      email: null,
    });
    if (dialect === 'postgres') expect(statements).toHaveLength(1);
    else
      expect(statements.map((q) => (/^(BEGIN|COMMIT)/.test(q) ? q : 'insert'))).toEqual([
        'BEGIN IMMEDIATE;',
        ...writes.map(() => 'insert'),
        'COMMIT;',
      ]);
    expect((await getCustomer(database.db, coB, 'new-0'))?.firstName).toBe('F20');
  });

  it('the same id twice at once is created once: the second caller updates it, as if it came after', async () => {
    const [first, second] = await Promise.all([
      upsertCustomer(database.db, coA, 'twice', fields('First'), { firstName: 'First' }, AT),
      upsertCustomer(database.db, coA, 'twice', fields('Second'), { firstName: 'Second' }, AT),
    ]);
    expect([first.created, second.created]).toEqual([true, false]);
    expect(second.customer.firstName).toBe('Second');
    expect((await getCustomer(database.db, coA, 'twice'))?.firstName).toBe('Second');
  });

  it('a row the database refuses fails only its own caller; the others of its turn are created', async () => {
    const results = await Promise.allSettled([
      upsertCustomer(database.db, coA, 'ok-1', fields('Ok1'), {}, AT),
      upsertCustomer(database.db, 'no-such-company', 'refused', fields('Refused'), {}, AT), // the company's foreign key
      upsertCustomer(database.db, coA, 'ok-2', fields('Ok2'), {}, AT),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await getCustomer(database.db, 'no-such-company', 'refused')).toBeNull();
    expect((await getCustomer(database.db, coA, 'ok-1'))?.firstName).toBe('Ok1');
    expect((await getCustomer(database.db, coA, 'ok-2'))?.firstName).toBe('Ok2');
  });
});
