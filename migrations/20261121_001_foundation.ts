import type { Knex } from 'knex';

/** Companies, their API keys and customers: the tenant backbone every later table hangs off. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('companies', (t) => {
    t.string('id', 36).primary();
    t.string('name', 200).notNullable();
    t.jsonb('config').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    // SHA-256 of the key; the key itself is shown once at creation and never stored.
    t.string('key_hash', 64).notNullable().unique();
    t.string('key_prefix', 16).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    t.index(['company_id']);
  });

  await knex.schema.createTable('customers', (t) => {
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('id', 255).notNullable();
    t.string('first_name', 255).notNullable();
    t.string('last_name', 255).notNullable();
    t.string('email', 320).nullable();
    t.date('birthday').nullable();
    t.string('ssn_last_four', 16).nullable();
    t.string('timezone', 64).nullable();
    t.string('phone_number', 32).nullable();
    t.string('street_address1', 255).nullable();
    t.string('street_address2', 255).nullable();
    t.string('city', 120).nullable();
    t.string('state', 32).nullable();
    t.string('zip_code', 16).nullable();
    t.boolean('do_not_call').notNullable().defaultTo(false);
    t.boolean('is_test').notNullable().defaultTo(false);
    t.string('task_type', 120).nullable();
    t.jsonb('external_metadata').nullable();
    t.jsonb('loan_ids').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('customers');
  await knex.schema.dropTable('api_keys');
  await knex.schema.dropTable('companies');
}
