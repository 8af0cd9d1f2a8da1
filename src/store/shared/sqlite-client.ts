import { createRequire } from 'node:module';
import { keptStatement, type SqliteConnection } from './sqlite-statements.js';

// Knex ships its dialects as CommonJS without types; this one is subclassed, as Knex's `client` option allows.
const BetterSqlite3Client = createRequire(import.meta.url)('knex/lib/dialects/better-sqlite3/index.js') as new (
  config: object,
) => KnexSqliteClient;

interface KnexSqliteClient {
  _formatBindings(bindings: unknown[] | undefined): unknown[];
  _optSafeIntegers(options: unknown): boolean | undefined;
}

interface KnexQuery {
  sql: string;
  bindings?: unknown[];
  options?: unknown;
  response?: unknown;
  context?: { lastID: number | bigint; changes: number };
}

/**
 * Knex's better-sqlite3 client, with each connection's statements kept by SQL text
 * (sqlite-statements.ts) instead of prepared again on every query. Otherwise Knex's own `_query`:
 * readers answer their rows, writes their changes and last row id.
 */
export class KeptStatementsSqliteClient extends BetterSqlite3Client {
  async _query(connection: SqliteConnection, obj: KnexQuery): Promise<KnexQuery> {
    if (!obj.sql) throw new Error('The query is empty');
    if (!connection) throw new Error('No connection provided');
    const safeIntegers = this._optSafeIntegers(obj.options);
    // A statement's integer mode outlives the call: a query that sets one gets a statement of its own.
    const statement =
      safeIntegers === undefined
        ? keptStatement(connection, obj.sql)
        : connection.prepare(obj.sql).safeIntegers(safeIntegers);
    const bindings = this._formatBindings(obj.bindings);
    if (statement.reader) {
      obj.response = statement.all(bindings);
      return obj;
    }
    const response = statement.run(bindings);
    obj.response = response;
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
    return obj;
  }
}
