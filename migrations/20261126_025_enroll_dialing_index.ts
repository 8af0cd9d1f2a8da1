import type { Knex } from 'knex';
import { createIndex, dropIndex, type IndexDef } from './online-indexes.js';

/**
 * One index entry less per scheduled call written: the dial claim's per-company count of calls
 * `dialing` gets a partial index on `(company_id) WHERE status = 'dialing'`, which holds no entry for
 * a new (pending) call, and `(company_id, status, scheduled_time)`, which held one for every call,
 * goes. No other read leads with the company and the status: the claim's due calls use the partial
 * due index (Postgres) or `(status, scheduled_time)` (SQLite), a customer's calls the keyset index,
 * a schedule's calls the unique `(schedule_id, step_index)` (docs/architecture/enrollment-cost.md).
 *
 * Built and dropped without blocking writes (online-indexes.ts; CONTRIBUTING.md, "Migrations safe
 * at volume").
 */
export const config = { transaction: false };

const ADDED: IndexDef = {
  name: 'scheduled_calls_company_dialing_idx',
  table: 'scheduled_calls',
  columns: 'company_id',
  where: "status = 'dialing'",
};
const REPLACED: IndexDef = {
  name: 'scheduled_calls_company_id_status_scheduled_time_index',
  table: 'scheduled_calls',
  columns: 'company_id, status, scheduled_time',
};

export async function up(knex: Knex): Promise<void> {
  await createIndex(knex, ADDED);
  await dropIndex(knex, REPLACED);
}

export async function down(knex: Knex): Promise<void> {
  await createIndex(knex, REPLACED);
  await dropIndex(knex, ADDED);
}
