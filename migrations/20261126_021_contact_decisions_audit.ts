import type { Knex } from 'knex';

/**
 * Contact decisions: the evidence kept when the dial-time or send-time check decides on a scheduled
 * call or message (allowed, moved later, refused): every rule evaluated with its verdict, the rule
 * catalog version and the consent basis (docs/operators/compliance.md). The indexes the examiner's
 * export pages by are built without blocking writes by 20261126_023_volume_indexes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_decisions', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('channel', 8).notNullable(); // call | sms | email
    t.string('subject_id', 36).notNullable(); // the scheduled call or scheduled message decided on
    t.timestamp('decided_at', { useTz: true }).notNullable();
    t.string('verdict', 16).notNullable(); // allowed | moved | refused
    t.string('recipient', 320).nullable();
    t.jsonb('rules').notNullable();
    t.string('catalog_version', 32).notNullable();
    t.jsonb('consent').nullable();
    t.text('reason').nullable();
    t.index(['company_id', 'subject_id', 'decided_at']);
    t.index(['decided_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_decisions');
}
