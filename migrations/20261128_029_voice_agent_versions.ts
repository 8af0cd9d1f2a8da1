import type { Knex } from 'knex';

/**
 * The agent version each company's calls pin (`override_agent_version`): the version
 * `outreach voice agents` published with the service's setup (post-call analysis fields, Reg F
 * voicemail). Kept apart from the company configuration an operator edits, so a `config set` of an
 * older document never rolls a publication back (docs/operators/voice-provider.md#agents-outreach-voice-agents).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('voice_agent_versions', (t) => {
    t.string('company_id').notNullable().references('companies.id').onDelete('CASCADE');
    t.string('agent_id', 200).notNullable();
    t.integer('published_version').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'agent_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('voice_agent_versions');
}
