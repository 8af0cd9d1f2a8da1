import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { baselineScale, fillVolume, type FillStep } from '../../bench/volume/fill.js';
import { measureSweep } from '../../bench/volume/sweep.js';
import { issueApiKey } from '../../src/domain/companies/api-keys.js';
import { claimDueCalls } from '../../src/store/calls/call-dispatch.js';
import { startTestService, type TestService } from '../support/service.js';
import { useTestDatabase, withTestDatabase, type SuiteDatabase } from '../support/suite.js';
import type { TableName } from '../support/tables.js';

const NOW = new Date('2026-11-26T00:00:00.000Z');

/**
 * The volume data set (`npm run bench:volume`) at scale 0.001: the row counts the scale asks for,
 * every constraint of the migrated schema holds (the inserts would fail otherwise), the same seed
 * gives the same data, and the application's own reads and the dial claim work on it.
 */
describe.runIf(process.env.TEST_POSTGRES_URL)('volume data set on postgres', () => {
  const database = useTestDatabase('postgres');
  let t: TestService;
  let steps: FillStep[];
  const rows = (table: TableName) => steps.find((s) => s.table === table)!.rows;

  let indexesBefore: string[];
  let constraintsBefore: string[];
  const indexes = async (db: SuiteDatabase['db']) =>
    (await db.raw(`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`)).rows.map(
      (r: { indexdef: string }) => r.indexdef,
    );
  const constraints = async (db: SuiteDatabase['db']) =>
    (
      await db.raw(`SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS c FROM pg_constraint
      WHERE connamespace = current_schema()::regnamespace ORDER BY 1`)
    ).rows.map((r: { c: string }) => r.c);

  beforeAll(async () => {
    indexesBefore = await indexes(database.db);
    constraintsBefore = await constraints(database.db);
    steps = await fillVolume(database.db, { scale: 0.001, seed: 0.42, now: NOW });
    t = await startTestService(database.db, { now: () => NOW, workers: false });
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('has the counts of the scale, with a few large companies', async () => {
    expect(rows('companies')).toBe(2);
    expect(rows('customers')).toBe(2000);
    expect(rows('loans')).toBe(2000);
    expect(rows('scheduled_calls')).toBe(10_000);
    // Half the scheduled calls were dialed, but for the last days' customers whose calls are ahead.
    expect(rows('calls')).toBeGreaterThan(4800);
    expect(rows('calls')).toBeLessThanOrEqual(5000);
    expect(rows('call_events')).toBe(2 * rows('calls'));
    expect(rows('scheduled_messages')).toBe(2000);
    expect(rows('idempotency_records')).toBe(1000);
    expect(rows('webhook_deliveries')).toBeGreaterThan(1900);
    const db = database.db;
    const [{ count }] = (
      await db.raw(
        `SELECT count(*)::int AS count FROM scheduled_calls WHERE status = 'pending' AND scheduled_time > ?`,
        [NOW.toISOString()],
      )
    ).rows;
    expect(count).toBeGreaterThan(0);
    const sizes = (
      await db.raw('SELECT company_id, count(*)::int AS n FROM customers GROUP BY company_id ORDER BY n DESC')
    ).rows;
    expect(sizes[0].n).toBeGreaterThan(sizes[1].n * 2);
    const [{ months }] = (
      await db.raw(`SELECT count(DISTINCT date_trunc('month', "timestamp"))::int AS months FROM calls`)
    ).rows;
    expect(months).toBeGreaterThanOrEqual(13);
  });

  it('leaves the schema with the keys, indexes and foreign keys the migrations made (all made again after the fill)', async () => {
    expect(await indexes(database.db)).toEqual(indexesBefore);
    expect(await constraints(database.db)).toEqual(constraintsBefore);
    expect(constraintsBefore.filter((c) => c.includes('FOREIGN KEY')).length).toBeGreaterThan(20);
    expect(indexesBefore.some((d) => d.includes('scheduled_calls_due_idx'))).toBe(true);
  });

  it('the same seed gives the same data', async () => {
    await withTestDatabase('postgres', async (again) => {
      await fillVolume(again.db, { scale: 0.001, seed: 0.42, now: NOW });
      const digest = async (db: SuiteDatabase['db']) =>
        (
          await db.raw(
            `SELECT md5(string_agg(company_id || id || created_at::text, ',' ORDER BY id)) AS d FROM customers`,
          )
        ).rows[0].d;
      expect(await digest(again.db)).toBe(await digest(database.db));
    });
  }, 120_000);

  it('a baseline keeps the companies it is given and has the last days of history at the same daily volume', async () => {
    await withTestDatabase('postgres', async (baseline) => {
      await fillVolume(baseline.db, { scale: baselineScale(0.001, 79), seed: 0.42, now: NOW, companies: 40, days: 79 });
      const count = async (table: TableName, where = 'true') =>
        Number((await baseline.db.raw(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)).rows[0].n);
      expect([await count('companies'), await count('customers')]).toEqual([40, 400]);
      const days = `created_at >= '${new Date(NOW.getTime() - 79 * 86_400_000).toISOString()}'`;
      expect(await count('customers', days)).toBe(400);
      // The full data set's last 79 days hold about as many customers (a fifth of 2,000).
      const recent = Number((await database.db.raw(`SELECT count(*) AS n FROM customers WHERE ${days}`)).rows[0].n);
      expect(recent).toBeGreaterThan(300);
      expect(recent).toBeLessThan(500);
    });
  }, 120_000);

  it("the application's reads work on it: customer, lists by offset and cursor, scheduled call, call", async () => {
    const db = database.db;
    const top = (
      await db.raw(
        `SELECT company_id, customer_id FROM calls GROUP BY company_id, customer_id ORDER BY count(*) DESC, customer_id LIMIT 1`,
      )
    ).rows[0];
    const { apiKey } = await issueApiKey(db, top.company_id, NOW);
    const get = (path: string) => t.call('GET', path, { key: apiKey });
    expect((await get(`/customers/${top.customer_id}`)).status).toBe(200);
    const calls = await get(`/calls/customer/${top.customer_id}?limit=1`);
    expect(calls.status).toBe(200);
    expect(calls.body).toHaveLength(1);
    const next = await get(`/calls/customer/${top.customer_id}?limit=1&cursor=${calls.headers.get('next-cursor')}`);
    expect(next.status).toBe(200);
    expect((await get(`/calls/${calls.body[0].id}`)).status).toBe(200);
    const scheduled = await get(`/scheduled-calls/customer/${top.customer_id}`);
    expect(scheduled.body).toHaveLength(5);
    expect((await get(`/scheduled-calls/${scheduled.body[0].id}`)).body.status).toBe('completed');
    const messaged = (
      await db.raw(
        `SELECT customer_id, channel FROM scheduled_messages WHERE company_id = ? AND status IN ('sent', 'delivered') LIMIT 1`,
        [top.company_id],
      )
    ).rows[0];
    const list = await get(
      messaged.channel === 'email' ? `/emails/${messaged.customer_id}` : `/texts/${messaged.customer_id}`,
    );
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(t.violations).toEqual([]);
  });

  it('the dial claim takes the calls due in the coming days', async () => {
    const claimed = await claimDueCalls(database.db, new Date(NOW.getTime() + 3 * 86_400_000).toISOString(), {
      batch: 50,
      defaultConcurrency: 10,
    });
    expect(claimed.length).toBeGreaterThan(0);
    expect(claimed.length).toBeLessThanOrEqual(20);
  });

  // Last: it deletes the data set's oldest month.
  it('the sweep measurement deletes the oldest month and every expired record, and times each delete', async () => {
    const db = database.db;
    const count = async (sql: string) => Number((await db.raw(sql)).rows[0].n);
    const cutoff = new Date(NOW.getTime() - 365 * 86_400_000).toISOString();
    const old = `SELECT count(*) AS n FROM scheduled_calls WHERE status IN ('completed', 'failed', 'skipped', 'cancelled') AND updated_at < '${cutoff}'`;
    const oldBefore = await count(old);
    expect(oldBefore).toBeGreaterThan(0);
    const before = await count('SELECT count(*) AS n FROM scheduled_calls');
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    try {
      await measureSweep(db, NOW);
    } finally {
      log.mockRestore();
    }
    // Only calls on a debt quiet since the cutoff go (12 CFR 1006.100(a)), and a call's recording
    // first goes on its own three-year clock (b): old calls of active debts, or with a recording, stay.
    expect(await count(old)).toBeLessThan(oldBefore);
    expect(await count('SELECT count(*) AS n FROM scheduled_calls')).toBeLessThan(before);
    expect(await count('SELECT count(*) AS n FROM idempotency_records')).toBe(0);
    const table = printed.join('\n');
    expect(table).toMatch(/\| scheduled_calls \| \d+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \|/);
    expect(table).toMatch(/\| idempotency_records \| \d+ \|/);
  }, 120_000);
});
