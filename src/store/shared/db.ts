import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { KeptStatementsSqliteClient } from './sqlite-client.js';

// `date` columns as 'YYYY-MM-DD' text: the driver's default turns them into local-midnight Dates.
pg.types.setTypeParser(1082, (v: string) => v);

export type Db = Knex;
export type Dialect = 'pg' | 'sqlite';

export interface DbOptions {
  /** Postgres schema to use (tests create one per file). */
  schema?: string;
  poolMax?: number;
}

// Knex logs each failed connection attempt with a stack; the error also reaches the caller, who reports
// it (start-up as one line naming DATABASE_URL, requests as a 503), so its own log is kept to one line.
const knexLog = {
  warn(message: string) {
    if (!String(message).startsWith('Acquire connection error'))
      process.stderr.write(
        JSON.stringify({ level: 'warn', msg: 'knex', detail: String(message).split('\n')[0] }) + '\n',
      );
  },
};

/** Opens Knex for a `DATABASE_URL` (postgres://… or sqlite:<path>). */
export function openDb(url: string, opts: DbOptions = {}): Db {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length) || './data/outreach.db';
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    return knexFactory({
      client: KeptStatementsSqliteClient as unknown as typeof Knex.Client,
      log: knexLog,
      connection: { filename: file },
      useNullAsDefault: true,
      pool: {
        min: 1,
        max: 1,
        // WAL lets readers proceed during a write; busy_timeout makes a second process wait, not fail.
        afterCreate: (conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) => {
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('synchronous = FULL'); // a confirmed 2xx must survive an OS crash, not only a process crash
          done(null, conn);
        },
      },
    });
  }
  return knexFactory({
    client: 'pg',
    log: knexLog,
    connection: url,
    searchPath: opts.schema ? [opts.schema] : undefined,
    pool: { min: 0, max: opts.poolMax ?? 10 },
  });
}

export function dialectOf(db: Db): Dialect {
  return (db.client as Knex.Client).config.client === 'pg' ? 'pg' : 'sqlite';
}
