import { jsonValue, sqlIdentifier, toJson } from '../shared/columns.js';
import { type Db, dialectOf } from '../shared/db.js';
import { insertEnrollmentsOnce } from './enrollment-batches.js';
import { enrollmentRows } from './enrollment-rows.js';
import type { EnrollmentRows, NewEnrollment } from './new-enrollments.js';
import type { FirstRun, FirstRunOutcome } from '../shared/idempotency.js';
import { preparedShape, runPrepared } from '../shared/prepared.js';

export type { NewEnrollment };

/**
 * How an enrollment of a new customer is written. Its rows are the same on every path; the
 * statements differ:
 * - `if-new`: unless a customer with this id exists (then nothing is written and the answer is
 *   false: the caller takes the full path). Postgres: ONE statement, a data-modifying CTE in which
 *   every child insert selects FROM the customer insert, so an existing customer (ON CONFLICT DO
 *   NOTHING, no row returned) writes no child either; each row travels as one JSON parameter typed by
 *   its table's row type, and the foreign keys between the rows are checked at the end of the
 *   statement, when all of them exist. SQLite: one insert per table (in process, no round trip to save).
 * - `one-by-one`: `if-new` with one insert per table on either database (SQLite's path; on Postgres
 *   the reference the one statement is tested against).
 * - `claimed`: the claim-first path, in the caller's transaction, one insert per table. A customer
 *   stored meanwhile under this id fails the customer's insert (unique violation) and nothing else
 *   is written, so the caller's transaction runs again and takes the existing customer's path
 *   (transactions.ts).
 * - `first-run`: an idempotent enrollment's first run, outside a transaction, shared with the other
 *   first runs of the same turn of the event loop (enrollment-batches.ts): one autocommit statement on
 *   Postgres, one transaction on SQLite. Counts the request in its rate window and, when the count is
 *   within the limit, the key was never used and the customer is new, stores the enrollment and the
 *   completed record under the key; otherwise only the count commits. A key stored by a concurrent
 *   request meanwhile fails the record's insert (primary key), which undoes the request's writes:
 *   `committed: false`.
 */
export type EnrollmentWrite =
  { as: 'if-new' } | { as: 'one-by-one' } | { as: 'claimed' } | { as: 'first-run'; run: FirstRun };

/**
 * THE writer of an enrollment of a new customer (the one the dependency rules let the domain
 * import): it builds the enrollment's rows once (enrollment-rows.ts), as the path's statements send
 * them (JSON columns as values inside one JSON document on Postgres's one-statement paths, as text
 * elsewhere), and hands them to that path (`how`, EnrollmentWrite says what each does).
 */
export function writeEnrollment(
  db: Db,
  companyId: string,
  e: NewEnrollment,
  how: { as: 'if-new' } | { as: 'one-by-one' },
): Promise<boolean>;
export function writeEnrollment(db: Db, companyId: string, e: NewEnrollment, how: { as: 'claimed' }): Promise<void>;
export function writeEnrollment(
  db: Db,
  companyId: string,
  e: NewEnrollment,
  how: { as: 'first-run'; run: FirstRun },
): Promise<FirstRunOutcome>;
export async function writeEnrollment(
  db: Db,
  companyId: string,
  e: NewEnrollment,
  how: EnrollmentWrite,
): Promise<boolean | void | FirstRunOutcome> {
  const oneStatement = dialectOf(db) === 'pg' && (how.as === 'if-new' || how.as === 'first-run');
  const rows = enrollmentRows(companyId, e, oneStatement ? jsonValue : toJson);
  switch (how.as) {
    case 'if-new':
      return oneStatement ? insertInOneStatement(db, rows) : insertOneByOne(db, rows, true);
    case 'one-by-one':
      return insertOneByOne(db, rows, true);
    case 'claimed':
      await insertOneByOne(db, rows, false);
      return;
    case 'first-run':
      if (db.isTransaction) throw new Error("an enrollment's first run runs outside a transaction");
      return insertEnrollmentsOnce(db, { companyId, customerId: e.customerId, rows, run: how.run });
  }
}

/** Postgres's `if-new`: one statement (EnrollmentWrite). */
async function insertInOneStatement(db: Db, rows: EnrollmentRows): Promise<boolean> {
  const { parts, bindings } = enrollmentInserts(rows);
  const sql = `WITH ${parts.join(',\n')}\nSELECT count(*)::int AS created FROM cust`;
  // Prepared: a handful of row shapes, each parsed and planned once per connection.
  const result = await runPrepared(db, preparedShape('enrollment', sql), bindings);
  return Number(result[0]?.created ?? 0) > 0;
}

/**
 * The CTEs of the one-statement enrollment: every child insert selects FROM the customer insert.
 * Bindings in order, each row as JSON text.
 */
function enrollmentInserts(rows: EnrollmentRows): { parts: string[]; bindings: unknown[] } {
  const { customer, application, cadence, schedule, calls } = rows;
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
