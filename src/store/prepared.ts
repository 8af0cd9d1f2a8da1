import type { Db } from './db.js';

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
}

interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Array<Record<string, unknown>> }>;
}
interface KnexPool {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(conn: PgConnection): Promise<void>;
}

/** The rows of a prepared statement (Postgres only: SQLite statements run in process, Knex is cheap there). */
export async function runPrepared(db: Db, statement: PreparedStatement, values: unknown[]): Promise<Array<Record<string, unknown>>> {
  const pool = db.client as unknown as KnexPool;
  const conn = await pool.acquireConnection();
  try {
    return (await conn.query({ name: statement.name, text: statement.text, values })).rows;
  } finally {
    await pool.releaseConnection(conn);
  }
}
