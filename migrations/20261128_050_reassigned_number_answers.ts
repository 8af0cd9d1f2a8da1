import type { Knex } from 'knex';

/**
 * Every answer of the Reassigned Numbers Database (docs/operators/compliance.md#reassigned-numbers):
 * the number and the consent date asked, the answer (`yes`, `no`, `no_data`), which database gave it
 * (`sandbox`, `live`), when, and the call or text it was asked for. A `no` is the safe-harbor
 * evidence of 47 CFR 64.1200(m); a `yes` keeps the number unusable for consent given before it.
 * Consent evidence: kept at least 5 years (src/domain/retention/contact-records.ts). Append-only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reassigned_number_answers', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('phone_number', 32).notNullable();
    t.string('customer_id', 255).nullable();
    t.string('consent_date', 10).notNullable();
    t.string('answer', 8).notNullable();
    t.string('database', 8).notNullable();
    t.string('channel', 8).notNullable();
    t.string('subject_id', 36).nullable();
    t.timestamp('queried_at', { useTz: true }).notNullable();
    t.index(['company_id', 'phone_number', 'queried_at'], 'reassigned_number_answers_number');
    t.index(['company_id', 'customer_id', 'queried_at'], 'reassigned_number_answers_customer');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reassigned_number_answers');
}
