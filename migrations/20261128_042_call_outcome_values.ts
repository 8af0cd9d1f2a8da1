import type { Knex } from 'knex';

/**
 * What the provider's analysis read off a call besides its flags (src/adapters/voice/outcome-labels.ts
 * OUTCOME_VALUES): the callback time the borrower asked for and a promise to pay. Kept on the call
 * so the effects of its completion (a callback at the asked time) and later audits read the same values.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    t.jsonb('outcome_values').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('calls', (t) => {
    t.dropColumn('outcome_values');
  });
}
