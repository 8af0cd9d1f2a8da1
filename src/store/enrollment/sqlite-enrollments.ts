import { sqlIdentifier } from '../shared/columns.js';
import type { Db } from '../shared/db.js';
import { completedRecordRow, type FirstRunOutcome } from '../shared/idempotency.js';
import type { EnrollmentRun } from './new-enrollments.js';
import { inSqliteTransaction, type PreparedStatement, preparedShape, type SqliteRun } from '../shared/prepared.js';
import { RATE_HIT, rateHitBindings } from '../shared/rate-limits.js';

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

/** A first run in at most seven statements: the count, the customer (gated on the count and the key), its application, cadence, schedule, calls and the record. */
function storeOne(run: SqliteRun, { companyId, rows, run: first }: EnrollmentRun): FirstRunOutcome {
  const count = first.rate ? run(HIT, rateHitBindings(companyId, first.rate))[0] : { hits: 0, window_ends_at: 0 };
  const hits = Number(count.hits);
  const withinLimit = !first.rate || hits <= first.rate.limit;
  // Inserted only within the limit and with an unused key; ON CONFLICT: only if the customer is new.
  const stored =
    insertIf(
      run,
      'customers',
      rows.customer,
      'WHERE ? AND NOT EXISTS (SELECT 1 FROM idempotency_records WHERE company_id = ? AND key = ?) ON CONFLICT (company_id, id) DO NOTHING RETURNING id',
      [withinLimit, companyId, first.key],
    ).length > 0;
  if (stored) {
    insertRows(run, 'applications', [rows.application]);
    insertRows(run, 'cadences', [rows.cadence]);
    insertRows(run, 'schedules', [rows.schedule]);
    if (rows.calls.length > 0) insertRows(run, 'scheduled_calls', rows.calls);
    insertRows(run, 'idempotency_records', [completedRecordRow(companyId, first.key, first.record)]);
  }
  return { committed: true, stored, hits, windowEndsAt: Number(count.window_ends_at) };
}

/** Rows of one shape (column names as keys, JSON columns as text) in one multi-row statement. */
function insertRows(run: SqliteRun, table: string, rows: Array<Record<string, unknown>>): void {
  const columns = Object.keys(rows[0]);
  const row = `(${columns.map(() => '?').join(', ')})`;
  run(
    prepared(table, `${into(table, columns)} VALUES ${rows.map(() => row).join(', ')}`),
    rows.flatMap((r) => columns.map((c) => r[c])),
  );
}

/** One row, inserted as `SELECT <its values> <condition>` (the condition's values bound after the row's); its RETURNING rows. */
function insertIf(
  run: SqliteRun,
  table: string,
  row: Record<string, unknown>,
  condition: string,
  values: unknown[],
): Array<Record<string, unknown>> {
  const columns = Object.keys(row);
  return run(prepared(table, `${into(table, columns)} SELECT ${columns.map(() => '?').join(', ')} ${condition}`), [
    ...Object.values(row),
    ...values,
  ]);
}

const into = (table: string, columns: string[]) =>
  `INSERT INTO ${sqlIdentifier(table)} (${columns.map(sqlIdentifier).join(', ')})`;

/** Each SQL text named once here; its statement is kept per connection (sqlite-statements.ts). */
function prepared(table: string, sql: string): PreparedStatement {
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = preparedShape(`insert_${table}`, sql)));
  return statement;
}

const statements = new Map<string, PreparedStatement>();
