import type { Db } from '../shared/db.js';
import { upsertInRuns, upsertRows } from '../shared/upsert-runs.js';
import { dialectOf } from '../shared/db.js';
import { fromJson, type JsonColumn, readInstant, readText, toBool, toDateOnly, toJson } from '../shared/columns.js';
import { customerInserts } from './customer-inserts.js';
import { readCustomerRow } from './customer-reads.js';
import { type PreparedStatement, runPrepared } from '../shared/prepared.js';

/** Mirrors the `customers` table, camel-cased. */
export interface CustomerRow {
  companyId: string;
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  birthday: string | null;
  ssnLastFour: string | null;
  timezone: string | null;
  phoneNumber: string | null;
  streetAddress1: string | null;
  streetAddress2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  doNotCall: boolean;
  isTest: boolean;
  taskType: string | null;
  externalMetadata: Record<string, unknown> | null;
  loanIds: number[] | null;
  createdAt: string;
  updatedAt: string;
}

export type CustomerFields = Omit<CustomerRow, 'companyId' | 'id' | 'createdAt' | 'updatedAt'>;

const COLUMNS: Record<keyof CustomerFields, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  birthday: 'birthday',
  ssnLastFour: 'ssn_last_four',
  timezone: 'timezone',
  phoneNumber: 'phone_number',
  streetAddress1: 'street_address1',
  streetAddress2: 'street_address2',
  city: 'city',
  state: 'state',
  zipCode: 'zip_code',
  doNotCall: 'do_not_call',
  isTest: 'is_test',
  taskType: 'task_type',
  externalMetadata: 'external_metadata',
  loanIds: 'loan_ids',
};

const JSON_FIELDS = new Set<keyof CustomerFields>(['externalMetadata', 'loanIds']);
/** The columns that hold JSON text in customerInsertRow's result. */
export const CUSTOMER_JSON_COLUMNS = [...JSON_FIELDS].map((f) => COLUMNS[f]);
const JSON_COLUMNS = CUSTOMER_JSON_COLUMNS;

function toColumns(fields: Partial<CustomerFields>, json: JsonColumn = toJson): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields) as [keyof CustomerFields, unknown][]) {
    if (value === undefined) continue;
    out[COLUMNS[key]] = JSON_FIELDS.has(key) ? json(value) : value;
  }
  return out;
}

const FIELDS = Object.keys(COLUMNS) as Array<keyof CustomerFields>;

/**
 * A new customer's insert names every column (a field left out is NULL: only the two flags have
 * defaults, and a new customer always sets them).
 */
const INSERT_COLUMNS = ['company_id', 'id', ...FIELDS.map((f) => COLUMNS[f]), 'created_at', 'updated_at'];

/** A new customer inside a transaction (its connection is the transaction's); outside one, customer-inserts.ts. */
const INSERT_IF_NEW: PreparedStatement = {
  name: 'customer_insert_if_new',
  text: `INSERT INTO customers (${INSERT_COLUMNS.join(', ')})
    VALUES (${INSERT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
    ON CONFLICT (company_id, id) DO NOTHING RETURNING *`,
};

/** New customers outside a transaction: those of one event-loop turn in one statement (Postgres) or one transaction (SQLite). */
const insertNewCustomer = customerInserts(INSERT_COLUMNS, JSON_COLUMNS, INSERT_IF_NEW);

export function customerFromRow(r: Record<string, unknown>): CustomerRow {
  return {
    companyId: String(r.company_id),
    id: String(r.id),
    firstName: String(r.first_name),
    lastName: String(r.last_name),
    email: readText(r.email),
    birthday: toDateOnly(r.birthday),
    ssnLastFour: readText(r.ssn_last_four),
    timezone: readText(r.timezone),
    phoneNumber: readText(r.phone_number),
    streetAddress1: readText(r.street_address1),
    streetAddress2: readText(r.street_address2),
    city: readText(r.city),
    state: readText(r.state),
    zipCode: readText(r.zip_code),
    doNotCall: toBool(r.do_not_call),
    isTest: toBool(r.is_test),
    taskType: readText(r.task_type),
    externalMetadata: fromJson(r.external_metadata),
    loanIds: fromJson(r.loan_ids),
    createdAt: readInstant(r.created_at)!,
    updatedAt: readInstant(r.updated_at)!,
  };
}

/** On Postgres outside a transaction, concurrent reads go in one statement (customer-reads.ts); otherwise a statement prepared once. */
export async function getCustomer(db: Db, companyId: string, id: string): Promise<CustomerRow | null> {
  const r =
    dialectOf(db) === 'pg' && !db.isTransaction
      ? await readCustomerRow(db, { companyId, id })
      : (await runPrepared(db, CUSTOMER_BY_ID, [companyId, id]))[0];
  return r ? customerFromRow(r) : null;
}

/** A read inside a Postgres transaction (its connection is the transaction's), or any read on SQLite. */
const CUSTOMER_BY_ID: PreparedStatement = {
  name: 'customer_by_id',
  text: 'SELECT * FROM customers WHERE company_id = $1 AND id = $2',
};

/** Several customers in one read, keyed `companyId/id` (a dial batch re-checks them all at once). */
export async function getCustomersByKey(
  db: Db,
  keys: ReadonlyArray<{ companyId: string; customerId: string }>,
): Promise<Map<string, CustomerRow>> {
  const rows = keys.length
    ? await db('customers').whereIn(
        ['company_id', 'id'],
        keys.map((k) => [k.companyId, k.customerId]),
      )
    : [];
  return new Map(rows.map((r: Record<string, unknown>) => [`${r.company_id}/${r.id}`, customerFromRow(r)]));
}

/** The company's customers with this email address (any case): whose numbers an email revocation reaches. */
export async function listCustomersByEmail(db: Db, companyId: string, email: string): Promise<CustomerRow[]> {
  const rows = await db('customers')
    .where({ company_id: companyId })
    .whereRaw('lower(email) = ?', [email.toLowerCase()])
    .limit(100);
  return rows.map((r: Record<string, unknown>) => customerFromRow(r));
}

/**
 * The customer, row-locked until the transaction ends (Postgres; SQLite serializes writers anyway),
 * so a concurrent Do Not Call update cannot slip between reading the customer and scheduling.
 */
export async function getCustomerForUpdate(db: Db, companyId: string, id: string): Promise<CustomerRow | null> {
  const q = db('customers').where({ company_id: companyId, id });
  const r = await (dialectOf(db) === 'pg' ? q.forUpdate() : q).first();
  return r ? customerFromRow(r) : null;
}

/**
 * A new customer's row as every insert writes it (column names as keys). An enrollment's customer is
 * written only through store/enrollment/enrollment-rows.ts, which builds it here.
 */
export function customerInsertRow(
  companyId: string,
  id: string,
  fields: CustomerFields,
  at: string,
  json: JsonColumn = toJson,
): Record<string, unknown> {
  return { company_id: companyId, id, ...toColumns(fields, json), created_at: at, updated_at: at };
}

/** Writes only the fields given; returns false when the customer does not exist in this company. */
export async function updateCustomer(
  db: Db,
  companyId: string,
  id: string,
  fields: Partial<CustomerFields>,
  at: string,
): Promise<boolean> {
  const n = await db('customers')
    .where({ company_id: companyId, id })
    .update({ ...toColumns(fields), updated_at: at });
  return n > 0;
}

/**
 * Creates the customer, or updates the given fields of the existing one. The insert is
 * `ON CONFLICT DO NOTHING` so two concurrent creates of one id cannot both insert; whichever
 * loses becomes an update. Returns the stored row and whether it was created.
 */
export async function upsertCustomer(
  db: Db,
  companyId: string,
  id: string,
  fields: CustomerFields,
  onUpdate: Partial<CustomerFields>,
  at: string,
): Promise<{ customer: CustomerRow; created: boolean }> {
  const row = customerInsertRow(companyId, id, fields, at);
  const inserted = !db.isTransaction
    ? await insertNewCustomer(db, row)
    : (
        await runPrepared(
          db,
          INSERT_IF_NEW,
          INSERT_COLUMNS.map((c) => row[c] ?? null),
        )
      )[0];
  if (inserted) return { customer: customerFromRow(inserted), created: true };
  const updated = await db('customers')
    .where({ company_id: companyId, id })
    .update({ ...toColumns(onUpdate), updated_at: at })
    .returning('*');
  return { customer: customerFromRow(updated[0]), created: false };
}

/** One row of upsertCustomers: `fresh` is written when the customer is new, `given` when it exists. */
export interface CustomerUpsert {
  id: string;
  fresh: CustomerFields;
  given: Partial<CustomerFields>;
}

/**
 * upsertCustomer for many rows (customer batch slices): one INSERT … ON CONFLICT DO UPDATE per run
 * of consecutive rows that send the same fields (a batch is usually a single run). New customers get
 * `fresh`; existing ones get only the fields they sent, as with upsertCustomer (src/store/shared/upsert-runs.ts).
 */
export async function upsertCustomers(db: Db, companyId: string, rows: CustomerUpsert[], at: string): Promise<void> {
  await upsertInRuns(
    rows,
    (r) => r.id,
    (r) => r.given,
    async (run) => {
      await upsertRows(
        db,
        'customers',
        run.map((r) => customerInsertRow(companyId, r.id, r.fresh, at)),
        ['company_id', 'id'],
        [...Object.keys(toColumns(run[0].given)), 'updated_at'],
        JSON_COLUMNS,
      );
    },
  );
}
