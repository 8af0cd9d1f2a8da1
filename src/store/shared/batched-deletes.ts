import type { Knex } from 'knex';
import type { Db } from './db.js';

/** Rows one retention statement deletes at most: each statement is its own short transaction. */
export const DELETE_BATCH_ROWS = 1000;

/**
 * Deletes the rows of `table` that `pick` selects, `size` at a time by their key (one statement,
 * hence one short transaction, per batch), until none is left. A long sweep never holds one long
 * transaction, so it neither bloats Postgres nor blocks SQLite's single writer for long.
 *
 * Where an index serves `pick`, it orders by that column (oldest first). Without the order Postgres may
 * read the table from its start instead: its statistics, taken before the sweep, promise matching
 * rows everywhere, so a sequential scan looks cheap for LIMIT; the last batch, with fewer rows left
 * than promised, then read all of scheduled_messages (1.2 s on the volume data set, bench/results.md).
 */
export async function deleteInBatches(
  db: Db,
  table: string,
  key: string | readonly string[],
  // `unknown`, not `void`: callers may return the builder they narrowed (a thenable, never awaited here).
  pick: (q: Knex.QueryBuilder) => unknown,
  size = DELETE_BATCH_ROWS,
): Promise<number> {
  const columns = typeof key === 'string' ? [key] : [...key];
  let total = 0;
  for (;;) {
    const batch = db(table).select(columns).modify(pick).limit(size);
    const deleted = await (
      columns.length === 1 ? db(table).whereIn(columns[0], batch) : db(table).whereIn(columns, batch)
    ).delete();
    total += deleted;
    if (deleted < size) return total;
  }
}
