import type { Knex } from 'knex';

/**
 * The borrower's language: a BCP 47 tag as the partner or the LMS sent it (up to 35 characters,
 * RFC 5646 section 4.4.1), kept even when the service does not support it
 * (src/domain/shared/language.ts). Nullable, no default: adding it rewrites no row on either database.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customers', (t) => {
    t.string('language', 35).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('customers', (t) => {
    t.dropColumn('language');
  });
}
