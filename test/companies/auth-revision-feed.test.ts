import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authChangeFeed } from '../../src/store/companies/auth-changes.js';
import { type Db, openDb } from '../../src/store/shared/db.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/**
 * SQLite's change feed for API keys held in memory: the requests of one turn of the event loop share
 * one read of the revision, and a change committed before a request arrived is always reported to it.
 */
describe('the SQLite API-key change feed', () => {
  const database = useTestDatabase('sqlite');
  let other: Db;
  const reads: string[] = [];
  beforeAll(async () => {
    other = openDb(database.url);
    database.db.on('query', (q: { sql: string }) => {
      if (q.sql.includes('auth_revision')) reads.push(q.sql);
    });
  });
  afterAll(async () => {
    await other.destroy();
  });

  it("twenty requests of one turn share one read; a change committed meanwhile reaches the next turn's requests", async () => {
    const feed = authChangeFeed(database.db);
    const changes: Array<string | null> = [];
    feed.subscribe((companyId) => changes.push(companyId));
    await feed.fresh(); // the first read reports the revision it starts from
    changes.length = 0;
    reads.length = 0;

    expect(await Promise.all(Array.from({ length: 20 }, () => Promise.resolve(feed.fresh())))).toEqual(
      Array(20).fill(true),
    );
    expect([reads.length, changes]).toEqual([1, []]);

    await tables(other).authRevision().where({ id: 1 }).increment('revision', 1); // as a key revoked by the CLI
    expect(await feed.fresh()).toBe(true);
    expect([reads.length, changes]).toEqual([2, [null]]);
    await feed.stop();
  });

  it('a request arriving while a read is under way waits for a read that starts after it', async () => {
    const feed = authChangeFeed(database.db);
    feed.subscribe(() => undefined);
    await feed.fresh();
    reads.length = 0;
    // Set inside the query listener, so the compiler must not narrow it to its initial null.
    let during = null as ReturnType<typeof feed.fresh> | null;
    // Knex's query event is emitted as the read is sent: a request arriving right then.
    const arrive = (q: { sql: string }) => {
      if (q.sql.includes('auth_revision') && !during) during = feed.fresh();
    };
    database.db.on('query', arrive);
    try {
      const first = feed.fresh();
      await first;
      expect(during).not.toBeNull();
      expect(during).not.toBe(first);
      expect(await during).toBe(true);
    } finally {
      database.db.removeListener('query', arrive);
    }
    expect(reads).toHaveLength(2);
    await feed.stop();
  });
});
