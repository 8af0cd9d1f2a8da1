import { applicationInsertRow, cadenceInsertRow } from './cadences.js';
import { sqlIdentifier } from './columns.js';
import { customerInsertRow } from './customers.js';
import type { Db } from './db.js';
import { completedRecordRow, type FirstRunOutcome } from './idempotency.js';
import type { EnrollmentRun } from './new-enrollments.js';
import { inSqliteTransaction, type PreparedStatement, preparedShape, type SqliteRun } from './prepared.js';
import { RATE_HIT, rateHitBindings } from './rate-limits.js';
import { scheduleInsertRow, scheduledCallInsertRow } from './schedules.js';

/**
 * SQLite: the first runs of one turn of the event loop in ONE transaction (one commit, one fsync),
 * in order, each with the steps Postgres's statement takes: count the request; within the limit,
 * with an unused key and a new customer, store the customer, its application, cadence, schedule,
 * calls and the completed record; otherwise only the count. A row the database refuses fails the
 * transaction, and the caller runs each request alone (enrollment-batches.ts), so only its own is
 * undone, its count included. One writer at a time (BEGIN IMMEDIATE), so no key can be stored
 * between a run's check and its insert.
 */
export function storeFirstRunsOnSqlite(db: Db, runs: EnrollmentRun[]): Promise<Array<FirstRunOutcome | Error>> {
  return inSqliteTransaction(db, (run) => runs.map((r) => storeOne(run, r)));
}

const HIT = preparedShape('rate_hit', RATE_HIT);
const KEY_USED: PreparedStatement = { name: 'idempotency_key_used', text: 'SELECT 1 AS used FROM idempotency_records WHERE company_id = $1 AND key = $2' };

function storeOne(run: SqliteRun, { companyId, enrollment: e, run: first }: EnrollmentRun): FirstRunOutcome {
  const count = first.rate ? run(HIT, rateHitBindings(companyId, first.rate))[0]! : { hits: 0, window_ends_at: 0 };
  const hits = Number(count.hits);
  const open = (!first.rate || hits <= first.rate.limit) && run(KEY_USED, [companyId, first.key]).length === 0;
  const stored = open && insert(run, 'customers', customerInsertRow(companyId, e.customerId, e.customer, e.at), ' ON CONFLICT (company_id, id) DO NOTHING RETURNING id').length > 0;
  if (stored) {
    insert(run, 'applications', applicationInsertRow(companyId, e.application));
    insert(run, 'cadences', cadenceInsertRow(companyId, e.cadence));
    insert(run, 'schedules', scheduleInsertRow(companyId, e.schedule));
    for (const call of e.calls) insert(run, 'scheduled_calls', scheduledCallInsertRow(companyId, call, e.at));
    insert(run, 'idempotency_records', completedRecordRow(companyId, first.key, first.record));
  }
  return { committed: true, stored, hits, windowEndsAt: Number(count.window_ends_at) };
}

/** One row (column names as keys, JSON columns as text) by a statement prepared once per shape. */
function insert(run: SqliteRun, table: string, row: Record<string, unknown>, tail = ''): Array<Record<string, unknown>> {
  const columns = Object.keys(row);
  const sql = `INSERT INTO ${sqlIdentifier(table)} (${columns.map(sqlIdentifier).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})${tail}`;
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = preparedShape(`insert_${table}`, sql)));
  return run(statement, Object.values(row));
}

const statements = new Map<string, PreparedStatement>();
