import type { Knex } from 'knex';
import { createIndex, dropIndex, type IndexDef } from './online-indexes.js';

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
 * Built without blocking writes (online-indexes.ts), which needs `transaction: false`.
 */
export const config = { transaction: false };

const INDEXES: IndexDef[] = [
  { name: 'calls_customer_keyset_idx', table: 'calls', columns: 'company_id, customer_id, "timestamp", id' },
  {
    name: 'scheduled_calls_customer_keyset_idx',
    table: 'scheduled_calls',
    columns: 'company_id, customer_id, scheduled_time, step_index, id',
  },
  {
    name: 'scheduled_messages_sent_keyset_idx',
    table: 'scheduled_messages',
    columns: 'company_id, customer_id, channel, sent_at, id',
  },
  {
    name: 'scheduled_calls_due_idx',
    table: 'scheduled_calls',
    columns: 'company_id, scheduled_time, id',
    where: "status = 'pending'",
  },
  // The examiner's export (outreach audit export): a company's scheduled calls and messages in scheduled-time order.
  { name: 'scheduled_calls_company_time_idx', table: 'scheduled_calls', columns: 'company_id, scheduled_time, id' },
  {
    name: 'scheduled_messages_company_time_idx',
    table: 'scheduled_messages',
    columns: 'company_id, scheduled_time, id',
  },
];

/** Indexes the keyset ones above make redundant (a prefix of theirs), with their original definition for `down`. */
const REPLACED: IndexDef[] = [
  {
    name: 'calls_company_id_customer_id_timestamp_index',
    table: 'calls',
    columns: 'company_id, customer_id, "timestamp"',
  },
  {
    name: 'scheduled_calls_company_id_customer_id_scheduled_time_index',
    table: 'scheduled_calls',
    columns: 'company_id, customer_id, scheduled_time',
  },
  {
    name: 'scheduled_messages_company_id_customer_id_channel_sent_at_index',
    table: 'scheduled_messages',
    columns: 'company_id, customer_id, channel, sent_at',
  },
];

export async function up(knex: Knex): Promise<void> {
  for (const index of INDEXES) await createIndex(knex, index);
  for (const index of REPLACED) await dropIndex(knex, index);
}

export async function down(knex: Knex): Promise<void> {
  for (const index of REPLACED) await createIndex(knex, index);
  for (const index of INDEXES) await dropIndex(knex, index);
}
