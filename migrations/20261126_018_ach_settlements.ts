import type { Knex } from 'knex';

/**
 * Settlement confirmations (POST /ach-confirms): one row per processor transaction id confirmed in a
 * company. The unique key makes a transaction id confirm one payment only (a second payment is 409)
 * and makes resubmitting the same confirmation a no-op.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ach_settlements', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('processor_transaction_id', 255).notNullable();
    t.string('payment_row_id', 36).notNullable().references('id').inTable('payments').onDelete('CASCADE');
    t.date('settlement_date').notNullable();
    t.string('system_source', 120).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['company_id', 'processor_transaction_id']);
    t.index(['company_id', 'payment_row_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ach_settlements');
}
