import type { Knex } from 'knex';

/**
 * Round-robin memory of the dial claim (docs/architecture/decisions/dial-claim-order.md, "Fair
 * within an account"): when each company last had calls claimed. A company just served goes behind
 * the companies whose oldest due call is older than that, so one lender's backlog takes one turn per
 * round, not every freed slot. One row per company that ever dialed, written by the claim for the
 * companies it claims (at most a batch of rows per claim, under the companies' locks).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_dial_turns', (t) => {
    t.string('company_id', 36).primary();
    t.timestamp('last_claimed_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_dial_turns');
}
