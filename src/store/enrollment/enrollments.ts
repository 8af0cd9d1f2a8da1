import { jsonValue, sqlIdentifier } from '../shared/columns.js';
import { type Db, dialectOf } from '../shared/db.js';
import { insertEnrollmentsOnce } from './enrollment-batches.js';
import { enrollmentRows, type EnrollmentRows } from './enrollment-rows.js';
import type { NewEnrollment } from './new-enrollments.js';
import type { FirstRun, FirstRunOutcome } from '../shared/idempotency.js';
import { preparedShape, runPrepared } from '../shared/prepared.js';

export type { NewEnrollment };

/**
 * Stores a new customer with its application, cadence, schedule and calls, unless a customer with
 * this id exists: then nothing is written and the answer is false (the caller takes the full path).
 *
 * Postgres: ONE statement, a data-modifying CTE in which every child insert selects FROM the
 * customer insert, so an existing customer (ON CONFLICT DO NOTHING, no row returned) writes no
 * child either. Each row travels as one JSON parameter typed by its table's row type, as the one
 * builder of an enrollment's rows makes them (enrollment-rows.ts), so the stored rows are those of
 * every other path. The foreign keys between these rows are checked at the end of the statement,
 * when all of them exist.
 * SQLite: one insert per table, one after another (in process, no round trip to save).
 */
export async function insertEnrollmentIfNew(db: Db, companyId: string, e: NewEnrollment): Promise<boolean> {
  if (dialectOf(db) !== 'pg') return insertEnrollmentOneByOne(db, companyId, e);
  const { parts, bindings } = enrollmentInserts(companyId, e);
  const sql = `WITH ${parts.join(',\n')}\nSELECT count(*)::int AS created FROM cust`;
  // Prepared: a handful of row shapes, each parsed and planned once per connection.
  const rows = await runPrepared(db, preparedShape('enrollment', sql), bindings);
  return Number(rows[0]?.created ?? 0) > 0;
}

/**
 * An idempotent enrollment's first run, outside a transaction, shared with the other first runs of
 * the same turn of the event loop (enrollment-batches.ts): one autocommit statement on Postgres, one
 * transaction on SQLite. Counts the request in its rate window and, when the count is within the
 * limit, the key was never used and the customer is new, stores the enrollment and the completed
 * record under the key; otherwise only the count commits. A key stored by a concurrent request
 * meanwhile fails the record's insert (primary key), which undoes the request's writes: `committed: false`.
 */
export async function insertEnrollmentOnce(
  db: Db,
  companyId: string,
  e: NewEnrollment,
  run: FirstRun,
): Promise<FirstRunOutcome> {
  if (db.isTransaction) throw new Error("an enrollment's first run runs outside a transaction");
  return insertEnrollmentsOnce(db, { companyId, enrollment: e, run });
}

/**
 * The CTEs of the one-statement enrollment: every child insert selects FROM the customer insert.
 * Bindings in order, each row as JSON text.
 */
function enrollmentInserts(companyId: string, e: NewEnrollment): { parts: string[]; bindings: unknown[] } {
  const { customer, application, cadence, schedule, calls } = enrollmentRows(companyId, e, jsonValue);
  const json = (row: unknown) => JSON.stringify(row);
  const parts = [
    `cust AS (${insertFrom('customers', customer, 'json_populate_record')} ON CONFLICT (company_id, id) DO NOTHING RETURNING id)`,
    `app AS (${insertFrom('applications', application, 'json_populate_record', 'cust')})`,
    `cad AS (${insertFrom('cadences', cadence, 'json_populate_record', 'cust')})`,
    `sch AS (${insertFrom('schedules', schedule, 'json_populate_record', 'cust')})`,
  ];
  const bindings: unknown[] = [json(customer), json(application), json(cadence), json(schedule)];
  // Every sub-statement of a WITH runs to completion whether or not the final SELECT reads it.
  if (calls.length > 0) {
    parts.push(`calls AS (${insertFrom('scheduled_calls', calls[0], 'json_populate_recordset', 'cust')})`);
    bindings.push(json(calls));
  }
  return { parts, bindings };
}

/** `INSERT INTO table (columns) SELECT columns FROM [gate,] reader(NULL::table, ?::json) r`: the row(s) typed by the table. */
function insertFrom(
  table: string,
  shape: Record<string, unknown>,
  reader: 'json_populate_record' | 'json_populate_recordset',
  gate?: string,
): string {
  const columns = Object.keys(shape).map(sqlIdentifier);
  const from = `${gate ? `${gate} CROSS JOIN ` : ''}${reader}(NULL::${sqlIdentifier(table)}, ?::json) r`;
  return `INSERT INTO ${sqlIdentifier(table)} (${columns.join(', ')}) SELECT ${columns.map((c) => `r.${c}`).join(', ')} FROM ${from}`;
}

/** The same rows with one insert per table, in order (SQLite's path; on Postgres the reference the one statement is tested against). */
export async function insertEnrollmentOneByOne(db: Db, companyId: string, e: NewEnrollment): Promise<boolean> {
  return insertOneByOne(db, enrollmentRows(companyId, e), true);
}

/**
 * The claim-first path's write of a new customer's enrollment, in the caller's transaction: the same
 * rows, one insert per table. A customer stored meanwhile under this id fails the customer's insert
 * (unique violation) and nothing else is written, so the caller's transaction runs again and takes
 * the existing customer's path (transactions.ts).
 */
export async function insertEnrollment(db: Db, companyId: string, e: NewEnrollment): Promise<void> {
  await insertOneByOne(db, enrollmentRows(companyId, e), false);
}

/** `ifNew`: the customer's insert does nothing for an existing id, and then nothing else is written (false). */
async function insertOneByOne(db: Db, rows: EnrollmentRows, ifNew: boolean): Promise<boolean> {
  const customer = db('customers').insert(rows.customer);
  if (!ifNew) await customer;
  else if ((await customer.onConflict(['company_id', 'id']).ignore().returning('id')).length === 0) return false;
  await db('applications').insert(rows.application);
  await db('cadences').insert(rows.cadence);
  await db('schedules').insert(rows.schedule);
  if (rows.calls.length > 0) await db('scheduled_calls').insert(rows.calls);
  return true;
}
