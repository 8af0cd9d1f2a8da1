import { withJsonValues } from './columns.js';
import { pairOf } from './customer-reads.js';
import type { Db } from './db.js';
import { type PreparedStatement, runPrepared } from './prepared.js';
import { perTurnBatches } from './turn-batches.js';

/** A new customer's row as every insert writes it (customerInsertRow), with the table's columns and the JSON ones among them. */
export interface NewCustomerRow {
  row: Record<string, unknown>;
  /** Every column the insert names (the same array for every row: a column a row leaves out is NULL). */
  columns: readonly string[];
  jsonColumns: readonly string[];
}

/**
 * Inserts the customer unless one with its id exists (then nothing is written and the answer is
 * null), together with the new customers of concurrent requests: ONE statement and one commit per
 * turn of the event loop (Postgres, outside a transaction; turn-batches.ts says why). Each row is
 * committed before any caller hears back. The same id twice in one turn is inserted once: the first
 * caller gets the row, the second null (it exists), as if they had come one after the other. When
 * the statement fails, each row is tried alone, so one row's error fails only its own request.
 */
export const insertCustomerRowIfNew: (db: Db, customer: NewCustomerRow) => Promise<Record<string, unknown> | null> = perTurnBatches(insertBatch, 100);

async function insertBatch(db: Db, customers: readonly NewCustomerRow[]): Promise<Array<Record<string, unknown> | null | Error>> {
  try {
    return distribute(customers, await insertRows(db, customers));
  } catch (err) {
    if (customers.length === 1) return [err as Error];
    return Promise.all(customers.map(async (c) => {
      try {
        return (await insertRows(db, [c]))[0] ?? null;
      } catch (alone) {
        return alone as Error;
      }
    }));
  }
}

/** The inserted rows back to their callers; a caller whose id an earlier caller of the batch took gets null. */
function distribute(customers: readonly NewCustomerRow[], inserted: Array<Record<string, unknown>>): Array<Record<string, unknown> | null> {
  const byKey = new Map(inserted.map((r) => [pairOf(String(r.company_id), String(r.id)), r]));
  return customers.map((c) => {
    const key = pairOf(String(c.row.company_id), String(c.row.id));
    const row = byKey.get(key) ?? null;
    byKey.delete(key);
    return row;
  });
}

async function insertRows(db: Db, customers: readonly NewCustomerRow[]): Promise<Array<Record<string, unknown>>> {
  return runPrepared(db, statementFor(customers[0]!.columns), [JSON.stringify(customers.map((c) => withJsonValues(c.row, c.jsonColumns)))]);
}

// The table's own row type reads the JSON (a key a row does not have is NULL).
const statements = new Map<string, PreparedStatement>();
function statementFor(columns: readonly string[]): PreparedStatement {
  const key = columns.join(',');
  let statement = statements.get(key);
  if (!statement) {
    const list = columns.map((c) => `"${c}"`).join(', ');
    statement = {
      name: `customers_insert_new_${statements.size}`,
      text: `INSERT INTO customers (${list}) SELECT ${list} FROM json_populate_recordset(NULL::customers, $1::json) ON CONFLICT (company_id, id) DO NOTHING RETURNING *`,
    };
    statements.set(key, statement);
  }
  return statement;
}
