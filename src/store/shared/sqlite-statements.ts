/**
 * better-sqlite3 statements kept per connection, by SQL text, for every SQLite query: Knex's own
 * (sqlite-client.ts) and the hand-prepared ones (prepared.ts).
 *
 * Why: better-sqlite3 runs everything on the event loop's thread, and Knex prepares a query's SQL
 * again on every call. SQLite's parse of a statement is often dearer than running it: a 500-row
 * multi-row insert (a batch's unit) took ~7 ms to prepare and ~2 ms to run. A statement belongs to
 * the connection that prepared it, and SQLite re-prepares a kept statement by itself when the
 * schema changes (a migration), so keeping one is safe.
 */

export interface SqliteStatement {
  /** Whether it returns rows (a SELECT, or a write with RETURNING). */
  readonly reader: boolean;
  all(...values: unknown[]): Array<Record<string, unknown>>;
  run(...values: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  safeIntegers(on?: boolean): SqliteStatement;
}

export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  /** better-sqlite3: `fn` wrapped in BEGIN … COMMIT (a SAVEPOINT when nested), rolled back if it throws. */
  transaction<T>(fn: () => T): { (): T; immediate(): T };
}

/**
 * Statements kept per connection. Knex's texts vary with their row and IN-list counts, so the
 * least recently used go past this many (a kept statement holds its compiled program: ~0.3 MB for
 * a 500-row insert).
 */
export const KEPT_STATEMENTS = 128;

const kept = new WeakMap<SqliteConnection, Map<string, SqliteStatement>>();

/** The connection's statement for `sql`, prepared on first use and kept (most recently used last). */
export function keptStatement(conn: SqliteConnection, sql: string): SqliteStatement {
  let statements = kept.get(conn);
  if (!statements) kept.set(conn, (statements = new Map<string, SqliteStatement>()));
  let statement = statements.get(sql);
  if (statement) {
    statements.delete(sql);
  } else {
    statement = conn.prepare(sql);
    if (statements.size >= KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
  }
  statements.set(sql, statement);
  return statement;
}
