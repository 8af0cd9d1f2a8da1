import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { AT, enrollment, LIMIT, NOW_MS, run } from '../support/first-runs.js';
import { blockedBy } from '../support/lock-waits.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import type { Db } from '../../src/store/shared/db.js';
import { writeEnrollment } from '../../src/store/enrollment/enrollments.js';
import { getRecord, insertClaim } from '../../src/store/shared/idempotency.js';

/**
 * First runs of concurrent idempotent enrollments go to Postgres as one statement per turn of the
 * event loop (store/enrollment-batches.ts); each request still gets the outcome it would have had
 * alone, in the order the requests came. On SQLite each runs alone, so the outcomes are the reference.
 */
describe.each(DIALECTS)('first runs of concurrent enrollments on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let db: Db;
  const statements: string[] = [];
  beforeAll(async () => {
    db = database.db;
    db.on('query', (q: { sql: string }) => statements.push(q.sql));
  });

  const company = async () => (await createCompany(db, `Turn ${randomUUID()}`, new Date(AT))).companyId;
  const hits = async (companyId: string) =>
    Number((await tables(db).rateLimits().where({ company_id: companyId, policy: 'first-run' }).first())?.hits ?? 0);
  const customerIds = async (companyId: string) =>
    (await tables(db).customers().where({ company_id: companyId }).orderBy('id').pluck('id')).map(String);
  const callsOf = async (companyId: string) =>
    Number((await tables(db).scheduledCalls().where({ company_id: companyId }).count({ n: '*' }))[0].n);
  const batchStatements = () => statements.filter((s) => s.includes('jsonb_to_recordset')).length;

  it('twelve requests of three companies: each counted in its own window in request order, the first LIMIT of each stored; one statement on Postgres, one transaction on SQLite', async () => {
    const companies = [await company(), await company(), await company()];
    statements.length = 0;
    const requests = Array.from({ length: 12 }, (_, i) => ({
      companyId: companies[i % 3],
      customerId: `cust-${i}`,
      key: `key-${i}`,
    }));
    const outcomes = await Promise.all(
      requests.map((r) =>
        writeEnrollment(db, r.companyId, enrollment(r.customerId), { as: 'first-run', run: run(r.key) }),
      ),
    );
    expect(outcomes.map((o) => o.committed && [o.stored, o.hits, o.windowEndsAt])).toEqual(
      requests.map((_, i) => [i < 3 * LIMIT, Math.floor(i / 3) + 1, NOW_MS + 60_000]),
    );
    if (dialect === 'postgres') expect(batchStatements()).toBe(1);
    else expect(statements.filter((q) => q.startsWith('BEGIN'))).toHaveLength(1);
    for (const [c, companyId] of companies.entries()) {
      const stored = requests
        .filter((r, i) => r.companyId === companyId && i < 3 * LIMIT)
        .map((r) => r.customerId)
        .sort();
      expect(await customerIds(companyId)).toEqual(stored);
      expect([await callsOf(companyId), await hits(companyId)], `company ${c}`).toEqual([LIMIT, LIMIT + 1]);
      for (const r of requests.filter((x) => x.companyId === companyId)) {
        expect((await getRecord(db, companyId, r.key))?.responseBody ?? null).toEqual(
          stored.includes(r.customerId) ? { id: r.key, nested: [1, 'two'] } : null,
        );
      }
    }
  });

  it("the same key or customer twice in one turn: the later request sees the earlier one's rows, as if it came after it", async () => {
    const companyId = await company();
    const other = await company();
    statements.length = 0;
    const outcomes = await Promise.all([
      writeEnrollment(db, companyId, enrollment('first'), { as: 'first-run', run: run('k-1') }),
      writeEnrollment(db, companyId, enrollment('second'), { as: 'first-run', run: run('k-1') }), // the key again
      writeEnrollment(db, companyId, enrollment('first'), { as: 'first-run', run: run('k-2') }), // the customer again
      writeEnrollment(db, other, enrollment('first'), { as: 'first-run', run: run('k-1') }), // both again, in another company: its own
    ]);
    expect(outcomes).toEqual([
      { committed: true, stored: true, hits: 1, windowEndsAt: NOW_MS + 60_000 },
      { committed: true, stored: false, hits: 2, windowEndsAt: NOW_MS + 60_000 },
      { committed: true, stored: false, hits: 3, windowEndsAt: NOW_MS + 60_000 },
      { committed: true, stored: true, hits: 1, windowEndsAt: NOW_MS + 60_000 },
    ]);
    if (dialect === 'postgres') expect(batchStatements()).toBe(2);
    expect(await customerIds(companyId)).toEqual(['first']);
    expect(await getRecord(db, companyId, 'k-2')).toBeNull();
    expect([await callsOf(companyId), await hits(companyId), await customerIds(other)]).toEqual([1, 3, ['first']]);
  });

  it("a window that has ended restarts at the turn's first request", async () => {
    const companyId = await company();
    await tables(db)
      .rateLimits()
      .insert({ company_id: companyId, policy: 'first-run', hits: 50, window_ends_at: NOW_MS });
    const outcomes = await Promise.all(
      ['a', 'b'].map((id) => writeEnrollment(db, companyId, enrollment(id), { as: 'first-run', run: run(`k-${id}`) })),
    );
    expect(outcomes).toEqual(
      [1, 2].map((n) => ({ committed: true, stored: true, hits: n, windowEndsAt: NOW_MS + 60_000 })),
    );
  });

  it('a request whose rows the database refuses fails alone; the others of its turn are stored and counted', async () => {
    const companyId = await company();
    const refused = enrollment('refused');
    const outcomes = await Promise.allSettled([
      writeEnrollment(db, companyId, enrollment('ok-1'), { as: 'first-run', run: run('k-ok-1') }),
      writeEnrollment(
        db,
        companyId,
        { ...refused, application: { ...refused.application, customerId: 'nobody' } },
        { as: 'first-run', run: run('k-refused') },
      ),
      writeEnrollment(db, companyId, enrollment('ok-2'), { as: 'first-run', run: run('k-ok-2') }),
    ]);
    expect(outcomes[1]).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/foreign key/i) },
    });
    expect(outcomes.map((o) => o.status === 'fulfilled' && o.value.committed && o.value.stored)).toEqual([
      true,
      false,
      true,
    ]);
    expect(await customerIds(companyId)).toEqual(['ok-1', 'ok-2']);
    expect(await getRecord(db, companyId, 'k-refused')).toBeNull();
    // The refused request's count went with its writes.
    expect(await hits(companyId)).toBe(2);
  });

  // Postgres only: SQLite has one writer, so no key can be stored between the check and the insert.
  if (dialect === 'postgres')
    it('a key stored by another transaction meanwhile undoes only its own request', async () => {
      const companyId = await company();
      const other = await db.transaction();
      let outcomes;
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
        const pending = Promise.all([
          writeEnrollment(db, companyId, enrollment('calm-1'), { as: 'first-run', run: run('k-calm-1') }),
          writeEnrollment(db, companyId, enrollment('racer'), { as: 'first-run', run: run('k-race') }),
          writeEnrollment(db, companyId, enrollment('calm-2'), { as: 'first-run', run: run('k-calm-2') }),
        ]);
        await blockedBy(db, other); // the statement waits on the uncommitted key
        await other.commit();
        outcomes = await pending;
      } finally {
        if (!other.isCompleted()) await other.rollback();
      }
      expect(outcomes.map((o) => o.committed && o.stored)).toEqual([true, false, true]);
      // Run again alone, it finds the key stored (only counted) or loses the race again (nothing
      // written; the caller's claim path counts it): counted once either way.
      const racer = outcomes[1];
      expect(await customerIds(companyId)).toEqual(['calm-1', 'calm-2']);
      expect((await getRecord(db, companyId, 'k-race'))?.fingerprint).toBe('e'.repeat(64));
      expect(await hits(companyId)).toBe(racer.committed ? 3 : 2);
    });
});
