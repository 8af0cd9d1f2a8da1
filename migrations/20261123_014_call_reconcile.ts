import type { Knex } from 'knex';

/**
 * Call reconciliation (issue 14 gap): a placed call whose callbacks never arrive is looked up at
 * the provider by a periodic sweep. `reconcile_lease_until` (wall clock) is the sweep's short lease,
 * so several worker processes never reconcile the same call at once. The partial index keeps the
 * sweep's pick to the (few) calls in `dialing`, however many scheduled calls exist.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scheduled_calls', (t) => {
    t.timestamp('reconcile_lease_until', { useTz: true }).nullable();
  });
  await knex.raw(
    "CREATE INDEX scheduled_calls_dialing_claimed_idx ON scheduled_calls (claimed_at) WHERE status = 'dialing'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS scheduled_calls_dialing_claimed_idx');
  await knex.schema.alterTable('scheduled_calls', (t) => {
    t.dropColumn('reconcile_lease_until');
  });
}
