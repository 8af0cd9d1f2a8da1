import type { Knex } from 'knex';

/**
 * The consent ledger (docs/partners/consent.md): append-only grant and revoke events per company,
 * number or email address, and channel. Nothing is updated or deleted, so the state at any instant
 * is the latest event captured by then; `seq` orders events captured at the same instant.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('consent_events', (t) => {
    t.bigIncrements('seq');
    t.string('id', 36).notNullable().unique();
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('address', 320).notNullable();
    t.string('channel', 8).notNullable();
    t.string('kind', 8).notNullable();
    t.string('consent_type', 20).nullable();
    t.string('source', 40).notNullable();
    t.string('evidence_ref', 500).nullable();
    t.string('customer_id', 255).nullable();
    t.timestamp('captured_at', { useTz: true }).notNullable();
    t.timestamp('recorded_at', { useTz: true }).notNullable();
    t.index(['company_id', 'address', 'captured_at'], 'consent_events_address');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('consent_events');
}
