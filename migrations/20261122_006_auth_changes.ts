import type { Knex } from 'knex';
import { isPostgres } from './online-indexes.js';

/**
 * API processes keep authenticated keys in memory (src/domain/api-key-cache.ts). Every change that
 * can take a key's access away (a key revoked or deleted, a company's configuration replaced or the
 * company deleted) is announced by the database itself, whoever makes it (the CLI, another process,
 * an operator in psql): on Postgres a NOTIFY on channel `outreach_auth` carrying the company id, on
 * SQLite (no notifications across processes) a revision counter the API reads before trusting memory.
 * New keys need no announcement: only keys that were found are kept.
 */
export async function up(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.raw(`
      CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outreach_auth', to_jsonb(OLD) ->> TG_ARGV[0]);
        RETURN NULL;
      END $$`);
    await knex.raw(
      `CREATE TRIGGER api_keys_auth_change AFTER UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION notify_auth_change('company_id')`,
    );
    await knex.raw(
      `CREATE TRIGGER companies_auth_change AFTER UPDATE OR DELETE ON companies FOR EACH ROW EXECUTE FUNCTION notify_auth_change('id')`,
    );
    return;
  }
  await knex.schema.createTable('auth_revision', (t) => {
    t.integer('id').primary();
    t.bigInteger('revision').notNullable();
  });
  await knex('auth_revision').insert({ id: 1, revision: 0 });
  for (const [table, event] of [
    ['api_keys', 'UPDATE'],
    ['api_keys', 'DELETE'],
    ['companies', 'UPDATE'],
    ['companies', 'DELETE'],
  ]) {
    await knex.raw(
      `CREATE TRIGGER ${table}_auth_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN UPDATE auth_revision SET revision = revision + 1; END`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  if (isPostgres(knex)) {
    await knex.raw(
      'DROP TRIGGER api_keys_auth_change ON api_keys; DROP TRIGGER companies_auth_change ON companies; DROP FUNCTION notify_auth_change()',
    );
    return;
  }
  for (const name of ['api_keys_auth_update', 'api_keys_auth_delete', 'companies_auth_update', 'companies_auth_delete'])
    await knex.raw(`DROP TRIGGER ${name}`);
  await knex.schema.dropTable('auth_revision');
}
