import { withJsonValues } from './columns.js';
import { applicationInsertRow, cadenceInsertRow, insertApplication, insertCadence, type NewApplication, type NewCadence } from './cadences.js';
import { CUSTOMER_JSON_COLUMNS, type CustomerFields, customerInsertRow, insertCustomerIfNew } from './customers.js';
import { type Db, dialectOf } from './db.js';
import { preparedShape, runPrepared } from './prepared.js';
import {
  insertSchedule, insertScheduledCalls, type NewSchedule, type NewScheduledCall, SCHEDULED_CALL_JSON_COLUMNS, scheduleInsertRow, scheduledCallInsertRow,
} from './schedules.js';

/** Everything an enrollment of a new customer stores, as the domain built it. */
export interface NewEnrollment {
  customerId: string;
  customer: CustomerFields;
  application: NewApplication;
  cadence: NewCadence;
  schedule: NewSchedule;
  calls: NewScheduledCall[];
  at: string;
}

/**
 * Stores a new customer with its application, cadence, schedule and calls, unless a customer with
 * this id exists: then nothing is written and the answer is false (the caller takes the full path).
 *
 * Postgres: ONE statement, a data-modifying CTE in which every child insert selects FROM the
 * customer insert, so an existing customer (ON CONFLICT DO NOTHING, no row returned) writes no
 * child either. Each row travels as one JSON parameter typed by its table's row type, built by the
 * same row functions the single-table inserts use, so the stored rows are the same. The foreign
 * keys between these rows are checked at the end of the statement, when all of them exist.
 * SQLite: the single-table inserts one after another (in process, no round trip to save).
 */
export async function insertEnrollmentIfNew(db: Db, companyId: string, e: NewEnrollment): Promise<boolean> {
  if (dialectOf(db) !== 'pg') return insertEnrollmentOneByOne(db, companyId, e);
  const customer = customerInsertRow(companyId, e.customerId, e.customer, e.at);
  const application = applicationInsertRow(companyId, e.application);
  const cadence = cadenceInsertRow(companyId, e.cadence);
  const schedule = scheduleInsertRow(companyId, e.schedule);
  const calls = e.calls.map((c) => withJsonValues(scheduledCallInsertRow(companyId, c, e.at), SCHEDULED_CALL_JSON_COLUMNS));
  const parts = [
    `cust AS (${insertFrom('customers', customer, 'json_populate_record')} ON CONFLICT (company_id, id) DO NOTHING RETURNING id)`,
    `app AS (${insertFrom('applications', application, 'json_populate_record', 'cust')})`,
    `cad AS (${insertFrom('cadences', cadence, 'json_populate_record', 'cust')})`,
    `sch AS (${insertFrom('schedules', schedule, 'json_populate_record', 'cust')})`,
  ];
  const bindings: unknown[] = [withJsonValues(customer, CUSTOMER_JSON_COLUMNS), application, cadence, schedule];
  // Every sub-statement of a WITH runs to completion whether or not the final SELECT reads it.
  if (calls.length > 0) {
    parts.push(`calls AS (${insertFrom('scheduled_calls', calls[0]!, 'json_populate_recordset', 'cust')})`);
    bindings.push(calls);
  }
  const sql = `WITH ${parts.join(',\n')}\nSELECT count(*)::int AS created FROM cust`;
  // Prepared: a handful of row shapes, each parsed and planned once per connection.
  const rows = await runPrepared(db, preparedShape('enrollment', sql), bindings.map((r) => JSON.stringify(r)));
  return Number(rows[0]?.created ?? 0) > 0;
}

/** `INSERT INTO table (columns) SELECT columns FROM [gate,] reader(NULL::table, ?::json) r`: the row(s) typed by the table. */
function insertFrom(table: string, shape: Record<string, unknown>, reader: 'json_populate_record' | 'json_populate_recordset', gate?: string): string {
  const columns = Object.keys(shape).map(identifier);
  const from = `${gate ? `${gate} CROSS JOIN ` : ''}${reader}(NULL::${identifier(table)}, ?::json) r`;
  return `INSERT INTO ${identifier(table)} (${columns.join(', ')}) SELECT ${columns.map((c) => `r.${c}`).join(', ')} FROM ${from}`;
}

/** Table and column names here come from the row functions, never from input; quoted all the same. */
function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
}

/** The same rows with one insert per table, in order (SQLite's path; on Postgres the reference the one statement is tested against). */
export async function insertEnrollmentOneByOne(db: Db, companyId: string, e: NewEnrollment): Promise<boolean> {
  if (!(await insertCustomerIfNew(db, companyId, e.customerId, e.customer, e.at))) return false;
  await insertApplication(db, companyId, e.application);
  await insertCadence(db, companyId, e.cadence);
  await insertSchedule(db, companyId, e.schedule);
  await insertScheduledCalls(db, companyId, e.calls, e.at);
  return true;
}
