import type { Knex } from 'knex';

/**
 * When (wall clock) a scheduled call's first dial lease was taken: the provider has no idempotency
 * key, so an attempt after the first looks the call up among the provider's calls since then
 * (src/domain/calls/dial.ts). A nullable column: instant on Postgres and SQLite, no backfill.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scheduled_calls', (t) => {
    t.timestamp('first_dial_lease_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scheduled_calls', (t) => {
    t.dropColumn('first_dial_lease_at');
  });
}
