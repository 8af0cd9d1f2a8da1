import { createHash } from 'node:crypto';
import { type Db, dialectOf } from './db.js';
import { keptStatement, type SqliteConnection, type SqliteStatement } from './sqlite-statements.js';

/**
 * A hot statement sent to Postgres as a named prepared statement, on a connection of Knex's pool
 * (or the transaction's own connection when `db` is a transaction).
 *
 * Why: on the request path a single-row statement is a large share of the CPU. Knex builds and
 * compiles the SQL text on every call, and Postgres parses and plans it again each time; a prepared
 * statement is parsed once per connection and each call sends only its parameters. Use it for
 * fixed SQL with `$n` placeholders that runs on every request of a kind (GET and POST /customers).
 */
export interface PreparedStatement {
  /** Unique per SQL text: Postgres keeps the statement under this name for the connection's life. */
  name: string;
  text: string;
  /**
   * Postgres: planned again at each run, for the tables as they are then (sent unnamed; SQLite keeps
   * it regardless). A named statement's plan is made once for the connection, and Postgres keeps its
   * generic plan: one made while a table was nearly empty reads the whole table (a sequential scan)
   * on every run after it grew, until an ANALYZE of the table replaces it.
   */
  replan?: true;
}

interface PgConnection {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Array<Record<string, unknown>> }>;
}
interface KnexPool {
  acquireConnection(): Promise<PgConnection & { __knexUid?: string; __knexTxId?: string }>;
  releaseConnection(conn: PgConnection): Promise<void>;
  emit(event: 'query', query: Record<string, unknown>): void;
}

/**
 * The rows of a prepared statement. On SQLite (better-sqlite3) it is kept per connection like Knex's
 * queries there (sqlite-statements.ts), without Knex building its text each time. Its text must
 * then be SQL both databases read, with `$1…$n` each once and in order (they become `?`), and
 * booleans are bound as 1/0 as Knex binds them.
 */
export async function runPrepared(
  db: Db,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Array<Record<string, unknown>>> {
  const pool = db.client as unknown as KnexPool;
  const conn = await pool.acquireConnection();
  // Knex's own 'query' event, as its queries emit it: statement counts (bench, tests) and query
  // listeners see prepared statements too (a transaction's client passes it on to the root).
  pool.emit('query', {
    __knexUid: conn.__knexUid,
    __knexTxId: conn.__knexTxId,
    method: 'raw',
    sql: statement.text,
    bindings: values,
    prepared: statement.name,
  });
  try {
    if (dialectOf(db) === 'sqlite') return runOnSqlite(conn as unknown as SqliteConnection, statement, values);
    return (
      await conn.query(
        statement.replan ? { text: statement.text, values } : { name: statement.name, text: statement.text, values },
      )
    ).rows;
  } finally {
    await pool.releaseConnection(conn);
  }
}

// The SQLite text of each statement name (its `$n` as `?`), worked out once.
const sqliteTexts = new Map<string, string>();

function sqliteStatement(conn: SqliteConnection, statement: PreparedStatement): SqliteStatement {
  let text = sqliteTexts.get(statement.name);
  if (text === undefined) sqliteTexts.set(statement.name, (text = anonymousPlaceholders(statement.text)));
  return keptStatement(conn, text);
}

/** `$1…$n` as better-sqlite3's `?` (it binds an argument list only to those): each must appear once, in order. */
function anonymousPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\$(\d+)/g, (_, i: string) => {
    if (Number(i) !== ++n) throw new Error(`prepared statement for SQLite needs $1…$n once each, in order: ${sql}`);
    return '?';
  });
}

const sqliteValue = (value: unknown) => (typeof value === 'boolean' ? Number(value) : value);

function runOnSqlite(
  conn: SqliteConnection,
  statement: PreparedStatement,
  values: unknown[],
): Array<Record<string, unknown>> {
  const prepared = sqliteStatement(conn, statement);
  const bound = values.map(sqliteValue);
  if (prepared.reader) return prepared.all(...bound);
  prepared.run(...bound);
  return [];
}

/** A prepared statement run inside inSqliteTransaction's work: its rows (none for a write without RETURNING). */
export type SqliteRun = (statement: PreparedStatement, values: unknown[]) => Array<Record<string, unknown>>;

/**
 * SQLite: `work` runs synchronously in ONE transaction (BEGIN IMMEDIATE, so no other process can
 * write between its reads and its writes) on the pool's connection: one commit, so one fsync with
 * synchronous = FULL, however many statements it runs. Its statements are kept per connection
 * (sqlite-statements.ts). If `work` throws, everything is rolled back and the error thrown. Emits
 * Knex's query events (BEGIN, each statement, COMMIT).
 */
export async function inSqliteTransaction<T>(db: Db, work: (run: SqliteRun) => T): Promise<T> {
  if (dialectOf(db) !== 'sqlite' || db.isTransaction)
    throw new Error('inSqliteTransaction runs on SQLite, outside a transaction');
  const pool = db.client as unknown as KnexPool;
  const conn = await pool.acquireConnection();
  const sqlite = conn as unknown as SqliteConnection;
  const emit = (sql: string, bindings: unknown[], prepared?: string) =>
    pool.emit('query', {
      __knexUid: conn.__knexUid,
      __knexTxId: 'sqlite-transaction',
      method: 'raw',
      sql,
      bindings,
      prepared,
    });
  const run: SqliteRun = (statement, values) => {
    emit(statement.text, values, statement.name);
    return runOnSqlite(sqlite, statement, values);
  };
  try {
    emit('BEGIN IMMEDIATE;', []);
    const result = sqlite.transaction(() => work(run)).immediate();
    emit('COMMIT;', []);
    return result;
  } finally {
    await pool.releaseConnection(conn);
  }
}

/** SQLite: one prepared statement run once per list of values, in order, all in one transaction (inSqliteTransaction). */
export function runPreparedInOneTransaction(
  db: Db,
  statement: PreparedStatement,
  valueLists: unknown[][],
): Promise<Array<Array<Record<string, unknown>>>> {
  return inSqliteTransaction(db, (run) => valueLists.map((values) => run(statement, values)));
}

/**
 * A statement whose SQL is assembled from a few fixed shapes (Knex-style `?` placeholders, no other
 * `?` in the text): named by a hash of its text, so each shape is prepared once per connection
 * (on SQLite, while it stays among the connection's kept statements).
 */
export function preparedShape(prefix: string, sql: string): PreparedStatement {
  return {
    name: `${prefix}_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`,
    text: numberedPlaceholders(sql),
  };
}

/** `?` placeholders (Knex's, shared with SQLite) as Postgres's `$1…$n`. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
