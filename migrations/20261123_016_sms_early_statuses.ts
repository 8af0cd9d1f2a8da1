import type { Knex } from 'knex';

/**
 * SMS status callbacks that arrive before the sender has recorded the provider's message id (the
 * provider reports as soon as it answered the send; the sender records the id a moment later).
 * Kept here until the sender records the id, then applied and deleted (src/store/messages/sms-early-statuses.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sms_early_statuses', (t) => {
    t.string('provider_message_id', 255).notNullable();
    t.string('status', 16).notNullable();
    t.string('status_reason', 500).nullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.primary(['provider_message_id', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sms_early_statuses');
}
