import type { Knex } from 'knex';
import { createIndex, dropIndex, type IndexDef } from './online-indexes.js';

/**
 * The collections report (GET /reports/collections, src/store/reports/collections.ts) reads one
 * company's period from each table it counts, each through an index led by the company and the
 * period's time:
 *
 * - the calls placed (`scheduled_calls.dialed_at`), partial on the placed ones: a call that was
 *   never placed writes no entry, so enrollment writes none (docs/architecture/enrollment-cost.md).
 *   It carries the task type and the outcome flags (Postgres INCLUDE), so a year of a large lender's
 *   calls is read from the index alone where the table's pages are all-visible (vacuumed, as a
 *   year-old table is): no random read of each call's row. A dial and a completion each write an
 *   entry (the flags change once);
 * - the promises made (`promises.created_at`).
 *
 * The payment links' index is created with their table (migration _056). Built without blocking
 * writes (online-indexes.ts; CONTRIBUTING.md, "Migrations safe at volume").
 */
export const config = { transaction: false };

const INDEXES: IndexDef[] = [
  {
    name: 'scheduled_calls_company_dialed_idx',
    table: 'scheduled_calls',
    columns: 'company_id, dialed_at',
    include: 'task_type, post_processing_flags',
    where: 'dialed_at IS NOT NULL',
  },
  { name: 'promises_company_created_idx', table: 'promises', columns: 'company_id, created_at' },
];

export async function up(knex: Knex): Promise<void> {
  for (const index of INDEXES) await createIndex(knex, index);
}

export async function down(knex: Knex): Promise<void> {
  for (const index of INDEXES) await dropIndex(knex, index);
}
