import type { Knex } from 'knex';

/**
 * Callback inbox (issue 14, callback ingestion): an authenticated provider callback is recorded here
 * durably (one grouped insert for concurrent requests) and answered at once; a worker in the API
 * processes applies the rows in batches, per call in `seq` order. `(provider, event_id)` unique is
 * the replay guard at receipt; `call_events` stays the exactly-once guard at apply. `lease_until`
 * (wall clock) is the applier's short claim, so a crash between claim and apply only delays a row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('callback_inbox', (t) => {
    t.bigIncrements('seq').primary();
    t.string('provider', 16).notNullable();
    t.string('event_id', 128).notNullable();
    t.string('scheduled_call_id', 36).notNullable();
    // The authenticated event as read by the provider adapter (VoiceEvent JSON).
    t.text('event').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.timestamp('lease_until', { useTz: true }).nullable();
    t.timestamp('applied_at', { useTz: true }).nullable();
    // applied | stale (changed nothing) | duplicate | unknown_call
    t.string('outcome', 16).nullable();
    t.unique(['provider', 'event_id']);
  });
  await knex.raw('CREATE INDEX callback_inbox_unapplied_idx ON callback_inbox (seq) WHERE applied_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('callback_inbox');
}
