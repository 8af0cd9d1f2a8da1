import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as volumeIndexes from '../../migrations/20261126_023_volume_indexes.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import { dialectOf, type Db } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

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
    // Rows in the tables, so Postgres takes the concurrent path when the migration runs again.
    const { companyId } = await createCompany(db, 'Volume Lending', new Date(AT));
    await tables(db).customers().insert({
      company_id: companyId,
      id: 'c-1',
      first_name: 'A',
      last_name: 'B',
      created_at: AT,
      updated_at: AT,
    });
    const scheduleId = randomUUID();
    await tables(db).schedules().insert({
      id: scheduleId,
      company_id: companyId,
      customer_id: 'c-1',
      channel: 'call',
      source: 'replace',
      task_type: 'PendingLoanNewLead',
      cadence: 'x',
      status: 'active',
      created_at: AT,
      updated_at: AT,
    });
    for (const step of [0, 1]) {
      await tables(db).scheduledCalls().insert({
        id: randomUUID(),
        company_id: companyId,
        customer_id: 'c-1',
        schedule_id: scheduleId,
        task_type: 'PendingLoanNewLead',
        purpose: 'origination',
        scheduled_time: AT,
        phone_number: '+12127365000',
        transfer_destination: '',
        step: 'x',
        step_index: step,
        fallback: false,
        status: 'pending',
        post_processing_flags: '[]',
        created_at: AT,
        updated_at: AT,
      });
    }
  });

  async function indexes(): Promise<Map<string, boolean>> {
    if (dialectOf(db) === 'pg') {
      const r = await db.raw(
        `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = current_schema()::regnamespace`,
      );
      return new Map(r.rows.map((x: { name: string; valid: boolean }) => [x.name, x.valid]));
    }
    const rows: Array<{ name: string }> = await db.raw(`SELECT name FROM sqlite_master WHERE type = 'index'`);
    return new Map(rows.map((x) => [x.name, true]));
  }

  async function expectMigrated(): Promise<void> {
    const present = await indexes();
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
    const present = await indexes();
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
    expect((await indexes()).get('scheduled_calls_due_idx')).toBe(false);
    await volumeIndexes.up(db);
    await expectMigrated();
    const def = await db.raw(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'scheduled_calls_due_idx'`,
    );
    expect(def.rows[0].indexdef).toContain("WHERE ((status)::text = 'pending'::text)");
  });
});
