import type { Knex } from 'knex';

/**
 * Email and SMS outreach (issue 11): the messages schedules plan and dispatch sends, and the
 * per-company stop lists of each channel (hard-bounced or opted-out addresses, SMS opt-outs).
 * Schedules of channel email/sms reuse `schedules`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scheduled_messages', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('schedule_id', 36).notNullable().references('id').inTable('schedules').onDelete('CASCADE');
    t.string('loan_id', 255).nullable();
    t.string('task_type', 120).notNullable();
    t.string('purpose', 16).notNullable(); // origination | collections (collections emails carry the Reg F opt-out notice)
    t.string('channel', 8).notNullable(); // email | sms
    t.string('step', 120).notNullable();
    t.integer('step_index').notNullable();
    t.string('template', 120).notNullable();
    t.timestamp('scheduled_time', { useTz: true }).notNullable();
    // pending | sending | sent | delivered | undelivered | failed | bounced | cancelled | skipped
    t.string('status', 16).notNullable();
    // Filled when sent: the address or E.164 number used and the rendered text (what GET /emails shows).
    t.string('recipient', 320).nullable();
    t.text('subject').nullable();
    t.text('content').nullable();
    t.boolean('sandbox').nullable(); // sent to the local SMTP server / SMS simulator (test customers, embedded default)
    t.string('provider_message_id', 255).nullable();
    t.string('status_reason', 500).nullable();
    t.jsonb('explanation').nullable();
    t.timestamp('claimed_at', { useTz: true }).nullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.foreign(['company_id', 'customer_id']).references(['company_id', 'id']).inTable('customers').onDelete('CASCADE');
    t.unique(['schedule_id', 'step_index']);
    t.index(['status', 'scheduled_time']);
    t.index(['company_id', 'customer_id', 'channel', 'sent_at']);
    t.index(['provider_message_id']);
  });

  await knex.schema.createTable('email_suppressions', (t) => {
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('address', 320).notNullable(); // lower-cased
    t.string('reason', 16).notNullable(); // hard_bounce | opt_out
    t.string('detail', 500).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'address']);
  });

  await knex.schema.createTable('sms_opt_outs', (t) => {
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('phone_number', 32).notNullable(); // E.164
    t.string('keyword', 32).notNullable(); // the word that opted out (STOP, UNSUBSCRIBE…)
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'phone_number']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sms_opt_outs');
  await knex.schema.dropTable('email_suppressions');
  await knex.schema.dropTable('scheduled_messages');
}
