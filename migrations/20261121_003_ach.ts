import type { Knex } from 'knex';

/**
 * Payment data that ACH operations act on: payment methods with their ACH authorization state and
 * history, payments with their optional ACH record, and the ACH return history.
 * Money is integer cents; dates are `date` columns ('YYYY-MM-DD').
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_methods', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('type', 16).notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.string('last4', 4).notNullable();
    t.string('account_type', 16).nullable();
    t.string('brand', 40).nullable();
    // Kept for ACH use and so notifications of change can correct them; never returned by the API.
    t.string('routing_number', 9).nullable();
    t.string('account_number', 17).nullable();
    t.string('ach_auth_status', 8).notNullable().defaultTo('none');
    t.timestamp('ach_authorized_at', { useTz: true }).nullable();
    t.timestamp('ach_revoked_at', { useTz: true }).nullable();
    // Set by a return that makes the account unusable (R02, R03, R04, R16, R20).
    t.string('ach_unusable_code', 3).nullable();
    t.timestamp('ach_unusable_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.foreign(['company_id', 'customer_id']).references(['company_id', 'id']).inTable('customers').onDelete('CASCADE');
    t.index(['company_id', 'customer_id']);
  });

  await knex.schema.createTable('ach_authorization_events', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('payment_method_id', 36).notNullable().references('id').inTable('payment_methods').onDelete('CASCADE');
    t.string('event', 16).notNullable();
    t.string('source', 32).notNullable();
    t.string('capture_method', 20).nullable();
    t.string('evidence_ref', 255).nullable();
    t.string('return_code', 3).nullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['company_id', 'payment_method_id']);
  });

  await knex.schema.createTable('payments', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('loan_id', 255).notNullable();
    t.string('payment_id', 255).notNullable();
    t.string('payment_method_id', 36).nullable().references('id').inTable('payment_methods').onDelete('SET NULL');
    t.string('status', 16).nullable();
    t.date('payment_date').nullable();
    t.bigInteger('payment_amount_cents').nullable();
    t.string('payment_type', 40).nullable();
    t.string('system_source', 120).nullable();
    t.boolean('payment_reversed').notNullable().defaultTo(false);
    t.date('payment_reverse_date').nullable();
    t.string('payment_reverse_reason_code', 40).nullable();
    t.text('payment_reverse_comments').nullable();
    t.string('debit_status', 40).nullable();
    t.text('debit_decline_reason').nullable();
    t.string('overall_return_code', 40).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    // A payment belongs to a loan of its customer (loans come from 20261121_002_jobs).
    t.foreign(['company_id', 'customer_id', 'loan_id'])
      .references(['company_id', 'customer_id', 'id'])
      .inTable('loans')
      .onDelete('CASCADE');
    t.unique(['company_id', 'customer_id', 'loan_id', 'payment_id']);
  });

  await knex.schema.createTable('ach_payments', (t) => {
    t.string('payment_row_id', 36).primary().references('id').inTable('payments').onDelete('CASCADE');
    t.string('company_id', 36).notNullable();
    t.string('status', 16).notNullable();
    t.date('ach_submitted_date').nullable();
    t.date('ach_settlement_date').nullable();
    t.date('ach_return_date').nullable();
    t.string('ach_return_code', 3).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('ach_return_history', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('payment_row_id', 36).notNullable().references('id').inTable('payments').onDelete('CASCADE');
    t.string('customer_id', 255).notNullable();
    t.string('payment_method_id', 36).nullable();
    // Identity of the reported event within the payment: resubmitting it adds no second record.
    t.string('dedupe_key', 400).notNullable();
    // The date the risk windows are anchored on (return date, else correction date, else receipt date).
    t.date('event_date').notNullable();
    t.boolean('is_return').notNullable();
    t.string('ach_return_code', 3).nullable();
    t.text('ach_return_reason').nullable();
    t.date('ach_return_date').nullable();
    t.string('ach_correction_code', 3).nullable();
    t.string('ach_corrected_aba_number', 9).nullable();
    t.string('ach_corrected_account_number', 17).nullable();
    t.date('ach_correction_date').nullable();
    t.string('debit_status', 40).nullable();
    t.text('debit_decline_reason').nullable();
    t.string('overall_return_code', 40).nullable();
    t.integer('returns_for_method_60d').notNullable();
    t.integer('returns_for_customer_180d').notNullable();
    t.integer('representments_180d').notNullable();
    t.string('action_category', 32).notNullable();
    t.boolean('retry_allowed').notNullable();
    t.boolean('account_unusable').notNullable();
    t.boolean('authorization_revoked').notNullable();
    t.boolean('stop_payment').notNullable();
    t.boolean('correction_applied').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['company_id', 'payment_row_id', 'dedupe_key']);
    t.index(['company_id', 'customer_id', 'event_date']);
    t.index(['company_id', 'payment_method_id', 'event_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ach_return_history');
  await knex.schema.dropTable('ach_payments');
  await knex.schema.dropTable('payments');
  await knex.schema.dropTable('ach_authorization_events');
  await knex.schema.dropTable('payment_methods');
}
