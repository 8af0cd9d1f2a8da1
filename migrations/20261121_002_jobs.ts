import type { Knex } from 'knex';
import { isPostgres } from './online-indexes.js';

/**
 * Batch jobs and their rows, loans, the durable table queue (SQLite adapter) and rate-limit windows.
 * Every submitted row is stored at submission, so nothing a client sent is lost if a worker dies.
 */
export async function up(knex: Knex): Promise<void> {
  const pg = isPostgres(knex);
  // Exact decimals: NUMERIC on Postgres; SQLite has no decimal type (a "decimal" column turns into a
  // binary float), so the canonical decimal text is stored there instead.
  const decimal = (t: Knex.CreateTableBuilder, name: string) =>
    t.specificType(name, pg ? 'numeric' : 'text').nullable();

  await knex.schema.createTable('batch_jobs', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    // Which row processor runs the rows: customer_create, loan_upsert (enrollment in issue 4).
    t.string('kind', 40).notNullable();
    t.string('status', 16).notNullable();
    t.integer('total').notNullable();
    t.integer('processed').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.text('error_message').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('processing_started_at', { useTz: true }).nullable();
    t.timestamp('processing_completed_at', { useTz: true }).nullable();
    t.index(['company_id', 'created_at']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('batch_job_rows', (t) => {
    t.string('job_id', 36).notNullable().references('id').inTable('batch_jobs').onDelete('CASCADE');
    t.integer('row_index').notNullable();
    t.string('company_id', 36).notNullable();
    // The row exactly as sent, as JSON text (a row need not be an object; it fails when it runs).
    t.text('payload').notNullable();
    // pending → succeeded | failed; a row leaves pending exactly once (counters depend on it).
    t.string('status', 16).notNullable();
    // The row's references as sent (for failure items), whatever their type was.
    t.text('customer_ref').nullable();
    t.text('loan_ref').nullable();
    t.text('message').nullable();
    t.json('result').nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.primary(['job_id', 'row_index']);
  });

  await knex.schema.createTable('loans', (t) => {
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('id', 255).notNullable();
    t.string('type', 255).nullable();
    t.string('application_status', 255).nullable();
    t.string('servicing_status', 255).nullable();
    t.date('origination_date').nullable();
    t.date('start_date').nullable();
    t.date('due_date').nullable();
    t.date('chargeoff_date').nullable();
    for (const c of DECIMAL_COLUMNS) decimal(t, c);
    t.boolean('is_settled').nullable();
    t.boolean('autopay_enabled').nullable();
    t.boolean('is_visible_in_borrower_portal').nullable();
    t.integer('days_past_due_at_boarding').nullable();
    t.integer('days_since_origination_at_boarding').nullable();
    t.jsonb('external_lms_metadata').nullable();
    t.string('portfolio_id', 36).nullable();
    t.string('task_type', 120).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'customer_id', 'id']);
    t.foreign(['company_id', 'customer_id']).references(['company_id', 'id']).inTable('customers').onDelete('CASCADE');
  });

  // The embedded durable queue used on SQLite (pg-boss keeps its own tables on Postgres). Created on
  // both dialects so the schema is the same everywhere. Times are epoch milliseconds.
  await knex.schema.createTable('job_queue', (t) => {
    t.string('id', 36).primary();
    t.string('queue', 100).notNullable();
    t.text('data').notNullable();
    t.string('state', 16).notNullable(); // queued | active | failed
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable();
    t.integer('retry_delay_ms').notNullable();
    t.integer('timeout_ms').notNullable();
    t.bigInteger('run_at').notNullable();
    t.bigInteger('locked_until').nullable();
    t.text('last_error').nullable();
    t.bigInteger('created_at').notNullable();
    t.index(['queue', 'state', 'run_at']);
  });

  // One fixed window per (company, policy); window_ends_at is epoch milliseconds.
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('policy', 40).notNullable();
    t.integer('hits').notNullable();
    t.bigInteger('window_ends_at').notNullable();
    t.primary(['company_id', 'policy']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['rate_limits', 'job_queue', 'loans', 'batch_job_rows', 'batch_jobs'])
    await knex.schema.dropTable(table);
}

const DECIMAL_COLUMNS = [
  'total_balance',
  'amount_due',
  'original_funded_amount',
  'original_total_owed',
  'interest_rate',
  'apr',
  'payoff_amount',
  'total_payoff_amount',
  'balance_at_transfer',
  'pre_transfer_payments',
  'chargeoff_amount',
  'payment_plan_min_percentage',
  'payment_plan_max_percentage',
];
