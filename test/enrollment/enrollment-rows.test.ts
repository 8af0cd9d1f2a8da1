import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, getCompanyConfig } from '../../src/domain/companies/companies.js';
import {
  enrollKnownOrRefused,
  type EnrollmentResult,
  executeEnrollment,
  planNewEnrollment,
  prepareEnrollment,
} from '../../src/domain/enrollment/enroll.js';
import type { EnrollmentInput } from '../../src/domain/enrollment/enrollment-input.js';
import { validateEnrollmentBody } from '../../src/domain/enrollment/validate.js';
import type { CompanyContext } from '../../src/domain/shared/context.js';
import { UnprocessableError } from '../../src/domain/shared/errors.js';
import { writeEnrollment } from '../../src/store/enrollment/enrollments.js';
import type { Db } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, NOW } from '../support/enrollment.js';
import { run } from '../support/first-runs.js';
import { useTestDatabase } from '../support/suite.js';

const SUNSET = new Date('2026-10-25T00:00:00Z');
const TABLES = ['customers', 'applications', 'cadences', 'schedules', 'scheduled_calls'] as const;
type Table = (typeof TABLES)[number];
type Rows = Record<Table, Array<Record<string, unknown>>>;

/** One way an enrollment of a new customer reaches the database; each answers the result it would send. */
type Path = (ctx: CompanyContext, input: EnrollmentInput, key: string) => Promise<EnrollmentResult>;

/**
 * Every path that can write a new customer's enrollment. The first two are the engine's fast paths
 * (one statement on Postgres: a turn's first runs, and the in-transaction one-statement CTE; on SQLite
 * a transaction of prepared statements and one insert per table), the third the insert-per-table
 * sequence, the last the claim-first path taken after the idempotency claim when the fast path did
 * not apply (here called directly, as for a customer the fast path did not find).
 */
const PATHS: Array<[string, Path]> = [
  [
    'the per-turn first-run statement',
    async (ctx, input, key) => {
      const fresh = planNewEnrollment(ctx, input)!;
      expect(
        await writeEnrollment(ctx.db, ctx.companyId, fresh.enrollment, { as: 'first-run', run: run(key, false) }),
      ).toMatchObject({
        committed: true,
        stored: true,
      });
      return fresh.result;
    },
  ],
  [
    "writeEnrollment as 'if-new' (executeEnrollment in a transaction)",
    (ctx, input) => ctx.db.transaction((trx) => executeEnrollment({ ...ctx, db: trx }, input)),
  ],
  [
    "writeEnrollment as 'one-by-one'",
    async (ctx, input) => {
      const fresh = planNewEnrollment(ctx, input)!;
      expect(await writeEnrollment(ctx.db, ctx.companyId, fresh.enrollment, { as: 'one-by-one' })).toBe(true);
      return fresh.result;
    },
  ],
  [
    'claim-first (enrollKnownOrRefused in a transaction)',
    (ctx, input) => ctx.db.transaction((trx) => enrollKnownOrRefused({ ...ctx, db: trx }, input)),
  ],
];

/** Requests whose rows use every column the enrollment writes: optional fields, JSON explanations, fallback calls, both task types. */
const REQUESTS: Array<[string, Record<string, unknown>]> = [
  [
    'a new lead with every optional field',
    {
      firstName: 'Zoë "Q"',
      lastName: "O'Brien \\ \u00e9",
      birthday: '1990-02-28',
      ssnLastFour: '0123',
      isTest: true,
      daysInApplied: 400,
    },
  ],
  [
    'a returning borrower paid off 45 days ago, with a mobile phone',
    { taskType: 'PendingLoanReturning', daysSincePaidOff: 45, mobilePhone: '917-555-0100' },
  ],
  [
    'a returning borrower with only a mobile phone (a fallback call)',
    { taskType: 'PendingLoanReturning', phoneNumber: undefined, mobilePhone: '(704) 555-0188' },
  ],
  ['a one-off call', { taskType: 'PendingLoanReturning', oneOff: true, loanId: 'loan-\u00e9-9' }],
];

/**
 * The stored rows of the customer's enrollment, in a fixed order (calls by time and step), with every
 * id this enrollment generated (and every column naming one) replaced by the role of its row; `ids`
 * maps the roles back to the stored ids.
 */
async function storedRows(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<{ rows: Rows; ids: Map<string, string> }> {
  const of = (table: Table) =>
    db(table).where({ company_id: companyId, [table === 'customers' ? 'id' : 'customer_id']: customerId });
  const raw = {
    customers: await of('customers'),
    applications: await of('applications'),
    cadences: await of('cadences'),
    schedules: await of('schedules'),
    scheduled_calls: await of('scheduled_calls').orderBy([{ column: 'scheduled_time' }, { column: 'step_index' }]),
  };
  const roles = new Map<unknown, string>([[customerId, 'customer']]);
  for (const table of TABLES) if (table !== 'customers') raw[table].forEach((r, i) => roles.set(r.id, `${table}-${i}`));
  const rows = Object.fromEntries(
    TABLES.map((table) => [
      table,
      raw[table].map((r) =>
        Object.fromEntries(Object.entries(r).map(([column, value]) => [column, roles.get(value) ?? value])),
      ),
    ]),
  ) as Rows;
  return { rows, ids: new Map([...roles].map(([id, role]) => [role, String(id)])) };
}

describe.each(DIALECTS)('one builder for the rows of an enrollment, on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let ctx: CompanyContext;
  beforeAll(async () => {
    const { companyId } = await createCompany(database.db, 'Enrollment rows', NOW);
    ctx = {
      db: database.db,
      companyId,
      config: await getCompanyConfig(database.db, companyId),
      now: NOW,
      testAliasSunset: SUNSET,
    };
  });

  const inputOf = (customerId: string, overrides: Record<string, unknown>) =>
    prepareEnrollment(
      ctx,
      validateEnrollmentBody(JSON.parse(JSON.stringify(enrollBody({ id: customerId, ...overrides })))),
    );

  it.each(REQUESTS)(
    '%s: every path stores the same rows in all five tables, column by column',
    async (name, overrides) => {
      const tag = REQUESTS.findIndex(([n]) => n === name);
      const stored: Array<{ path: string; rows: Rows }> = [];
      for (const [p, [path, enroll]] of PATHS.entries()) {
        const customerId = `rows-${tag}-${p}`;
        const input = inputOf(customerId, overrides);
        expect(planNewEnrollment(ctx, input), 'a new customer the fast path can plan').not.toBeNull();
        const result = await enroll(ctx, input, `key-${tag}-${p}`);
        const { rows, ids } = await storedRows(ctx.db, ctx.companyId, customerId);
        // The answer names the rows stored.
        expect(result.receipt, path).toMatchObject({
          status: 'scheduled',
          customerId,
          scheduleId: ids.get('schedules-0'),
          scheduledCallId: ids.get('scheduled_calls-0'),
          scheduledCallCount: rows.scheduled_calls.length,
        });
        stored.push({ path, rows });
      }

      const [reference, ...others] = stored;
      for (const table of TABLES) if (table !== 'scheduled_calls') expect(reference.rows[table], table).toHaveLength(1);
      expect(reference.rows.scheduled_calls.length).toBeGreaterThan(0);
      for (const { path, rows } of others) {
        for (const table of TABLES) {
          const where = `${table} via ${path} (vs ${reference.path})`;
          expect(rows[table].length, where).toBe(reference.rows[table].length);
          rows[table].forEach((row, i) => {
            const expected = reference.rows[table][i];
            expect(Object.keys(row).sort(), `${where}: columns of row ${i}`).toEqual(Object.keys(expected).sort());
            for (const column of Object.keys(expected))
              expect(row[column], `${where}: row ${i}, ${column}`).toEqual(expected[column]);
          });
        }
      }
    },
  );

  it('claim-first, a plan refused for a new customer throws its failure before anything is written', async () => {
    // A zone the request rules would refuse, to reach the scheduler's own refusal.
    const input = { ...inputOf('refused', {}), timezone: 'Not/A_Zone' };
    expect(planNewEnrollment(ctx, input)).toBeNull();
    const seen: string[] = [];
    const listener = (q: { sql: string }) => seen.push(q.sql.trim().split(/\s+/)[0].toLowerCase());
    ctx.db.on('query', listener);
    try {
      await expect(ctx.db.transaction((trx) => executeEnrollment({ ...ctx, db: trx }, input))).rejects.toThrow(
        UnprocessableError,
      );
    } finally {
      ctx.db.removeListener('query', listener);
    }
    expect(seen.filter((s) => s === 'insert')).toEqual([]);
    for (const table of TABLES) {
      const column = table === 'customers' ? 'id' : 'customer_id';
      expect(
        await ctx
          .db(table)
          .where({ company_id: ctx.companyId, [column]: 'refused' })
          .first(),
        table,
      ).toBeUndefined();
    }
  });
});
