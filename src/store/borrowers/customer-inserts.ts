import { sqlIdentifier, withJsonValues } from '../shared/columns.js';
import { pairOf } from './customer-reads.js';
import { type Db, dialectOf } from '../shared/db.js';
import { type PreparedStatement, runPrepared, runPreparedInOneTransaction } from '../shared/prepared.js';
import { perTurnBatches } from '../shared/turn-batches.js';

/**
 * Inserts a customer unless one with its id exists (then nothing is written and the answer is
 * null), together with the new customers of concurrent requests: per turn of the event loop ONE
 * statement and one commit on Postgres, or one transaction (one commit, one fsync) of one insert each
 * on SQLite; outside a transaction (turn-batches.ts says why). Each row is committed before any
 * caller hears back. The same id twice in one turn is inserted once: the first caller gets the row,
 * the second null (it exists), as if they had come one after the other. When the statement or
 * transaction fails, each row is tried alone, so one row's error fails only its own request.
 *
 * `columns` are the ones the insert names (a column a row leaves out is NULL), `jsonColumns` those
 * among them whose row values are JSON text; rows are as customerInsertRow writes them. `ifNew` is
 * the one-row insert (`$1…$n` in `columns` order, RETURNING *) that SQLite runs for each row.
 */
export function customerInserts(
  columns: readonly string[],
  jsonColumns: readonly string[],
  ifNew: PreparedStatement,
): (db: Db, row: Record<string, unknown>) => Promise<Record<string, unknown> | null> {
  const list = columns.map(sqlIdentifier).join(', ');
  // The table's own row type reads the JSON.
  const statement: PreparedStatement = {
    name: 'customers_insert_new',
    text: `INSERT INTO customers (${list}) SELECT ${list} FROM json_populate_recordset(NULL::customers, $1::json) ON CONFLICT (company_id, id) DO NOTHING RETURNING *`,
  };
  const insertRows = async (
    db: Db,
    rows: readonly Record<string, unknown>[],
  ): Promise<Array<Record<string, unknown> | null>> => {
    if (dialectOf(db) === 'sqlite') {
      const inserted = await runPreparedInOneTransaction(
        db,
        ifNew,
        rows.map((row) => columns.map((c) => row[c] ?? null)),
      );
      return inserted.map((r) => r[0] ?? null);
    }
    return distribute(
      rows,
      await runPrepared(db, statement, [JSON.stringify(rows.map((r) => withJsonValues(r, jsonColumns)))]),
    );
  };

  return perTurnBatches(async (db, rows) => {
    try {
      return await insertRows(db, rows);
    } catch (err) {
      if (rows.length === 1) return [err as Error];
      return Promise.all(
        rows.map((row) =>
          insertRows(db, [row]).then(
            (r) => r[0] ?? null,
            (alone) => alone as Error,
          ),
        ),
      );
    }
  }, 100);
}

/** The inserted rows back to their callers; a caller whose id an earlier caller of the batch took gets null. */
function distribute(
  rows: readonly Record<string, unknown>[],
  inserted: Array<Record<string, unknown>>,
): Array<Record<string, unknown> | null> {
  const byKey = new Map(inserted.map((r) => [pairOf(String(r.company_id), String(r.id)), r]));
  return rows.map((r) => {
    const key = pairOf(String(r.company_id), String(r.id));
    const row = byKey.get(key) ?? null;
    byKey.delete(key);
    return row;
  });
}
