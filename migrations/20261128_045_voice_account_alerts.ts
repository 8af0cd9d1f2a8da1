import type { Knex } from 'knex';

/**
 * Provider account alerts (docs/operators/voice-provider.md#alerts-and-pauses): a Retell outcome
 * that says the account itself cannot place calls (`no_valid_payment`, `marked_as_spam`,
 * `telephony_provider_permission_denied`), or a run of webhook signature failures, pauses dialing
 * on the company's account until an operator resumes it (`outreach voice resume`).
 * - one row per alert, the `data` of its `provider.alert` webhook event;
 * - at most one open alert (not resumed) per company and connection: a partial unique index, so two callback
 *   batches that see the same failure at once raise one alert, one event, one pause.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('voice_account_alerts', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable();
    // The connection whose account it is: `live` (the company's or the operator's Retell account) or
    // `sandbox` (the simulator test customers reach), so a sandbox magic number never pauses live calls.
    t.string('provider', 16).notNullable();
    t.string('kind', 48).notNullable();
    t.string('detail', 500).notNullable();
    t.string('provider_call_id', 128).nullable();
    t.timestamp('raised_at', { useTz: true }).notNullable();
    t.timestamp('resumed_at', { useTz: true }).nullable();
    t.string('resumed_by', 200).nullable();
    t.index(['company_id', 'raised_at']);
  });
  await knex.raw(
    'CREATE UNIQUE INDEX voice_account_alerts_open_idx ON voice_account_alerts (company_id, provider) WHERE resumed_at IS NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('voice_account_alerts');
}
