import type { Knex } from 'knex';

/**
 * What the service learned about a number's texts, per company (src/store/messages/sms-numbers.ts):
 * its line type from Twilio Lookup v2 (cached, looked up before the first text), and whether it is
 * unusable for texts (a landline, or Twilio's 30005/30006/21211/21614, or repeated 30003), with the
 * code and reason. And the company's texts held after its Twilio account refused its credentials
 * (20003): none is failed, one is tried again at `retry_at` (docs/operators/sms-provider.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sms_numbers', (t) => {
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('phone_number', 32).notNullable();
    t.string('line_type', 32).nullable();
    t.string('carrier_name', 200).nullable();
    t.timestamp('looked_up_at', { useTz: true }).nullable();
    t.integer('unusable_code').nullable();
    t.string('unusable_reason', 500).nullable();
    t.timestamp('unusable_at', { useTz: true }).nullable();
    t.primary(['company_id', 'phone_number']);
  });
  await knex.schema.createTable('sms_holds', (t) => {
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    // Which account refused: the company's own Twilio account, the operator's, or the sandbox's.
    t.string('account', 16).notNullable();
    t.integer('code').notNullable();
    t.string('reason', 500).notNullable();
    t.timestamp('held_at', { useTz: true }).notNullable();
    t.timestamp('retry_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'account']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sms_holds');
  await knex.schema.dropTable('sms_numbers');
}
