import type { Knex } from 'knex';

/**
 * At most one default payment method per customer, enforced by the database: two concurrent
 * "make this the default" writes would otherwise each miss the other's uncommitted row.
 * Partial unique indexes work the same on Postgres and SQLite.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE UNIQUE INDEX payment_methods_one_default ON payment_methods (company_id, customer_id) WHERE is_default',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX payment_methods_one_default');
}
