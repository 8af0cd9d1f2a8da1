import type { Knex } from 'knex';

/**
 * Contacts the lender made or had outside this service (its own agents, other vendors, inbound
 * conversations), reported through POST /contact-attempts (docs/partners/contact-attempts.md). They
 * count toward every frequency rule and the quiet period after a conversation. A row is keyed by the
 * lender's own attempt id (`external_id`), unique per company: resubmitting it changes nothing.
 * Kept as a contact record: 3 years from the last collection activity on its debt (12 CFR 1006.100(a)).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outside_contact_attempts', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('external_id', 255).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('loan_id', 255).nullable();
    t.string('channel', 8).notNullable();
    t.string('direction', 8).notNullable();
    t.string('purpose', 16).nullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.string('outcome', 40).notNullable();
    t.boolean('conversation').notNullable();
    t.string('address', 320).nullable();
    t.string('source', 120).nullable();
    t.timestamp('recorded_at', { useTz: true }).notNullable();
    t.unique(['company_id', 'external_id'], { indexName: 'outside_contact_attempts_external' });
    t.index(['company_id', 'customer_id', 'occurred_at'], 'outside_contact_attempts_customer');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outside_contact_attempts');
}
