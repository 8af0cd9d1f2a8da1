import { type Db, type DbOptions, dialectOf, openDb } from './db.js';

/** The database named by DATABASE_URL cannot be used; the message is one line naming it (password masked). */
export class DatabaseUnavailableError extends Error {}

/**
 * Opens the database and proves it usable before anything else runs: a connection (Postgres: host,
 * database and role exist, the password is accepted) and, on SQLite, a write lock (the file and its
 * directory are writable). A failure is one line naming DATABASE_URL instead of a driver stack.
 */
export async function connectDatabase(url: string, opts: DbOptions = {}): Promise<Db> {
  let db: Db | undefined;
  try {
    db = openDb(url, opts);
    if (dialectOf(db) === 'sqlite') {
      await db.raw('BEGIN IMMEDIATE');
      await db.raw('ROLLBACK');
    } else {
      await db.raw('SELECT 1');
    }
    return db;
  } catch (err) {
    await db?.destroy().catch(() => {});
    throw new DatabaseUnavailableError(
      `cannot use the database at DATABASE_URL=${maskDatabaseUrl(url)}: ${reasonOf(err)}`,
    );
  }
}

export function maskDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.password) return url;
    u.password = '****';
    return u.toString();
  } catch {
    return url.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1****@');
  }
}

function reasonOf(err: unknown): string {
  const e = err as {
    code?: string;
    message?: string;
    address?: string;
    port?: number;
    hostname?: string;
    name?: string;
  };
  const first = String(e.message ?? err).split('\n')[0];
  switch (e.code) {
    case 'ECONNREFUSED':
      return `nothing accepts connections at ${e.address ?? ''}${e.port ? `:${e.port}` : ''} (is Postgres running?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host ${e.hostname ?? ''} not found`;
    case 'ETIMEDOUT':
      return 'connection timed out';
    case '3D000':
    case '28000':
    case '28P01':
      return first; // database / role does not exist, password rejected
    case 'SQLITE_CANTOPEN':
      return 'the file cannot be opened or created (missing directory, a directory, or no permission)';
    case 'SQLITE_READONLY':
    case 'EROFS':
      return 'the file or its directory is read-only';
    case 'ENOTDIR':
    case 'EACCES':
    case 'EPERM':
    case 'EEXIST':
      return `its directory cannot be created (${e.code})`;
    default:
      return e.name === 'KnexTimeoutError' ? 'timed out waiting for a connection' : first;
  }
}
