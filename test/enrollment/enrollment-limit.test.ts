import { beforeAll, describe, expect, it } from 'vitest';
import { enrollmentBody } from '../../bench/bodies.js';
import { rawEnrollments, storedEnrollment, writesOf, type EnrollmentTemplate } from '../../bench/enrollment-limit.js';
import { countPerRequest, type StatementCount } from '../../bench/statements.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/**
 * What one enrollment of a new customer costs the database, pinned: statements, commits and round
 * trips (a change adding one fails here), the rows and index entries it writes, and the bench's raw
 * SQL of the same rows (bench/enrollment-limit.ts) at a tiny count.
 */
const EXPECTED = {
  // SQLite: the API-key revision read, BEGIN, the rate count, six inserts, COMMIT.
  sqlite: { statements: 8, commits: 1, roundTrips: 10 },
  // Postgres: the turn's one data-modifying statement (pg-enrollments.ts), its own commit.
  postgres: { statements: 1, commits: 1, roundTrips: 1 },
};
/** A PendingLoanNewLead enrollment (bench/bodies.ts): 5 scheduled calls; each call row 6 index entries (the two dialing indexes hold none). */
const WRITES = [
  { table: 'customers', rows: 1, entries: 1 },
  { table: 'applications', rows: 1, entries: 2 },
  { table: 'cadences', rows: 1, entries: 4 },
  { table: 'schedules', rows: 1, entries: 2 },
  { table: 'scheduled_calls', rows: 5, entries: 30 },
  { table: 'idempotency_records', rows: 1, entries: 2 },
];

describe.each(DIALECTS)('one enrollment on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let counted: StatementCount;
  let template: EnrollmentTemplate;
  beforeAll(async () => {
    counted = await countPerRequest(
      database.db,
      (key, i) => ({
        path: '/customers/schedule/sync',
        headers: { 'X-API-Key': key, 'Idempotency-Key': `count-${i}` },
        body: enrollmentBody(`count-${i}`, i + 1),
      }),
      3,
    );
    template = await storedEnrollment(database.db, counted.companyId, 'count-0', 'count-0');
  }, 60_000);

  it('takes the pinned statements, commits and round trips', () => {
    expect({ statements: counted.statements, commits: counted.commits, roundTrips: counted.roundTrips }).toEqual(
      EXPECTED[dialect],
    );
  });

  it('writes one customer, application, cadence, schedule and record, its calls, and their index entries', async () => {
    const writes = await writesOf(database.db, template);
    expect(writes.map(({ table, rows, entries }) => ({ table, rows, entries }))).toEqual(WRITES);
    expect(template.rate).not.toBeNull();
  });

  it('stores the same rows again as raw SQL, batched, with the rate count', async () => {
    const count = async () => {
      const out: Record<string, number> = {};
      for (const { table } of WRITES)
        out[table] = Number((await database.db(table).where({ company_id: counted.companyId }).count({ n: '*' }))[0].n);
      const rates = await tables(database.db).rateLimits().where({ company_id: counted.companyId });
      return { rows: out, hits: rates.reduce((n: number, r: { hits: number }) => n + Number(r.hits), 0) };
    };
    const before = await count();
    const result = await rawEnrollments(database.db, template, { perBatch: 2, concurrency: 2, count: 5 });
    expect(result.enrollments).toBe(5);
    const after = await count();
    for (const w of WRITES) expect(after.rows[w.table] - before.rows[w.table], w.table).toBe(5 * w.rows);
    expect(after.hits - before.hits).toBe(5);
  });
});
