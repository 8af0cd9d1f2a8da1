import type { Knex } from 'knex';
import { createIndex, dropIndex, type IndexDef } from './online-indexes.js';

/**
 * The dial claim finds the batch's companies by reading the pending calls in due order across all
 * companies (src/store/calls/call-dispatch.ts): a partial index on `(scheduled_time, id,
 * company_id)` of the pending calls hands them over in that order with their company, without the
 * table. Before, the claim read each company's oldest due call, one index probe per row of
 * `companies`: 1,000 probes (6.2 ms at p50) at 1,000 companies, 5,582 (14.6 ms) at 5,582, whatever
 * was due (bench/results.md, volume data set).
 *
 * It replaces `(status, scheduled_time)`, which held an entry for every call ever scheduled and got
 * a new one at each change of status; its one reader, SQLite's claim (`status = 'pending' AND
 * scheduled_time <= now`), reads the partial index. A new call still writes one entry; a call that
 * is claimed or ends writes none (docs/architecture/enrollment-cost.md).
 *
 * Built and dropped without blocking writes (online-indexes.ts; CONTRIBUTING.md, "Migrations safe
 * at volume").
 */
export const config = { transaction: false };

const ADDED: IndexDef = {
  name: 'scheduled_calls_pending_order_idx',
  table: 'scheduled_calls',
  columns: 'scheduled_time, id, company_id',
  where: "status = 'pending'",
};
const REPLACED: IndexDef = {
  name: 'scheduled_calls_status_scheduled_time_index',
  table: 'scheduled_calls',
  columns: 'status, scheduled_time',
};

export async function up(knex: Knex): Promise<void> {
  await createIndex(knex, ADDED);
  await dropIndex(knex, REPLACED);
}

export async function down(knex: Knex): Promise<void> {
  await createIndex(knex, REPLACED);
  await dropIndex(knex, ADDED);
}
