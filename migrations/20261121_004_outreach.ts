import type { Knex } from 'knex';

/**
 * Outreach model: applications (customer + loanId), their enrollment cadences, schedules and the
 * scheduled calls the scheduler planned, contact restrictions, and the idempotency records that make
 * enrollment exactly-once per key across processes. Times are UTC timestamps.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('applications', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('loan_id', 255).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.foreign(['company_id', 'customer_id']).references(['company_id', 'id']).inTable('customers').onDelete('CASCADE');
    // Application identity (docs/partners/enrollment.md); two concurrent enrollments cannot create it twice.
    t.unique(['company_id', 'customer_id', 'loan_id']);
  });

  await knex.schema.createTable('cadences', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('application_id', 36).notNullable().references('id').inTable('applications').onDelete('CASCADE');
    t.string('task_type', 120).notNullable();
    // The scheduler's cadence id (e.g. new-lead, returning-31-90, one-off).
    t.string('cadence', 120).notNullable();
    t.string('status', 16).notNullable(); // active | paused | finished | cancelled
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('ended_at', { useTz: true }).nullable();
    t.index(['company_id', 'customer_id', 'status']);
  });
  // Partial uniques (same SQL on both dialects): one live cadence per application — a finished or
  // paused one is never replaced — and one active cadence per customer, so two racing enrollments
  // of different applications cannot both start.
  await knex.raw(
    `CREATE UNIQUE INDEX cadences_live_per_application ON cadences (company_id, application_id) WHERE status <> 'cancelled'`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX cadences_active_per_customer ON cadences (company_id, customer_id) WHERE status = 'active'`,
  );

  await knex.schema.createTable('schedules', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    // Set for enrollment schedules; replacement sync schedules belong to no application.
    t.string('cadence_id', 36).nullable().references('id').inTable('cadences').onDelete('CASCADE');
    t.string('channel', 8).notNullable(); // call (email and sms later)
    t.string('source', 16).notNullable(); // enrollment | replace
    t.string('task_type', 120).notNullable();
    t.string('cadence', 120).notNullable();
    t.string('loan_id', 255).nullable();
    t.string('status', 16).notNullable(); // active | completed | cancelled
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('cancelled_at', { useTz: true }).nullable();
    t.foreign(['company_id', 'customer_id']).references(['company_id', 'id']).inTable('customers').onDelete('CASCADE');
    t.index(['company_id', 'customer_id', 'status']);
  });

  await knex.schema.createTable('scheduled_calls', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('schedule_id', 36).notNullable().references('id').inTable('schedules').onDelete('CASCADE');
    t.string('loan_id', 255).nullable();
    t.string('task_type', 120).notNullable();
    t.string('purpose', 16).notNullable(); // origination | collections: which frequency caps count it
    t.timestamp('scheduled_time', { useTz: true }).notNullable();
    t.string('phone_number', 32).notNullable();
    t.string('transfer_destination', 255).notNullable();
    t.string('step', 120).notNullable();
    t.integer('step_index').notNullable();
    t.boolean('fallback').notNullable();
    t.string('status', 16).notNullable(); // pending | in_progress | completed | cancelled | failed
    t.string('call_id', 36).nullable();
    t.jsonb('post_processing_flags').notNullable();
    // The scheduler's reasons for this time (which rule moved it and why), kept for audit.
    t.jsonb('explanation').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['schedule_id', 'step_index']);
    t.index(['company_id', 'customer_id', 'scheduled_time']);
    t.index(['status', 'scheduled_time']);
  });

  await knex.schema.createTable('contact_restrictions', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('customer_id', 255).notNullable();
    t.string('loan_id', 255).nullable(); // null = every loan of the customer
    t.string('kind', 32).notNullable(); // do_not_call | cease_request | attorney_representation | bankruptcy | deceased
    t.string('source', 64).notNullable(); // e.g. call_outcome, operator, lms
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('lifted_at', { useTz: true }).nullable();
    t.foreign(['company_id', 'customer_id']).references(['company_id', 'id']).inTable('customers').onDelete('CASCADE');
    t.index(['company_id', 'customer_id']);
  });

  await knex.schema.createTable('idempotency_records', (t) => {
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('key', 128).notNullable();
    t.string('operation', 64).notNullable();
    t.string('fingerprint', 64).notNullable(); // SHA-256 of operation + canonical JSON body
    t.string('state', 16).notNullable(); // in_progress | completed
    // The executing request's token and lease: a crashed process's claim expires and can be taken over.
    t.string('lock_token', 36).nullable();
    t.timestamp('locked_until', { useTz: true }).nullable();
    t.integer('response_status').nullable();
    t.jsonb('response_body').nullable();
    t.jsonb('response_headers').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    // The primary key is the lock: only one request per (company, key) can insert the claim.
    t.primary(['company_id', 'key']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_records');
  await knex.schema.dropTable('contact_restrictions');
  await knex.schema.dropTable('scheduled_calls');
  await knex.schema.dropTable('schedules');
  await knex.schema.dropTable('cadences');
  await knex.schema.dropTable('applications');
}
