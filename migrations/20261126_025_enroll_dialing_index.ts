import type { Knex } from 'knex';

/**
 * One index entry less per scheduled call written: the dial claim's per-company count of calls
 * `dialing` gets a partial index on `(company_id) WHERE status = 'dialing'`, which holds no entry for
 * a new (pending) call, and `(company_id, status, scheduled_time)`, which held one for every call,
 * goes. No other read leads with the company and the status: the claim's due calls use the partial
 * due index (Postgres) or `(status, scheduled_time)` (SQLite), a customer's calls the keyset index,
 * a schedule's calls the unique `(schedule_id, step_index)` (docs/architecture/enrollment-cost.md).
 *
 * Built and dropped CONCURRENTLY on Postgres when the table holds rows, an INVALID leftover of an
 * interrupted build dropped first, as migration 023 does (CONTRIBUTING.md, "Migrations safe at volume").
 */
export const config = { transaction: false };

interface IndexDef {
  name: string;
  table: string;
  columns: string;
  where?: string;
}

const ADDED: IndexDef = { name: 'scheduled_calls_company_dialing_idx', table: 'scheduled_calls', columns: 'company_id', where: "status = 'dialing'" };
const REPLACED: IndexDef = { name: 'scheduled_calls_company_id_status_scheduled_time_index', table: 'scheduled_calls', columns: 'company_id, status, scheduled_time' };

export async function up(knex: Knex): Promise<void> {
  await createIndex(knex, ADDED);
  await dropIndex(knex, REPLACED);
}

export async function down(knex: Knex): Promise<void> {
  await createIndex(knex, REPLACED);
  await dropIndex(knex, ADDED);
}

function isPostgres(knex: Knex): boolean {
  return knex.client.config.client === 'pg';
}

async function concurrently(knex: Knex, table: string): Promise<boolean> {
  if (!isPostgres(knex)) return false;
  const result = await knex.raw(`SELECT EXISTS (SELECT 1 FROM ${table}) AS used`);
  return Boolean(result.rows[0].used);
}

async function createIndex(knex: Knex, index: IndexDef): Promise<void> {
  const where = index.where ? ` WHERE ${index.where}` : '';
  if (isPostgres(knex)) {
    const invalid = await knex.raw(
      `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE c.relname = ? AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
      [index.name],
    );
    if (invalid.rows.length > 0) await knex.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${index.name}`);
  }
  const mode = (await concurrently(knex, index.table)) ? 'CONCURRENTLY ' : '';
  await knex.raw(`CREATE INDEX ${mode}IF NOT EXISTS ${index.name} ON ${index.table} (${index.columns})${where}`);
}

async function dropIndex(knex: Knex, index: IndexDef): Promise<void> {
  const mode = (await concurrently(knex, index.table)) ? 'CONCURRENTLY ' : '';
  await knex.raw(`DROP INDEX ${mode}IF EXISTS ${index.name}`);
}
