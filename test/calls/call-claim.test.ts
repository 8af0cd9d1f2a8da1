import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../src/domain/companies/companies.js';
import { claimDueCalls } from '../../src/store/calls/call-dispatch.js';
import type { Db } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const NOW = '2026-11-26T15:00:00.000Z';
const minutesAgo = (m: number) => new Date(Date.parse(NOW) - m * 60_000).toISOString();

/**
 * The dial claim's order (src/store/calls/call-dispatch.ts): every company's oldest due call before
 * anyone's second, oldest companies first, never past a company's room, and a company without room
 * never holds a place another company could use. On Postgres each case runs with the default scan
 * of due calls (it settles the batch), a scan of 5 (it settles some cases and not others) and a scan
 * of 1 (too short: every company's oldest call is read): each way claims the same calls.
 */
const CASES = DIALECTS.flatMap((dialect) =>
  (dialect === 'postgres' ? [undefined, 5, 1] : [undefined]).map((scan) => [dialect, scan] as const),
);

describe.each(CASES)('dial claim on %s, scan %s', (dialect, scan) => {
  const database = useTestDatabase(dialect);
  let db: Db;
  beforeAll(async () => {
    db = database.db;
  });

  /** A company with calls due `ages` minutes ago (and `dialing` calls in progress), each its own customer. */
  async function company(name: string, ages: number[], dialing = 0, maxConcurrentCalls?: number): Promise<string> {
    const { companyId } = await createCompany(db, name, new Date(NOW));
    if (maxConcurrentCalls !== undefined)
      await tables(db)
        .companies()
        .where({ id: companyId })
        .update({ config: JSON.stringify({ calls: { maxConcurrentCalls } }) });
    const statuses = [
      ...ages.map((age) => ({ age, status: 'pending' })),
      ...Array.from({ length: dialing }, () => ({ age: 1, status: 'dialing' })),
    ];
    for (const [i, { age, status }] of statuses.entries()) {
      const customerId = `c-${i}`;
      const scheduleId = randomUUID();
      await tables(db).customers().insert({
        company_id: companyId,
        id: customerId,
        first_name: 'A',
        last_name: 'B',
        created_at: NOW,
        updated_at: NOW,
      });
      await tables(db).schedules().insert({
        id: scheduleId,
        company_id: companyId,
        customer_id: customerId,
        channel: 'call',
        source: 'replace',
        task_type: 'PendingLoanNewLead',
        cadence: 'x',
        status: 'active',
        created_at: NOW,
        updated_at: NOW,
      });
      await tables(db)
        .scheduledCalls()
        .insert({
          id: randomUUID(),
          company_id: companyId,
          customer_id: customerId,
          schedule_id: scheduleId,
          task_type: 'PendingLoanNewLead',
          purpose: 'origination',
          scheduled_time: minutesAgo(age),
          phone_number: '+12127365000',
          transfer_destination: '',
          step: 'x',
          step_index: 0,
          fallback: false,
          status,
          post_processing_flags: '[]',
          created_at: NOW,
          updated_at: NOW,
        });
    }
    return companyId;
  }

  async function reset(): Promise<void> {
    for (const table of ['scheduled_calls', 'schedules', 'customers']) await db(table).del();
    await tables(db)
      .apiKeys()
      .del()
      .catch(() => undefined);
    await tables(db).companies().del();
  }

  it("takes every company's oldest due call before anyone's second, oldest first", async () => {
    await reset();
    const a = await company('A', [50, 40, 30]);
    const b = await company('B', [45, 35]);
    const claimed = await claimDueCalls(db, NOW, { batch: 3, defaultConcurrency: 10, scan });
    expect(claimed.map((c) => c.companyId).sort()).toEqual([a, a, b].sort());
    const times = await tables(db)
      .scheduledCalls()
      .where({ status: 'dialing' })
      .orderBy('scheduled_time')
      .pluck('scheduled_time');
    expect(times.map((t: string | Date) => new Date(t).toISOString())).toEqual([
      minutesAgo(50),
      minutesAgo(45),
      minutesAgo(40),
    ]);
  });

  it('fills the batch from a company with many due calls once the others have given their all', async () => {
    await reset();
    const a = await company('A', [60, 55, 50, 45, 40, 35, 30, 25, 20, 15]);
    const b = await company('B', [58]);
    // Round-robin: A, B, then A's next three; the claim reads at most batch - companies + 1 = 4 of A's.
    const claimed = await claimDueCalls(db, NOW, { batch: 5, defaultConcurrency: 10, scan });
    expect(claimed.map((c) => c.companyId).sort()).toEqual([a, a, a, a, b].sort());
  });

  it('with more companies than the batch, one call each from the companies whose oldest call is oldest', async () => {
    await reset();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await company(`C${i}`, [100 - i, 10]));
    const claimed = await claimDueCalls(db, NOW, { batch: 5, defaultConcurrency: 10, scan });
    expect(claimed.map((c) => c.companyId).sort()).toEqual(ids.slice(0, 5).sort());
  });

  it("never claims past a company's room, and a full company does not hold a place from another", async () => {
    await reset();
    const full: string[] = [];
    for (let i = 0; i < 4; i++) full.push(await company(`Full${i}`, [200 + i], 2, 2)); // oldest calls, no room
    const halfFull = await company('Half', [100, 90, 80], 1, 2); // room for one
    const open = await company('Open', [50, 40]);
    const claimed = await claimDueCalls(db, NOW, { batch: 4, defaultConcurrency: 10, scan });
    expect(claimed.map((c) => c.companyId).sort()).toEqual([halfFull, open, open].sort());
    expect(claimed.some((c) => full.includes(c.companyId))).toBe(false);
  });

  it('among companies whose oldest due calls share a time, the one whose call id is lowest goes first', async () => {
    await reset();
    for (let i = 0; i < 6; i++) await company(`T${i}`, [30, 20]);
    const firstIds = await tables(db)
      .scheduledCalls()
      .where({ scheduled_time: minutesAgo(30) })
      .orderBy('id')
      .pluck('company_id');
    const claimed = await claimDueCalls(db, NOW, { batch: 3, defaultConcurrency: 10, scan });
    expect(claimed.map((c) => c.companyId).sort()).toEqual(firstIds.slice(0, 3).sort());
  });

  it.runIf(dialect === 'postgres' && scan === undefined)(
    "reads every company's oldest call only when the scan of due calls cannot settle the batch",
    async () => {
      await reset();
      for (let i = 0; i < 6; i++) await company(`P${i}`, [30 + i]);
      expect(await companiesProbed({ batch: 3, defaultConcurrency: 10 })).toBe(false);
      expect(await companiesProbed({ batch: 3, defaultConcurrency: 10, scan: 2 })).toBe(true);
    },
  );

  /** Whether the claim's plan ran its every-company branch (EXPLAIN ANALYZE, rolled back). */
  async function companiesProbed(limits: {
    batch: number;
    defaultConcurrency: number;
    scan?: number;
  }): Promise<boolean> {
    const statements: Array<{ sql: string; bindings: unknown[] }> = [];
    const capture = (q: { sql: string; bindings: unknown[] }) => statements.push(q);
    let probed: boolean | undefined;
    await db
      .transaction(async (trx) => {
        db.on('query', capture);
        await trx
          .transaction(async (inner) => {
            await claimDueCalls(inner, NOW, limits);
            throw new Error('rollback');
          })
          .catch(() => undefined);
        db.off('query', capture);
        const claim = statements.find((q) => q.sql.includes('every_company'))!;
        const result = await trx.raw(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${claim.sql.replace(/\$\d+/g, '?')}`,
          claim.bindings as never,
        );
        const loops: number[] = [];
        const walk = (node: Record<string, unknown>) => {
          if (node['Alias'] === 'every_company') loops.push(Number(node['Actual Loops']));
          for (const child of (node['Plans'] as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
        };
        walk(result.rows[0]['QUERY PLAN'][0].Plan);
        expect(loops).toHaveLength(1);
        probed = loops[0] > 0;
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        db.off('query', capture);
        if (err.message !== 'rollback') throw err;
      });
    return probed!;
  }
});
