import type { Knex } from 'knex';

/**
 * Transfers as the voice provider reports them (Retell's `transfer_started`, `transfer_bridged`,
 * `transfer_cancelled`, `transfer_ended` webhooks; docs/operators/voice-provider.md#transfers):
 * - one row per authenticated delivery, written durably before the webhook is answered 2xx; the
 *   primary key (provider, event id) makes a redelivery a duplicate, as in `callback_inbox`;
 * - `company_id` is the scheduled call's (never the delivery's unauthenticated metadata);
 * - a call's rows decide its transfer flags when it completes, and per-destination counts are read
 *   from them for a company and a period (the index on company and time).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('call_transfers', (t) => {
    t.string('provider', 16).notNullable();
    t.string('event_id', 200).notNullable();
    t.string('company_id', 36).notNullable();
    t.string('scheduled_call_id', 36).notNullable();
    t.string('provider_call_id', 128).notNullable();
    // started | bridged | cancelled | ended
    t.string('step', 16).notNullable();
    t.string('destination', 255).nullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.primary(['provider', 'event_id']);
    t.index(['company_id', 'received_at']);
    t.index(['provider', 'provider_call_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('call_transfers');
}
