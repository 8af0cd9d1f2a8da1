import type { Db } from '../shared/db.js';
import { upsertInRuns, upsertRows } from '../shared/upsert-runs.js';
import { dialectOf } from '../shared/db.js';
import { customerInserts } from './customer-inserts.js';
import {
  CUSTOMER_COLUMNS,
  CUSTOMER_JSON_COLUMNS,
  type CustomerFields,
  type CustomerRow,
  customerFromRow,
  customerInsertRow,
  toColumns,
} from './rows.js';

export { CUSTOMER_JSON_COLUMNS, type CustomerFields, type CustomerRow, customerFromRow, customerInsertRow };
import { readCustomerRow } from './customer-reads.js';
import { type PreparedStatement, runPrepared } from '../shared/prepared.js';

const JSON_COLUMNS = CUSTOMER_JSON_COLUMNS;

const FIELDS = Object.keys(CUSTOMER_COLUMNS) as Array<keyof CustomerFields>;

/**
 * A new customer's insert names every column (a field left out is NULL: only the two flags have
 * defaults, and a new customer always sets them).
 */
const INSERT_COLUMNS = ['company_id', 'id', ...FIELDS.map((f) => CUSTOMER_COLUMNS[f]), 'created_at', 'updated_at'];

/** A new customer inside a transaction (its connection is the transaction's); outside one, customer-inserts.ts. */
const INSERT_IF_NEW: PreparedStatement = {
  name: 'customer_insert_if_new',
  text: `INSERT INTO customers (${INSERT_COLUMNS.join(', ')})
    VALUES (${INSERT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
    ON CONFLICT (company_id, id) DO NOTHING RETURNING *`,
};

/** New customers outside a transaction: those of one event-loop turn in one statement (Postgres) or one transaction (SQLite). */
const insertNewCustomer = customerInserts(INSERT_COLUMNS, JSON_COLUMNS, INSERT_IF_NEW);

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
    ? await db<Record<string, unknown>>('customers').whereIn(
        ['company_id', 'id'],
        keys.map((k) => [k.companyId, k.customerId]),
      )
    : [];
  return new Map(
    rows.map((r) => {
      const customer = customerFromRow(r);
      return [`${customer.companyId}/${customer.id}`, customer];
    }),
  );
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
  const q = db<Record<string, unknown>>('customers').where({ company_id: companyId, id });
  const r = await (dialectOf(db) === 'pg' ? q.forUpdate() : q).first();
  return r ? customerFromRow(r) : null;
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
  const updated = await db<Record<string, unknown>>('customers')
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

export async function customerExists(db: Db, companyId: string, customerId: string): Promise<boolean> {
  return (await db('customers').where({ company_id: companyId, id: customerId }).first('id')) !== undefined;
}

/** Which of these customer ids exist in the company (one query for a whole slice). */
export async function existingCustomerIds(db: Db, companyId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db<{ id: string; company_id: string }>('customers')
    .where('company_id', companyId)
    .whereIn('id', ids)
    .select('id');
  return new Set(rows.map((r) => String(r.id)));
}
