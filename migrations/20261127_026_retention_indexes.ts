import type { Knex } from 'knex';
import { createIndex, dropIndex, type IndexDef } from './online-indexes.js';

/**
 * What the retention sweep (src/domain/retention/sweep.ts) needs to delete in short batches at
 * volume, each found from the volume data set (bench/results.md, "Retention sweep"):
 *
 * - `call_events (call_id)`: deleting a call cascades to its events, and without an index on the
 *   referencing column each deleted call's cascade scanned the whole events table: one batch of
 *   1,000 calls had run 8.5 minutes on 10M events when it was stopped;
 * - ended scheduled calls and messages by `updated_at`, partial on the ended statuses the sweep
 *   deletes: without them each batch read the tables from the start until it had 1,000 rows, and
 *   the last batch of a sweep (fewer than 1,000 left) read all of it (8.3 s for 10M calls, 0.9 s for
 *   2M messages). A pending call or message holds no entry, so enrollment writes no more.
 *
 * The predicates are spelled out (OR, AND) rather than IN lists: Postgres proves the sweep's IN and
 * NOT IN imply them all the same, and prints them back unchanged (the volume fill rebuilds indexes
 * from their printed definition).
 *
 * Built without blocking writes (online-indexes.ts; CONTRIBUTING.md, "Migrations safe at volume").
 */
export const config = { transaction: false };

const INDEXES: IndexDef[] = [
  { name: 'call_events_call_id_idx', table: 'call_events', columns: 'call_id' },
  {
    name: 'scheduled_calls_ended_idx',
    table: 'scheduled_calls',
    columns: 'updated_at',
    where: "status = 'completed' OR status = 'failed' OR status = 'skipped' OR status = 'cancelled'",
  },
  {
    name: 'scheduled_messages_ended_idx',
    table: 'scheduled_messages',
    columns: 'updated_at',
    where: "status <> 'pending' AND status <> 'sending'",
  },
];

export async function up(knex: Knex): Promise<void> {
  for (const index of INDEXES) await createIndex(knex, index);
}

export async function down(knex: Knex): Promise<void> {
  for (const index of [...INDEXES].reverse()) await dropIndex(knex, index);
}
