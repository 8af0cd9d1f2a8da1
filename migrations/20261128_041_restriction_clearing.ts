import type { Knex } from 'knex';

/**
 * Restrictions the call outcomes assert (docs/partners/outcomes.md) carry why they were made (the
 * flag and the call), and are cleared through the API with who cleared them and why
 * (`DELETE /customers/{customerId}/restrictions/{restrictionId}`): the row stays, `lifted_at` set,
 * so the record shows the restriction's whole life.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_restrictions', (t) => {
    t.text('reason').nullable();
    t.string('call_id', 36).nullable();
    t.string('lifted_by', 255).nullable();
    t.text('lift_reason').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_restrictions', (t) => {
    t.dropColumn('lift_reason');
    t.dropColumn('lifted_by');
    t.dropColumn('call_id');
    t.dropColumn('reason');
  });
}
