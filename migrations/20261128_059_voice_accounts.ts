import type { Knex } from 'knex';

/**
 * Provider-account limits for the dial claim (docs/architecture/decisions/dial-claim-order.md,
 * "Limits at two levels"): a Retell workspace has one concurrency limit, shared by every company
 * dialling through it and by the calls the service does not place.
 * - `voice_accounts`: one row per account a company dials through (company configuration
 *   `calls.account`; the operator's account is `operator`), with its limit as last read from the
 *   provider (`concurrency.retrieve`), the slots kept for inbound and the calls ongoing on it that
 *   the service did not place. The claim locks the rows of the accounts it claims on.
 * - `scheduled_calls.dial_account`: the account a claimed call holds a slot of, set by the claim; the
 *   slot is held while the call is `dialing` (claim until `call_ended` or the dial's failure).
 * Adding a nullable column and a new table is instant at volume; the index is migration 060.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('voice_accounts', (t) => {
    t.string('id', 80).primary();
    // A company that names the account: the dispatcher reads the account's limit through its key.
    t.string('via_company_id', 36).nullable();
    // Null until the provider answered: the account then caps nothing (the companies' limits still hold).
    t.integer('concurrency_limit').nullable();
    t.integer('reserved_inbound').notNullable().defaultTo(0);
    t.integer('outside_calls').notNullable().defaultTo(0);
    t.timestamp('read_at', { useTz: true }).nullable();
  });
  // The operator's account is there from the start, so its limit is read before the first claim.
  await knex('voice_accounts').insert({ id: 'operator' });
  await knex.schema.alterTable('scheduled_calls', (t) => {
    t.string('dial_account', 80).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scheduled_calls', (t) => {
    t.dropColumn('dial_account');
  });
  await knex.schema.dropTable('voice_accounts');
}
