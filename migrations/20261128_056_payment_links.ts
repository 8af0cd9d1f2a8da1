import type { Knex } from 'knex';

/**
 * Pay by link (docs/partners/outcomes.md#pay-by-link), owned by src/store/payment-links/: every
 * link the service issued (after a promise, in a cadence's message, to the agent of a collections
 * call), what it is for, when it expires, and its opens. A link sent by text or email names its
 * scheduled message (one link per message); a link given to the agent names its scheduled call
 * (one per call, however often it is dialed).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_links', (t) => {
    t.string('id', 36).primary(); // the token names it: GET /pay/{token} finds the link before it knows the company
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('loan_id', 255).nullable();
    t.decimal('amount', 14, 2).nullable(); // null: the loan's amount due was unknown
    t.string('task_type', 120).notNullable();
    t.string('channel', 8).notNullable(); // sms | email | call
    t.string('source', 16).notNullable(); // promise | message | call
    t.string('promise_id', 36).nullable();
    t.string('scheduled_message_id', 36).nullable();
    t.string('scheduled_call_id', 36).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('first_opened_at', { useTz: true }).nullable();
    t.timestamp('last_opened_at', { useTz: true }).nullable();
    t.integer('open_count').notNullable().defaultTo(0);
    t.foreign(['company_id', 'customer_id']).references(['company_id', 'id']).inTable('customers').onDelete('CASCADE');
    t.unique(['scheduled_message_id']);
    t.unique(['scheduled_call_id']);
    t.index(['company_id', 'customer_id', 'created_at']);
    // The collections report reads a company's links of a period (src/store/reports/).
    t.index(['company_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payment_links');
}
