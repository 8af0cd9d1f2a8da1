import type { Knex } from 'knex';

/**
 * Console users (a company's staff who sign in at /console), their sessions, the sign-in failure
 * counters that slow guessing down across processes, and the record of every console action
 * (docs/operators/console.md). Sessions and counters store only hashes, never a token or password.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('console_users', (t) => {
    t.string('id').primary();
    t.string('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('email').notNullable().unique();
    t.string('role').notNullable();
    t.string('password_hash').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['company_id']);
  });
  await knex.schema.createTable('console_sessions', (t) => {
    t.string('id').primary();
    t.string('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('user_id').notNullable().references('console_users.id').onDelete('CASCADE');
    t.string('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.index(['company_id', 'user_id']);
  });
  await knex.schema.createTable('console_sign_in_failures', (t) => {
    t.string('subject').primary(); // "email:<address>" or "ip:<address>"
    t.integer('failures').notNullable();
    t.timestamp('last_failure_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('console_audit', (t) => {
    t.string('id').primary();
    t.string('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('user_id').notNullable();
    t.string('email').notNullable();
    t.string('action').notNullable();
    t.string('target', 500).nullable();
    t.integer('status').nullable();
    t.timestamp('at', { useTz: true }).notNullable();
    t.index(['company_id', 'at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['console_audit', 'console_sign_in_failures', 'console_sessions', 'console_users'])
    await knex.schema.dropTable(table);
}
