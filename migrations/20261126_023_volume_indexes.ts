import type { Knex } from 'knex';

/**
 * Indexes matching the hot reads at production volume, built without blocking writes:
 *
 * - the keyset order of each customer list (`cursor` paging): calls and sent messages newest first,
 *   scheduled calls by time, each ending with the id so every page is one index range; they replace
 *   the lists' shorter indexes, which they contain as a prefix, so enrollment writes no more index
 *   entries than before;
 * - the dial claim's per-company due calls, partial on `pending`: it holds only what is still due, so
 *   it stays small however many ended calls accumulate, in the claim's own order (time, then id).
 *
 * The webhook relay (status, enqueued, next_attempt_at), the delivery log (company, created_at), the
 * reconciler (dialing, claimed_at), the callback inbox (unapplied) and the idempotency and rate-limit
 * keys already have theirs.
 *
 * On Postgres an index on a table that holds rows is built CONCURRENTLY (no lock blocking writes;
 * that needs `transaction: false`), and a build that was interrupted, which leaves an INVALID index
 * that `IF NOT EXISTS` would keep, is dropped and built again, so a re-run repairs rather than skips.
 * On an empty table (a new install, every test database) the plain build is instant and does not
 * wait for every older transaction of the database as a concurrent build must.
 */
export const config = { transaction: false };

interface IndexDef {
  name: string;
  table: string;
  columns: string;
  where?: string;
}

const INDEXES: IndexDef[] = [
  { name: 'calls_customer_keyset_idx', table: 'calls', columns: 'company_id, customer_id, "timestamp", id' },
  { name: 'scheduled_calls_customer_keyset_idx', table: 'scheduled_calls', columns: 'company_id, customer_id, scheduled_time, step_index, id' },
  { name: 'scheduled_messages_sent_keyset_idx', table: 'scheduled_messages', columns: 'company_id, customer_id, channel, sent_at, id' },
  { name: 'scheduled_calls_due_idx', table: 'scheduled_calls', columns: 'company_id, scheduled_time, id', where: "status = 'pending'" },
  // The examiner's export (outreach audit export): a company's scheduled calls and messages in scheduled-time order.
  { name: 'scheduled_calls_company_time_idx', table: 'scheduled_calls', columns: 'company_id, scheduled_time, id' },
  { name: 'scheduled_messages_company_time_idx', table: 'scheduled_messages', columns: 'company_id, scheduled_time, id' },
];

/** Indexes the keyset ones above make redundant (a prefix of theirs), with their original definition for `down`. */
const REPLACED: IndexDef[] = [
  { name: 'calls_company_id_customer_id_timestamp_index', table: 'calls', columns: 'company_id, customer_id, "timestamp"' },
  { name: 'scheduled_calls_company_id_customer_id_scheduled_time_index', table: 'scheduled_calls', columns: 'company_id, customer_id, scheduled_time' },
  { name: 'scheduled_messages_company_id_customer_id_channel_sent_at_index', table: 'scheduled_messages', columns: 'company_id, customer_id, channel, sent_at' },
];

export async function up(knex: Knex): Promise<void> {
  for (const index of INDEXES) await createIndex(knex, index);
  for (const index of REPLACED) await dropIndex(knex, index);
}

export async function down(knex: Knex): Promise<void> {
  for (const index of REPLACED) await createIndex(knex, index);
  for (const index of INDEXES) await dropIndex(knex, index);
}

function isPostgres(knex: Knex): boolean {
  return knex.client.config.client === 'pg';
}

async function concurrently(knex: Knex, table: string): Promise<boolean> {
  if (!isPostgres(knex)) return false;
  const result = await knex.raw(`SELECT EXISTS (SELECT 1 FROM ${table}) AS used`);
  return Boolean(result.rows[0].used);
}

async function createIndex(knex: Knex, index: IndexDef): Promise<void> {
  const where = index.where ? ` WHERE ${index.where}` : '';
  if (isPostgres(knex)) {
    const invalid = await knex.raw(
      `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE c.relname = ? AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
      [index.name],
    );
    if (invalid.rows.length > 0) await knex.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${index.name}`);
  }
  const mode = (await concurrently(knex, index.table)) ? 'CONCURRENTLY ' : '';
  await knex.raw(`CREATE INDEX ${mode}IF NOT EXISTS ${index.name} ON ${index.table} (${index.columns})${where}`);
}

async function dropIndex(knex: Knex, index: IndexDef): Promise<void> {
  const mode = (await concurrently(knex, index.table)) ? 'CONCURRENTLY ' : '';
  await knex.raw(`DROP INDEX ${mode}IF EXISTS ${index.name}`);
}
