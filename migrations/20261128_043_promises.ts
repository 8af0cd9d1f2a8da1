import type { Knex } from 'knex';

/**
 * Promises to pay (docs/partners/outcomes.md#promises-to-pay), owned by src/store/promises/: a
 * promise the call's analysis yielded and the checks accepted, and the calls whose promise the checks
 * refused (flagged for review, never turned into a promise). Amounts are exact decimals.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('promises', (t) => {
    t.string('company_id', 36).notNullable();
    t.string('id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('loan_id', 255).nullable();
    t.string('call_id', 36).notNullable();
    t.decimal('amount', 14, 2).notNullable();
    t.string('promised_date', 10).notNullable(); // YYYY-MM-DD, the borrower's calendar date
    t.string('status', 20).notNullable();
    t.decimal('paid_amount', 14, 2).notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'id']);
    // One promise per call: the analysis is applied once, a replay finds the row.
    t.unique(['company_id', 'call_id']);
    t.index(['company_id', 'customer_id', 'created_at']);
  });
  await knex.schema.createTable('promise_reviews', (t) => {
    t.string('company_id', 36).notNullable();
    t.string('call_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.text('amount').nullable();
    t.text('promised_date').nullable();
    t.text('reason').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'call_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('promise_reviews');
  await knex.schema.dropTable('promises');
}
