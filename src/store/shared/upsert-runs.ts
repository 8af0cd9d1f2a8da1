import { withJsonValues } from './columns.js';
import { type Db, dialectOf } from './db.js';

/**
 * Set-based upserts of many rows: one statement per run of consecutive rows that send the same
 * fields (a batch is usually a single run), since one INSERT … ON CONFLICT DO UPDATE can only merge
 * one column list. A statement never holds one key twice (Postgres refuses that) and statements run
 * in row order, so a later row for the same key wins exactly as it would one by one.
 */
export async function upsertInRuns<R>(
  rows: R[],
  keyOf: (row: R) => string,
  sentFields: (row: R) => object,
  write: (run: R[]) => Promise<void>,
): Promise<void> {
  let run: R[] = [];
  let shape = '';
  let keys = new Set<string>();
  for (const row of rows) {
    const rowShape = Object.keys(sentFields(row)).sort().join(',');
    const key = keyOf(row);
    if (run.length > 0 && (rowShape !== shape || keys.has(key))) {
      await write(run);
      run = [];
      keys = new Set();
    }
    shape = rowShape;
    run.push(row);
    keys.add(key);
  }
  if (run.length > 0) await write(run);
}

/**
 * One INSERT … ON CONFLICT DO UPDATE of many rows (column names as keys; a column missing from a
 * row is NULL). On Postgres the rows travel as ONE JSON parameter read by json_populate_recordset,
 * typed by the table's own row type: a multi-row VALUES list of 1,000 customers is ~17,000
 * bindings for Knex to place and Postgres to parse. `jsonColumns` hold JSON text here and are
 * embedded as JSON values. SQLite: Knex's multi-row insert (in-process, no parse cost to save).
 * With `returningWhere` (Postgres) it returns the written rows, as stored, that match it; null on SQLite.
 */
export async function upsertRows(
  db: Db,
  table: string,
  rows: Record<string, unknown>[],
  conflict: string[],
  merge: string[],
  jsonColumns: readonly string[] = [],
  returningWhere?: string,
): Promise<Record<string, unknown>[] | null> {
  if (rows.length === 0) return [];
  if (dialectOf(db) !== 'pg') {
    for (let i = 0; i < rows.length; i += SQLITE_ROWS)
      await db(table)
        .insert(rows.slice(i, i + SQLITE_ROWS))
        .onConflict(conflict)
        .merge(merge);
    return null; // the caller reads what it needs (in process, no round trip)
  }
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const records = rows.map((r) => withJsonValues(r, jsonColumns));
  const list = columns.map(() => '??').join(', ');
  const set = merge.map(() => '?? = EXCLUDED.??').join(', ');
  const upsert = `INSERT INTO ?? (${list}) SELECT ${list} FROM json_populate_recordset(NULL::??, ?::json) ON CONFLICT (${conflict.map(() => '??').join(', ')}) DO UPDATE SET ${set}`;
  const bindings = [
    table,
    ...columns,
    ...columns,
    table,
    JSON.stringify(records),
    ...conflict,
    ...merge.flatMap((c) => [c, c]),
  ];
  if (returningWhere === undefined) {
    await db.raw(upsert, bindings);
    return [];
  }
  // The written rows as stored, filtered in the same statement (no second read with a long key list).
  return (
    await db.raw<{ rows: Record<string, unknown>[] }>(
      `WITH written AS (${upsert} RETURNING *) SELECT * FROM written WHERE ${returningWhere}`,
      bindings,
    )
  ).rows;
}

const SQLITE_ROWS = 500; // SQLite turns a multi-row INSERT into a compound SELECT of at most 500 terms
