import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { AT, enrollment, LIMIT, NOW_MS, run } from '../support/first-runs.js';
import { blockedBy } from '../support/lock-waits.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import type { Db } from '../../src/store/shared/db.js';
import { writeEnrollment } from '../../src/store/enrollment/enrollments.js';
import { getRecord, insertClaim } from '../../src/store/shared/idempotency.js';

describe.each(DIALECTS)('an idempotent enrollment of a new customer in one store call on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let db: Db;
  let companyId: string;
  beforeAll(async () => {
    db = database.db;
  });
  beforeEach(async () => {
    companyId = (await createCompany(db, `First run ${randomUUID()}`, new Date(AT))).companyId;
  });

  const hits = async () =>
    Number((await tables(db).rateLimits().where({ company_id: companyId, policy: 'first-run' }).first())?.hits ?? 0);
  const customers = async () =>
    Number((await tables(db).customers().where({ company_id: companyId }).count({ n: '*' }))[0].n);
  const calls = async () =>
    Number((await tables(db).scheduledCalls().where({ company_id: companyId }).count({ n: '*' }))[0].n);

  it('stores the enrollment, the completed record and the count together; one autocommit statement on Postgres', async () => {
    const seen: string[] = [];
    const listener = (q: { sql: string }) => seen.push(q.sql.trim().split(/\s+/)[0].toUpperCase());
    db.on('query', listener);
    let outcome;
    try {
      outcome = await writeEnrollment(db, companyId, enrollment('new'), { as: 'first-run', run: run('k-new') });
    } finally {
      db.removeListener('query', listener);
    }
    expect(outcome).toEqual({ committed: true, stored: true, hits: 1, windowEndsAt: NOW_MS + 60_000 });
    if (dialect === 'postgres') expect(seen).toEqual(['WITH']);
    else
      expect(seen.filter((s) => s === 'BEGIN;' || s === 'BEGIN' || s === 'COMMIT;' || s === 'COMMIT')).toHaveLength(2);
    const record = await getRecord(db, companyId, 'k-new');
    expect(record).toMatchObject({
      state: 'completed',
      operation: 'op',
      fingerprint: 'f'.repeat(64),
      responseStatus: 200,
      responseBody: { id: 'k-new', nested: [1, 'two'] },
      responseHeaders: { Deprecation: 'true' },
      lockToken: null,
      lockedUntil: null,
      createdAt: AT,
      expiresAt: '2027-01-07T15:04:05.678Z',
    });
    expect([await customers(), await calls(), await hits()]).toEqual([1, 1, 1]);
  });

  it('without a rate policy it stores the same and counts nothing', async () => {
    expect(
      await writeEnrollment(db, companyId, enrollment('uncounted'), {
        as: 'first-run',
        run: run('k-uncounted', false),
      }),
    ).toEqual({
      committed: true,
      stored: true,
      hits: 0,
      windowEndsAt: 0,
    });
    expect([await customers(), await hits()]).toEqual([1, 0]);
  });

  it.each([
    [
      'the key holds a completed record',
      async (cid: string) => {
        expect(
          await writeEnrollment(db, cid, enrollment('first'), { as: 'first-run', run: run('k-used') }),
        ).toMatchObject({ stored: true });
      },
    ],
    [
      'the key is claimed by a request still running',
      async (cid: string) => {
        expect(
          await insertClaim(db, cid, {
            key: 'k-used',
            operation: 'op',
            fingerprint: 'f'.repeat(64),
            lockToken: randomUUID(),
            lockedUntil: '2026-12-08T15:05:00.000Z',
            at: AT,
            expiresAt: '2027-01-07T15:04:05.678Z',
          }),
        ).toBe(true);
      },
    ],
  ])('only counts when %s: no customer, no calls, the record untouched', async (_, useKey) => {
    await useKey(companyId);
    const before = await getRecord(db, companyId, 'k-used');
    const [customersBefore, hitsBefore] = [await customers(), await hits()];
    expect(
      await writeEnrollment(db, companyId, enrollment('second'), { as: 'first-run', run: run('k-used') }),
    ).toMatchObject({
      committed: true,
      stored: false,
      hits: hitsBefore + 1,
    });
    expect(await getRecord(db, companyId, 'k-used')).toEqual(before);
    expect(await customers()).toBe(customersBefore);
    expect(await tables(db).customers().where({ company_id: companyId, id: 'second' }).first()).toBeUndefined();
  });

  it('only counts when the customer exists: its rows and the key stay as they were', async () => {
    expect(
      await writeEnrollment(db, companyId, enrollment('known'), { as: 'first-run', run: run('k-1') }),
    ).toMatchObject({ stored: true });
    expect(await writeEnrollment(db, companyId, enrollment('known'), { as: 'first-run', run: run('k-2') })).toEqual({
      committed: true,
      stored: false,
      hits: 2,
      windowEndsAt: NOW_MS + 60_000,
    });
    expect(await getRecord(db, companyId, 'k-2')).toBeNull();
    expect([await customers(), await calls()]).toEqual([1, 1]);
  });

  it('over the limit only the count commits', async () => {
    for (let i = 0; i < LIMIT; i++)
      expect(
        await writeEnrollment(db, companyId, enrollment(`c${i}`), { as: 'first-run', run: run(`k${i}`) }),
      ).toMatchObject({
        stored: true,
        hits: i + 1,
      });
    expect(await writeEnrollment(db, companyId, enrollment('over'), { as: 'first-run', run: run('k-over') })).toEqual({
      committed: true,
      stored: false,
      hits: LIMIT + 1,
      windowEndsAt: NOW_MS + 60_000,
    });
    expect(await getRecord(db, companyId, 'k-over')).toBeNull();
    expect([await customers(), await calls(), await hits()]).toEqual([LIMIT, LIMIT, LIMIT + 1]);
  });

  // Postgres only: SQLite has one writer, so no key can be stored between the check and the insert.
  if (dialect === 'postgres')
    it('a key stored by a concurrent transaction meanwhile undoes the whole statement, the count included', async () => {
      const other = await db.transaction();
      try {
        await insertClaim(other, companyId, {
          key: 'k-race',
          operation: 'op',
          fingerprint: 'e'.repeat(64),
          lockToken: randomUUID(),
          lockedUntil: '2026-12-08T15:05:00.000Z',
          at: AT,
          expiresAt: '2027-01-07T15:04:05.678Z',
        });
        const pending = writeEnrollment(db, companyId, enrollment('racer'), { as: 'first-run', run: run('k-race') });
        // The statement waits on the uncommitted key (primary key), then fails when the other commits.
        await blockedBy(db, other);
        await other.commit();
        expect(await pending).toEqual({ committed: false });
      } finally {
        if (!other.isCompleted()) await other.rollback();
      }
      expect((await getRecord(db, companyId, 'k-race'))?.fingerprint).toBe('e'.repeat(64));
      expect([await customers(), await calls(), await hits()]).toEqual([0, 0, 0]);
    });
});
