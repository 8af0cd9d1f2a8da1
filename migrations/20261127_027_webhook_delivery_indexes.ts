import type { Knex } from 'knex';
import { createIndex, dropIndex, type IndexDef, isPostgres } from './online-indexes.js';

/**
 * The webhook relay's claim (claimDueDeliveries) flips `enqueued` on each due delivery. While
 * `enqueued` sat in an index, every flip was a non-HOT update: a new row version with an entry in
 * all four of the table's indexes, the deep ones of two million deliveries included: 200 deliveries
 * claimed in 6.3 ms at volume against 0.67 ms empty, and 1.66 ms after this migration
 * (bench/results.md, volume data set).
 *
 * So the relay finds due deliveries through a partial index on `next_attempt_at` of the pending
 * ones only, which no longer names `enqueued`, and the table keeps a fifth of each new page free
 * (fillfactor 80): the flip then rewrites the row on its own page and touches no index (a HOT
 * update). A delivery that leaves `pending` drops out of the index, so it stays the size of what
 * is waiting to be sent.
 *
 * The retention sweep deletes settled deliveries (delivered or dead) 30 days after they were
 * created (src/domain/retention/sweep.ts): a partial index on `created_at` of those finds each batch
 * of a sweep without reading the table from its start. A pending delivery holds no entry, so
 * publishing an event writes none.
 *
 * Index changes are online (online-indexes.ts); the fillfactor is a catalog change that takes a
 * brief lock and rewrites nothing: pages written from now on keep the space.
 */
export const config = { transaction: false };

const DUE: IndexDef = {
  name: 'webhook_deliveries_due_idx',
  table: 'webhook_deliveries',
  columns: 'next_attempt_at',
  where: "status = 'pending'",
};
const SETTLED: IndexDef = {
  name: 'webhook_deliveries_settled_idx',
  table: 'webhook_deliveries',
  columns: 'created_at',
  where: "status <> 'pending'",
};
const OLD: IndexDef = {
  name: 'webhook_deliveries_status_enqueued_next_attempt_at_index',
  table: 'webhook_deliveries',
  columns: 'status, enqueued, next_attempt_at',
};

export async function up(knex: Knex): Promise<void> {
  await createIndex(knex, DUE);
  await createIndex(knex, SETTLED);
  await dropIndex(knex, OLD);
  if (isPostgres(knex)) await knex.raw('ALTER TABLE webhook_deliveries SET (fillfactor = 80)');
}

export async function down(knex: Knex): Promise<void> {
  if (isPostgres(knex)) await knex.raw('ALTER TABLE webhook_deliveries RESET (fillfactor)');
  await createIndex(knex, OLD);
  await dropIndex(knex, SETTLED);
  await dropIndex(knex, DUE);
}
