import type { Knex } from 'knex';

/**
 * Calls (issue 14): what the dispatcher needs on each scheduled call (dial claim, lease and
 * provider identity), the call records the provider's callbacks fill in, and the callback events
 * already processed (their primary key is the dedupe: each event id is applied once).
 *
 * Scheduled-call statuses from here on: pending → dialing → completed | failed | skipped, or
 * cancelled while pending (`in_progress` of migration _004 was never written and is retired).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scheduled_calls', (t) => {
    // Dial guard: a handler may send the create request only while it holds an unexpired lease;
    // attempts > 1 means an earlier holder may have sent it, so the provider is asked first.
    t.integer('dial_attempts').notNullable().defaultTo(0);
    t.timestamp('dial_lease_until', { useTz: true }).nullable();
    t.timestamp('claimed_at', { useTz: true }).nullable();
    // When the provider accepted the call; the attempt's instant for frequency caps.
    t.timestamp('dialed_at', { useTz: true }).nullable();
    t.string('provider', 16).nullable(); // live | sandbox
    t.string('provider_call_id', 128).nullable();
    // Why the dispatcher moved, skipped or failed it (the deciding rule and its message).
    t.text('status_reason').nullable();
    t.index(['company_id', 'status', 'scheduled_time']); // the dispatcher's claim, per company
  });

  await knex.schema.createTable('calls', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('scheduled_call_id', 36).notNullable().references('id').inTable('scheduled_calls').onDelete('CASCADE');
    t.string('provider', 16).notNullable();
    t.string('provider_call_id', 128).notNullable();
    t.string('to_phone_number', 32).notNullable();
    t.string('from_phone_number', 32).nullable();
    // Provider call state, only ever forward: registered → ongoing → ended → analyzed.
    t.string('state', 16).notNullable();
    t.timestamp('timestamp', { useTz: true }).notNullable();
    t.timestamp('started_at', { useTz: true }).nullable();
    t.timestamp('ended_at', { useTz: true }).nullable();
    t.integer('duration_ms').nullable();
    t.string('disconnection_reason', 64).nullable();
    t.string('answered_by', 16).nullable(); // human | machine | unknown
    t.text('transcript').notNullable();
    t.text('summarization').notNullable();
    t.jsonb('flags').notNullable();
    t.string('provider_recording_url', 2048).nullable();
    t.string('recording_key', 255).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['scheduled_call_id']); // at most one call per scheduled call
    t.unique(['provider', 'provider_call_id']);
    t.index(['company_id', 'customer_id', 'timestamp']);
  });

  await knex.schema.createTable('call_events', (t) => {
    t.string('provider', 16).notNullable();
    t.string('event_id', 128).notNullable();
    t.string('call_id', 36).notNullable().references('id').inTable('calls').onDelete('CASCADE');
    t.string('type', 32).notNullable();
    // Whether it moved the call forward (false: it arrived after a later state and changed nothing).
    t.boolean('applied').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.primary(['provider', 'event_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('call_events');
  await knex.schema.dropTable('calls');
  await knex.schema.alterTable('scheduled_calls', (t) => {
    t.dropIndex(['company_id', 'status', 'scheduled_time']);
    t.dropColumns(
      'dial_attempts',
      'dial_lease_until',
      'claimed_at',
      'dialed_at',
      'provider',
      'provider_call_id',
      'status_reason',
    );
  });
}
