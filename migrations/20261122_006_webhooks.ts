import type { Knex } from 'knex';

/**
 * Outbound webhooks (Standard Webhooks): a company's endpoints, and one delivery row per (endpoint,
 * event). The delivery row is the outbox: written in the transaction of the change it reports, moved
 * to the job queue by the webhook relay, and the operator's delivery log. Times are epoch ms where
 * they drive scheduling, ISO text elsewhere (as in the rest of the schema).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.string('id', 36).primary();
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.text('url').notNullable();
    t.string('secret', 100).notNullable();
    // During a rotation the previous secret signs too (both signatures are sent) until it expires.
    t.string('previous_secret', 100).nullable();
    t.bigInteger('previous_secret_expires_at').nullable();
    t.string('created_at', 30).notNullable();
    t.index(['company_id']);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.string('id', 36).primary(); // the webhook-id header: the same on every attempt
    t.string('company_id', 36).notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('endpoint_id', 36).notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    t.string('event_type', 60).notNullable();
    // Deduplicates publication: an event published twice (a batch slice run twice) is one delivery.
    t.string('event_key', 200).notNullable();
    t.string('subject_id', 100).notNullable();
    t.text('payload').nullable(); // the exact body sent, fixed at the first attempt
    t.string('status', 16).notNullable(); // pending | delivered | dead
    t.boolean('enqueued').notNullable().defaultTo(false);
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('next_attempt_at').notNullable();
    t.bigInteger('window_started_at').notNullable(); // retries stop after the give-up window from here
    t.string('created_at', 30).notNullable();
    t.string('last_attempt_at', 30).nullable();
    t.integer('last_status_code').nullable();
    t.text('last_error').nullable();
    t.string('delivered_at', 30).nullable();
    t.unique(['endpoint_id', 'event_key']);
    t.index(['status', 'enqueued', 'next_attempt_at']);
    t.index(['company_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhook_endpoints');
}
