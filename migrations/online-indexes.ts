import type { Knex } from 'knex';

/**
 * Index changes that never block writes on a table with rows (CONTRIBUTING.md, "Migrations safe at
 * volume"), for migrations that run with `transaction: false`. Not a migration itself.
 *
 * On Postgres an index on a table that holds rows is built or dropped CONCURRENTLY, and a build that
 * was interrupted, which leaves an INVALID index that `IF NOT EXISTS` would keep, is dropped and
 * built again, so a re-run repairs rather than skips. On an empty table (a new install, every test
 * database) the plain statement is instant and does not wait for every older transaction of the
 * database as a concurrent build must. SQLite has no concurrent builds and nothing to wait for.
 */
export interface IndexDef {
  name: string;
  table: string;
  columns: string;
  where?: string;
  /**
   * Columns stored in the index beside its key, so a read of them needs no table row (an index-only
   * scan): Postgres's INCLUDE; SQLite has none, so they are appended to the key there.
   */
  include?: string;
}

export async function createIndex(knex: Knex, index: IndexDef): Promise<void> {
  const where = index.where ? ` WHERE ${index.where}` : '';
  if (isPostgres(knex)) {
    const invalid = await knex.raw<{ rows: unknown[] }>(
      `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE c.relname = ? AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
      [index.name],
    );
    if (invalid.rows.length > 0) await knex.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${index.name}`);
  }
  const mode = (await concurrently(knex, index.table)) ? 'CONCURRENTLY ' : '';
  const columns = index.include && !isPostgres(knex) ? `${index.columns}, ${index.include}` : index.columns;
  const include = index.include && isPostgres(knex) ? ` INCLUDE (${index.include})` : '';
  await knex.raw(`CREATE INDEX ${mode}IF NOT EXISTS ${index.name} ON ${index.table} (${columns})${include}${where}`);
}

export async function dropIndex(knex: Knex, index: IndexDef): Promise<void> {
  const mode = (await concurrently(knex, index.table)) ? 'CONCURRENTLY ' : '';
  await knex.raw(`DROP INDEX ${mode}IF EXISTS ${index.name}`);
}

/** Whether `knex` speaks to Postgres (concurrent builds, storage parameters) rather than SQLite. */
export function isPostgres(knex: Knex): boolean {
  return (knex.client as Knex.Client).config.client === 'pg';
}

async function concurrently(knex: Knex, table: string): Promise<boolean> {
  if (!isPostgres(knex)) return false;
  const result = await knex.raw<{ rows: Array<{ used: boolean }> }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS used`);
  return Boolean(result.rows[0].used);
}
