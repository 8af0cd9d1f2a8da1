import { beforeAll, describe, expect, it } from 'vitest';
import * as volumeIndexes from '../../migrations/20261126_023_volume_indexes.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import type { Db } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { indexValidity, plantScheduledCalls } from '../support/migrations.js';

const AT = '2026-11-26T12:00:00.000Z';
const ADDED = [
  'calls_customer_keyset_idx',
  'scheduled_calls_customer_keyset_idx',
  'scheduled_messages_sent_keyset_idx',
  'scheduled_calls_due_idx',
];
const REPLACED = [
  'calls_company_id_customer_id_timestamp_index',
  'scheduled_calls_company_id_customer_id_scheduled_time_index',
  'scheduled_messages_company_id_customer_id_channel_sent_at_index',
];

/**
 * Migration 023 (volume indexes) adds the lists' keyset indexes and the claim's partial index and
 * drops the shorter ones they contain; a re-run is harmless, `down` restores, and on Postgres a
 * build left INVALID by an interrupted concurrent run is rebuilt rather than kept.
 */
describe.each(DIALECTS)('volume indexes migration on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let db: Db;

  beforeAll(async () => {
    db = database.db;
    const { companyId } = await createCompany(db, 'Volume Lending', new Date(AT));
    await plantScheduledCalls(db, companyId, AT, ['pending', 'pending']);
  });

  async function expectMigrated(): Promise<void> {
    const present = await indexValidity(db);
    for (const name of ADDED) expect(present.get(name), name).toBe(true);
    for (const name of REPLACED) expect(present.has(name), name).toBe(false);
  }

  it('adds the keyset and due indexes and drops the ones they contain', async () => {
    await expectMigrated();
  });

  it('a re-run is harmless', async () => {
    await volumeIndexes.up(db);
    await expectMigrated();
  });

  it('down restores the replaced indexes; up again (on tables with rows) migrates again', async () => {
    await volumeIndexes.down(db);
    const present = await indexValidity(db);
    for (const name of REPLACED) expect(present.get(name), name).toBe(true);
    for (const name of ADDED) expect(present.has(name), name).toBe(false);
    await volumeIndexes.up(db);
    await expectMigrated();
  });

  it.runIf(dialect === 'postgres')('an INVALID index left by an interrupted concurrent build is rebuilt', async () => {
    await db.raw('DROP INDEX scheduled_calls_due_idx');
    // A unique build over duplicate values fails and, built concurrently, leaves its index INVALID.
    await expect(
      db.raw('CREATE UNIQUE INDEX CONCURRENTLY scheduled_calls_due_idx ON scheduled_calls (company_id)'),
    ).rejects.toThrow();
    expect((await indexValidity(db)).get('scheduled_calls_due_idx')).toBe(false);
    await volumeIndexes.up(db);
    await expectMigrated();
    const def = await db.raw(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'scheduled_calls_due_idx'`,
    );
    expect(def.rows[0].indexdef).toContain("WHERE ((status)::text = 'pending'::text)");
  });
});
