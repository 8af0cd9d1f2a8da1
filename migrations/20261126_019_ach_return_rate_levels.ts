import type { Knex } from 'knex';

/**
 * NACHA return-rate monitoring (GET /ach/return-rates):
 * - `ach_return_rate_levels`: the last level seen per company and rate (ok | warning | over), so a
 *   rise is announced once; updated compare-and-set, so two concurrent submissions cannot both
 *   announce the same rise.
 * - `ach_return_rate_events`: the figures at the moment a level rose, the `data` of its
 *   `ach_return_rate.raised` webhook event (built when first sent, so the figures are kept here).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ach_return_rate_levels', (t) => {
    t.string('company_id', 36).notNullable();
    t.string('rate', 16).notNullable();
    t.string('level', 8).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'rate']);
  });
  await knex.schema.createTable('ach_return_rate_events', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    t.string('rate', 16).notNullable();
    t.string('level', 8).notNullable();
    t.string('previous_level', 8).notNullable();
    t.integer('numerator').notNullable();
    t.integer('denominator').notNullable();
    t.date('window_start').notNullable();
    t.date('window_end').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ach_return_rate_events');
  await knex.schema.dropTable('ach_return_rate_levels');
}
