import type { Knex } from 'knex';

/**
 * The review queue of unsure inbound texts (docs/partners/consent.md, "Unsure replies: the review
 * queue"): one row per company that texted the number, from the reply until an operator decides or
 * the 10-business-day limit of 47 CFR 64.1200(a)(10) (FCC 24-24) applies it as a revocation.
 * `warn_at` and `due_at` are computed at receipt in business days; `warned_at` records that the
 * `inbound_message.review_due` event was published (once).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('inbound_reviews', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('address', 32).notNullable();
    t.text('body').notNullable();
    t.string('rule', 40).notNullable();
    t.string('provider_message_id', 64).nullable();
    t.string('status', 12).notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.timestamp('warn_at', { useTz: true }).notNullable();
    t.timestamp('due_at', { useTz: true }).notNullable();
    t.timestamp('warned_at', { useTz: true }).nullable();
    t.timestamp('decided_at', { useTz: true }).nullable();
    t.string('decided_by', 320).nullable();
    t.string('decision_note', 500).nullable();
    t.index(['company_id', 'status', 'received_at', 'id'], 'inbound_reviews_list');
    t.index(['status', 'due_at'], 'inbound_reviews_due');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('inbound_reviews');
}
