import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import { readCustomerRows } from '../../src/store/borrowers/customer-reads.js';
import { type Db, openDb } from '../../src/store/shared/db.js';

const AT = '2026-12-08T15:00:00.000Z';

const customerRows = (companyId: string, prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    company_id: companyId,
    id: `${prefix}-${i}`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    timezone: 'America/New_York',
    phone_number: '+12127365000',
    do_not_call: false,
    is_test: false,
    task_type: 'PendingLoanNewLead',
    created_at: AT,
    updated_at: AT,
  }));

/**
 * The customer read of GET /customers/{id} keeps an index probe when the table grows. Prepared
 * once per connection, Postgres kept the plan it made while the table was nearly empty (a scan of
 * the whole table) until an ANALYZE, so every read after a burst of new customers read them all.
 * Measured here as the rows sequential scans read in the reading transaction.
 */
describe.skipIf(!process.env.TEST_POSTGRES_URL)('customer reads while the customers table grows (postgres)', () => {
  const database = useTestDatabase('postgres');
  let oneConnection: Db;
  let companyId: string;
  beforeAll(async () => {
    // No autovacuum: its ANALYZE would replace a stale plan at a moment of its own choosing.
    await database.db.raw('ALTER TABLE customers SET (autovacuum_enabled = false)');
    // One connection, so every read runs where the earlier ones left their plans.
    oneConnection = openDb(database.url, { poolMax: 1 });
    companyId = (await createCompany(database.db, 'Plans', new Date(AT))).companyId;
    await tables(database.db)
      .customers()
      .insert(customerRows(companyId, 'seed', 20));
    await database.db.raw('ANALYZE customers');
  });
  afterAll(async () => {
    await oneConnection.destroy();
  });

  // Rows read by sequential scans of customers, as this backend has counted them so far (not yet reported).
  const seqRead = async (trx: Db) =>
    Number((await trx.raw("SELECT pg_stat_get_xact_tuples_returned('customers'::regclass) AS n")).rows[0].n);
  const readAndCountScanned = (db: Db) =>
    db.transaction(async (trx) => {
      const before = await seqRead(trx);
      const rows = await readCustomerRows(trx, [
        { companyId, id: 'seed-1' },
        { companyId, id: 'seed-2' },
      ]);
      return { found: rows.map((r) => r?.id ?? null), scanned: (await seqRead(trx)) - before };
    });

  it('reads a few rows, not the whole table, after 20,000 new customers', async () => {
    // Past Postgres's five custom plans, while the table holds 20 rows.
    for (let i = 0; i < 8; i++) expect((await readAndCountScanned(oneConnection)).found).toEqual(['seed-1', 'seed-2']);
    for (let i = 0; i < 4; i++)
      await tables(database.db)
        .customers()
        .insert(customerRows(companyId, `bulk${i}`, 5_000));
    const after = await readAndCountScanned(oneConnection);
    expect(after.found).toEqual(['seed-1', 'seed-2']);
    expect(after.scanned).toBeLessThan(100);
  });
});
