import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Db, openDb } from '../../src/store/shared/db.js';
import { migrateLatest } from '../../src/store/shared/migrate.js';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The databases a suite runs on: SQLite always; Postgres too when TEST_POSTGRES_URL is set
 * (`npm run test:all` sets it; `npm test` needs no server).
 */
export const DIALECTS: DialectName[] = process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  db: Db;
  /** A DATABASE_URL another process can open to reach the same data. */
  url: string;
  /** Postgres schema, when on Postgres. */
  schema?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a temp SQLite file, or a new Postgres schema.
 * `migrate` brings it to the schema the test starts from (a migration's own test stops earlier).
 */
export async function freshDatabase(
  dialect: DialectName,
  migrate: (db: Db) => Promise<unknown> = migrateLatest,
): Promise<TestDatabase> {
  const tag = randomBytes(6).toString('hex');
  if (dialect === 'sqlite') {
    const file = path.join(os.tmpdir(), `outreach-test-${tag}.db`);
    const db = openDb(`sqlite:${file}`);
    await migrate(db);
    return {
      db,
      url: `sqlite:${file}`,
      async drop() {
        await db.destroy();
        for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
      },
    };
  }
  const base = process.env.TEST_POSTGRES_URL!;
  const schema = `t_${tag}`;
  const admin = openDb(base);
  await admin.raw(`CREATE SCHEMA ${schema}`);
  await admin.destroy();
  const db = openDb(base, { schema });
  await migrate(db);
  return {
    db,
    url: withSearchPath(base, schema),
    schema,
    async drop() {
      await db.destroy();
      const cleanup = openDb(base);
      await cleanup.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await cleanup.raw(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`); // pg-boss's schema for this one (src/jobs)
      await cleanup.destroy();
    },
  };
}

function withSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}
