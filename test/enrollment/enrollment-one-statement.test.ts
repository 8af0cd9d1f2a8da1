import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { enrollment, run } from '../support/first-runs.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import type { CustomerFields } from '../../src/store/borrowers/customers.js';
import type { Db } from '../../src/store/shared/db.js';
import { type NewEnrollment, writeEnrollment } from '../../src/store/enrollment/enrollments.js';

const AT = '2026-12-08T15:04:05.678Z';
const TABLES = ['customers', 'applications', 'cadences', 'schedules', 'scheduled_calls'] as const;
/** Columns holding ids generated per enrollment: compared by role (which row they point to), not by value. */
const ID_COLUMNS = ['id', 'customer_id', 'application_id', 'cadence_id', 'schedule_id'];

const customer: CustomerFields = {
  firstName: 'Zoë "Q"',
  lastName: "O'Brien \\ \u00e9",
  email: null,
  birthday: '1990-02-28',
  ssnLastFour: '0123',
  language: null,
  timezone: 'America/New_York',
  phoneNumber: '+12125550100',
  streetAddress1: null,
  streetAddress2: null,
  city: null,
  state: null,
  zipCode: null,
  doNotCall: false,
  isTest: true,
  taskType: 'PendingLoanNewLead',
  externalMetadata: { source: 'lms', nested: { n: 1.5, list: [1, 'two', null, true] }, empty: '' },
  loanIds: [7, 8],
};

/** The rows an enrollment of `customerId` stores (`calls` calls, every column exercised); every id fresh. */
const storedEnrollment = (customerId: string, calls = 3): NewEnrollment =>
  enrollment(customerId, {
    customer,
    calls: (id, scheduleId) =>
      Array.from({ length: calls }, (_, i) => ({
        id: randomUUID(),
        customerId: id,
        scheduleId,
        loanId: i === 2 ? null : 'loan-1',
        taskType: 'PendingLoanNewLead',
        purpose: 'origination',
        scheduledTime: new Date(Date.parse(AT) + (i + 1) * 3_600_123).toISOString(),
        phoneNumber: '+12125550100',
        transferDestination: '+18005550199',
        step: `call-${i}`,
        stepIndex: i,
        fallback: i === 1,
        explanation:
          i === 0
            ? null
            : [
                {
                  rule: 'quiet-hours',
                  effect: 'moved',
                  message: `moved "${i}" \u2192 later`,
                  data: { from: AT, minutes: i * 7.25 },
                },
              ],
      })),
  });

/** Every stored row of the customer's enrollment, ids replaced by the role of the row they name. */
async function storedRows(db: Db, companyId: string, e: NewEnrollment): Promise<Record<string, unknown[]>> {
  const roles = new Map<string, string>([
    [e.customerId, 'customer'],
    [e.application.id, 'application'],
    [e.cadence.id, 'cadence'],
    [e.schedule.id, 'schedule'],
    ...e.calls.map((c, i) => [c.id, `call-${i}`] as [string, string]),
  ]);
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const column = table === 'customers' ? 'id' : 'customer_id';
    const rows = await db(table)
      .where({ company_id: companyId, [column]: e.customerId })
      .orderBy('id');
    out[table] = rows
      .map((r: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [
            k,
            ID_COLUMNS.includes(k) && v !== null ? (roles.get(String(v as string | number)) ?? v) : v,
          ]),
        ),
      )
      .sort((a: Record<string, unknown>, b: Record<string, unknown>) => String(a.id).localeCompare(String(b.id)));
  }
  return out;
}

describe.each(DIALECTS)('an enrollment of a new customer in one store call on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let companyId: string;
  beforeAll(async () => {
    companyId = (await createCompany(database.db, 'One statement', new Date(AT))).companyId;
  });

  it('stores the same rows in all five tables as the insert-per-table sequence', async () => {
    const old = storedEnrollment('old-way');
    const fresh = storedEnrollment('new-way');
    expect(await writeEnrollment(database.db, companyId, old, { as: 'one-by-one' })).toBe(true);
    expect(await writeEnrollment(database.db, companyId, fresh, { as: 'if-new' })).toBe(true);
    const before = await storedRows(database.db, companyId, old);
    const after = await storedRows(database.db, companyId, fresh);
    expect(before.scheduled_calls).toHaveLength(3);
    for (const table of TABLES) {
      // The customer's own id is the one value that differs by design.
      const strip = (rows: unknown[]) =>
        rows.map((r) => ({ ...(r as object), ...(table === 'customers' ? { id: 'customer' } : {}) }));
      expect(strip(after[table]), table).toEqual(strip(before[table]));
    }
  });

  it('first runs of one turn (one statement on Postgres) store the same rows as the insert-per-table sequence', async () => {
    const old = storedEnrollment('old-turn');
    const fresh = [storedEnrollment('turn-a'), storedEnrollment('turn-b')];
    expect(await writeEnrollment(database.db, companyId, old, { as: 'one-by-one' })).toBe(true);
    const outcomes = await Promise.all(
      fresh.map((e, i) => writeEnrollment(database.db, companyId, e, { as: 'first-run', run: run(`rows-${i}`) })),
    );
    expect(outcomes.map((o) => o.committed && o.stored)).toEqual([true, true]);
    const strip = (rows: Record<string, unknown[]>) =>
      Object.fromEntries(
        TABLES.map((t) => [
          t,
          rows[t].map((r) => ({ ...(r as object), ...(t === 'customers' ? { id: 'customer' } : {}) })),
        ]),
      );
    const before = strip(await storedRows(database.db, companyId, old));
    for (const e of fresh) expect(strip(await storedRows(database.db, companyId, e))).toEqual(before);
  });

  it('on Postgres it is one statement; the foreign keys between its rows hold', async () => {
    const seen: string[] = [];
    const listener = (q: { sql: string }) => seen.push(q.sql);
    database.db.on('query', listener);
    try {
      expect(await writeEnrollment(database.db, companyId, storedEnrollment('counted'), { as: 'if-new' })).toBe(true);
    } finally {
      database.db.removeListener('query', listener);
    }
    expect(seen.length).toBe(dialect === 'postgres' ? 1 : 5);
    const calls = await database
      .db('scheduled_calls as sc')
      .join('schedules as s', 's.id', 'sc.schedule_id')
      .join('cadences as c', 'c.id', 's.cadence_id')
      .join('applications as a', 'a.id', 'c.application_id')
      .where({ 'sc.company_id': companyId, 'a.customer_id': 'counted' })
      .count({ n: '*' });
    expect(Number(calls[0].n)).toBe(3);
  });

  it('writes nothing and answers false when the customer exists', async () => {
    const first = storedEnrollment('exists', 1);
    expect(await writeEnrollment(database.db, companyId, first, { as: 'if-new' })).toBe(true);
    const stored = await storedRows(database.db, companyId, first);
    const second = storedEnrollment('exists', 2);
    expect(
      await writeEnrollment(
        database.db,
        companyId,
        { ...second, customer: { ...customer, firstName: 'Other' } },
        { as: 'if-new' },
      ),
    ).toBe(false);
    expect(await storedRows(database.db, companyId, first)).toEqual(stored);
    const counts = await Promise.all(
      ['applications', 'cadences', 'schedules', 'scheduled_calls'].map(async (t) =>
        Number((await database.db(t).where({ company_id: companyId, customer_id: 'exists' }).count({ n: '*' }))[0].n),
      ),
    );
    expect(counts).toEqual([1, 1, 1, 1]);
  });

  it.each([
    [
      'a primary key already stored',
      (e: NewEnrollment, taken: NewEnrollment) => ({ ...e, cadence: { ...e.cadence, id: taken.cadence.id } }),
    ],
    [
      'a call of a schedule that does not exist',
      (e: NewEnrollment) => ({ ...e, calls: e.calls.map((c) => ({ ...c, scheduleId: randomUUID() })) }),
    ],
  ])('a failing child row (%s) leaves nothing behind, the customer included', async (_, spoil) => {
    const taken = storedEnrollment(`owner-${randomUUID()}`, 1);
    expect(await writeEnrollment(database.db, companyId, taken, { as: 'if-new' })).toBe(true);
    const clash = spoil(storedEnrollment('second-owner', 1), taken);
    const trx = await database.db.transaction();
    try {
      await expect(writeEnrollment(trx, companyId, clash, { as: 'if-new' })).rejects.toThrow(
        /constraint|UNIQUE|duplicate|foreign key/i,
      );
    } finally {
      await trx.rollback().catch(() => undefined);
    }
    expect(
      await tables(database.db).customers().where({ company_id: companyId, id: 'second-owner' }).first(),
    ).toBeUndefined();
  });
});
