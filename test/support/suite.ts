import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type DialectName, freshDatabase, type TestDatabase } from './databases.js';
import { startTestService, type TestService, type TestServiceOptions } from './service.js';

export interface TestSuite {
  /** The running service; only inside tests and hooks. */
  readonly t: TestService;
  /** The suite's own database; only inside tests and hooks. */
  readonly database: TestDatabase;
}

/**
 * The usual lifecycle of a suite, registered in the calling `describe`: a fresh database and a service
 * over it before all tests, stop and drop after them, and no contract violations after each test.
 * Call it before the suite's own hooks: its `beforeAll` then runs first and (hooks stack) its
 * `afterEach`/`afterAll` last.
 */
export function useTestService(dialect: DialectName, opts: TestServiceOptions = {}): TestSuite {
  let database: TestDatabase | undefined;
  let t: TestService | undefined;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    t = await startTestService(database.db, opts);
  });
  afterAll(async () => {
    await t?.stop();
    await database?.drop();
  });
  afterEach(() => expect(ready(t).violations).toEqual([]));
  return {
    get t() {
      return ready(t);
    },
    get database() {
      return ready(database);
    },
  };
}

function ready<T>(value: T | undefined): T {
  if (value === undefined)
    throw new Error('The test service is available only inside tests and hooks, after its beforeAll');
  return value;
}
