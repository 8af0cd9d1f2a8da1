import { migrations } from '../../migrations/index.js';
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { dialectOf, type Db } from '../../src/store/shared/db.js';
import { tables } from './tables.js';

/** Every index of the suite's schema by name, and whether it is valid (a failed concurrent build leaves it INVALID on Postgres). */
export async function indexValidity(db: Db): Promise<Map<string, boolean>> {
  if (dialectOf(db) === 'pg') {
    const r = await db.raw(
      `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = current_schema()::regnamespace`,
    );
    return new Map(r.rows.map((x: { name: string; valid: boolean }) => [x.name, x.valid]));
  }
  const rows: Array<{ name: string }> = await db.raw(`SELECT name FROM sqlite_master WHERE type = 'index'`);
  return new Map(rows.map((x) => [x.name, true]));
}

/**
 * Customer `c-1` of the company with one call schedule and a scheduled call per status, all at `at`:
 * rows in the tables, so Postgres takes the concurrent path when an index migration runs again.
 */
export async function plantScheduledCalls(
  db: Db,
  companyId: string,
  at: string,
  statuses: Array<'pending' | 'dialing'>,
): Promise<void> {
  await tables(db).customers().insert({
    company_id: companyId,
    id: 'c-1',
    first_name: 'A',
    last_name: 'B',
    created_at: at,
    updated_at: at,
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
    created_at: at,
    updated_at: at,
  });
  for (const [step, status] of statuses.entries()) {
    await tables(db).scheduledCalls().insert({
      id: randomUUID(),
      company_id: companyId,
      customer_id: 'c-1',
      schedule_id: scheduleId,
      task_type: 'PendingLoanNewLead',
      purpose: 'origination',
      scheduled_time: at,
      phone_number: '+12127365000',
      transfer_destination: '',
      step: 'x',
      step_index: step,
      fallback: false,
      status,
      post_processing_flags: '[]',
      created_at: at,
      updated_at: at,
    });
  }
}

/** Knex migrator settings that run the service's migrations up to `last` (included): a database as it stood before a later one. */
export function migrationsUpTo(last: string): Knex.MigratorConfig {
  const names = Object.keys(migrations);
  return {
    tableName: 'knex_migrations',
    migrationSource: {
      getMigrations: async () => names.slice(0, names.indexOf(last) + 1),
      getMigrationName: (n: string) => n,
      getMigration: async (n: string) => migrations[n],
    },
  };
}
