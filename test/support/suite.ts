import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Db } from '../../src/store/shared/db.js';
import { type DialectName, freshDatabase, type TestDatabase } from './databases.js';
import { startTestService, type TestService, type TestServiceOptions } from './service.js';

/** A suite's database as its tests see it; the suite's hooks create and drop it. */
export type SuiteDatabase = Readonly<Omit<TestDatabase, 'drop'>>;

export interface DatabaseOptions {
  /** Brings the database to the schema the suite starts from (default: every migration; a migration's own test stops earlier). */
  migrate?: (db: Db) => Promise<unknown>;
}

export interface TestSuite {
  /** The running service; only inside tests and hooks. */
  readonly t: TestService;
  /** The suite's own database; only inside tests and hooks. */
  readonly database: SuiteDatabase;
}

/**
 * The suite's own database, registered in the calling `describe`: a fresh migrated one before all
 * tests (a temp SQLite file, or a new Postgres schema), dropped after them. Call it before the
 * suite's own hooks: its `beforeAll` then runs first and (hooks stack) its `afterAll` last, after
 * whatever the suite started over the database has stopped. The object is the suite's for good; its
 * fields are readable inside tests and hooks.
 */
export function useTestDatabase(dialect: DialectName, opts: DatabaseOptions = {}): SuiteDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await freshDatabase(dialect, opts.migrate);
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    get db() {
      return ready(database).db;
    },
    get url() {
      return ready(database).url;
    },
    get schema() {
      return ready(database).schema;
    },
  };
}

/**
 * The usual lifecycle of a suite over HTTP: `useTestDatabase`, the real service over it before all
 * tests, stopped after them, and no contract violations after each test. `opts` may be a function,
 * read when the service starts, for options that name what the suite's earlier hooks started (a
 * simulator's URL). The returned `t` and `database` are the suite's for good (destructure them); their
 * fields are readable inside tests and hooks.
 */
export function useTestService(
  dialect: DialectName,
  opts: (TestServiceOptions & DatabaseOptions) | (() => TestServiceOptions) = {},
): TestSuite {
  const database = useTestDatabase(dialect, typeof opts === 'function' ? {} : opts);
  let t: TestService | undefined;
  beforeAll(async () => {
    t = await startTestService(database.db, typeof opts === 'function' ? opts() : opts);
  });
  afterAll(async () => {
    await t?.stop();
  });
  afterEach(() => expect(ready(t).violations).toEqual([]));
  return { t: lateService(() => ready(t)), database };
}

/** A fresh database for the length of `use`, dropped after it: a second database inside one test. */
export async function withTestDatabase<T>(
  dialect: DialectName,
  use: (database: SuiteDatabase) => Promise<T>,
  opts: DatabaseOptions = {},
): Promise<T> {
  const database = await freshDatabase(dialect, opts.migrate);
  try {
    return await use(database);
  } finally {
    await database.drop();
  }
}

/** A TestService whose every field reads the one `current` returns, so it can be handed out before it starts. */
export function lateService(current: () => TestService): TestService {
  return {
    get service() {
      return current().service;
    },
    get url() {
      return current().url;
    },
    get violations() {
      return current().violations;
    },
    company: (name) => current().company(name),
    call: (method, path, o) => current().call(method, path, o),
    stop: () => current().stop(),
  };
}

function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('The suite database and service exist only inside tests and hooks');
  return value;
}
