import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../src/domain/companies/companies.js';
import { claimDueCalls } from '../../src/store/calls/call-dispatch.js';
import {
  accountSlotsHeld,
  addVoiceAccount,
  getVoiceAccount,
  setAccountLimit,
} from '../../src/store/calls/voice-accounts.js';
import { readAccountLimits } from '../../src/domain/calls/account-limits.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
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
  async function company(
    name: string,
    ages: number[],
    dialing = 0,
    maxConcurrentCalls?: number,
    calls: Record<string, unknown> = {},
  ): Promise<string> {
    const { companyId } = await createCompany(db, name, new Date(NOW));
    if (maxConcurrentCalls !== undefined || Object.keys(calls).length)
      await tables(db)
        .companies()
        .where({ id: companyId })
        .update({ config: JSON.stringify({ calls: { maxConcurrentCalls, ...calls } }) });
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
          // A call already dialing holds a slot of the account its company dials through.
          dial_account: status === 'dialing' ? ((calls.account as string | undefined) ?? 'operator') : null,
          post_processing_flags: '[]',
          created_at: NOW,
          updated_at: NOW,
        });
    }
    return companyId;
  }

  /** A company on `account` with `count` calls due, each `age(i)` minutes ago, for one customer (one insert per 500 calls). */
  async function backlog(name: string, account: string, count: number, age: (i: number) => number): Promise<string> {
    const { companyId } = await createCompany(db, name, new Date(NOW));
    await tables(db)
      .companies()
      .where({ id: companyId })
      .update({ config: JSON.stringify({ calls: { account } }) });
    const scheduleId = randomUUID();
    await tables(db).customers().insert({
      company_id: companyId,
      id: 'c-0',
      first_name: 'A',
      last_name: 'B',
      created_at: NOW,
      updated_at: NOW,
    });
    await tables(db).schedules().insert({
      id: scheduleId,
      company_id: companyId,
      customer_id: 'c-0',
      channel: 'call',
      source: 'replace',
      task_type: 'PendingLoanNewLead',
      cadence: 'x',
      status: 'active',
      created_at: NOW,
      updated_at: NOW,
    });
    for (let start = 0; start < count; start += 500)
      await tables(db)
        .scheduledCalls()
        .insert(
          Array.from({ length: Math.min(500, count - start) }, (_, j) => ({
            id: randomUUID(),
            company_id: companyId,
            customer_id: 'c-0',
            schedule_id: scheduleId,
            task_type: 'PendingLoanNewLead',
            purpose: 'origination',
            scheduled_time: minutesAgo(age(start + j)),
            phone_number: '+12127365000',
            transfer_destination: '',
            step: 'x',
            step_index: start + j,
            fallback: false,
            status: 'pending',
            post_processing_flags: '[]',
            created_at: NOW,
            updated_at: NOW,
          })),
        );
    return companyId;
  }

  /** The account's calls dialing now (its slots held). */
  const held = (account: string) => accountSlotsHeld(db, account);

  async function reset(): Promise<void> {
    for (const table of ['scheduled_calls', 'schedules', 'customers']) await db(table).del();
    await tables(db).companyDialTurns().del();
    await tables(db).voiceAccounts().whereNot({ id: 'operator' }).del();
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

  it('companies on one account share its headroom: its limit less the inbound slots and the calls it did not place', async () => {
    await reset();
    await setAccountLimit(db, 'shared', { limit: 6, reservedInbound: 1, outsideCalls: 1, at: NOW });
    const a = await company('A', [50, 45, 40, 35], 0, undefined, { account: 'shared' });
    const b = await company('B', [48, 44, 38, 30], 0, undefined, { account: 'shared' });
    const other = await company('Other', [60, 55], 0, undefined, { account: 'elsewhere' });
    const claimed = await claimDueCalls(db, NOW, { batch: 50, defaultConcurrency: 10, scan });
    // 6 - 1 - 1 = 4 slots on the shared account, round-robin: A, B, A, B; the other account is not capped.
    expect(claimed.filter((c) => c.companyId === a)).toHaveLength(2);
    expect(claimed.filter((c) => c.companyId === b)).toHaveLength(2);
    expect(claimed.filter((c) => c.companyId === other)).toHaveLength(2);
    expect(await held('shared')).toBe(4);
    expect(await held('elsewhere')).toBe(2);
    // The slots stay held until the calls end: nothing more on the shared account.
    expect(await claimDueCalls(db, NOW, { batch: 50, defaultConcurrency: 10, scan })).toEqual([]);
    const ended = await tables(db).scheduledCalls().where({ company_id: a, status: 'dialing' }).first('id');
    await tables(db).scheduledCalls().where({ id: ended!.id }).update({ status: 'completed' });
    const next = await claimDueCalls(db, NOW, { batch: 50, defaultConcurrency: 10, scan });
    expect(next).toHaveLength(1);
    expect(await held('shared')).toBe(4);
  });

  it.runIf(dialect === 'postgres' && scan === undefined)(
    "a second worker skips an account another one is claiming on, and then counts that worker's calls",
    async () => {
      await reset();
      await setAccountLimit(db, 'race', { limit: 3, at: NOW });
      const a = await company('A', [50, 45, 40, 35, 30], 0, undefined, { account: 'race' });
      await db.transaction(async (first) => {
        expect(await claimDueCalls(first, NOW, { batch: 2, defaultConcurrency: 10 })).toHaveLength(2);
        // Another connection while the first claim is open: the account and the company are skipped.
        expect(await claimDueCalls(db, NOW, { batch: 10, defaultConcurrency: 10 })).toEqual([]);
      });
      // After its commit, the first claim's two slots are counted: one left.
      const next = await claimDueCalls(db, NOW, { batch: 10, defaultConcurrency: 10 });
      expect(next.map((c) => c.companyId)).toEqual([a]);
      expect(await held('race')).toBe(3);
    },
  );

  it('calls already dialing hold their slots, and a full account leaves its companies out without holding a place', async () => {
    await reset();
    await setAccountLimit(db, 'full', { limit: 2, at: NOW });
    await setAccountLimit(db, 'open', { limit: 3, at: NOW });
    const full = await company('Full', [90, 80], 2, undefined, { account: 'full' }); // oldest, no room
    const open = await company('Open', [50, 40, 30, 20], 0, undefined, { account: 'open' });
    const claimed = await claimDueCalls(db, NOW, { batch: 1, defaultConcurrency: 10, scan });
    expect(claimed.map((c) => c.companyId)).toEqual([open]);
    const rest = await claimDueCalls(db, NOW, { batch: 10, defaultConcurrency: 10, scan });
    expect(rest.map((c) => c.companyId)).toEqual([open, open]);
    expect(await held('full')).toBe(2);
    expect(await held('open')).toBe(3);
    expect(claimed.concat(rest).some((c) => c.companyId === full)).toBe(false);
  });

  it('a company with its own provider key and no account named dials through an account of its own', async () => {
    await reset();
    const own = await company('Own', [30, 20], 0, undefined, { provider: { apiKey: 'sealed' } });
    const claimed = await claimDueCalls(db, NOW, { batch: 10, defaultConcurrency: 10, scan });
    expect(claimed).toHaveLength(2);
    expect(await held(`company:${own}`)).toBe(2);
    expect((await getVoiceAccount(db, `company:${own}`))?.viaCompanyId).toBe(own);
  });

  // The scan lengths are the other cases' business: this one runs with the default scan.
  it.runIf(scan === undefined).each([100, 5])(
    "one backlog and 50 small companies on a 20-slot account: each small company's first dial is among the first 51 (batch %i)",
    async (batch) => {
      await reset();
      await setAccountLimit(db, 'shared', { limit: 20, at: NOW });
      // The backlog's 5,000 calls are all older than every small company's.
      const big = await backlog('Big', 'shared', 5000, (i) => 600 - i / 10);
      const small: string[] = [];
      for (let i = 0; i < 50; i++) small.push(await company(`S${i}`, [30, 30], 0, undefined, { account: 'shared' }));
      const dials: string[] = [];
      while (dials.length < 80) {
        const claimed = await claimDueCalls(db, NOW, { batch, defaultConcurrency: 10, scan });
        dials.push(...claimed.map((c) => c.companyId));
        expect(await held('shared')).toBeLessThanOrEqual(20);
        // One call ends (the one with the lowest id: the backlog's and the small ones' alike): a slot frees.
        const ending = await tables(db).scheduledCalls().where({ status: 'dialing' }).orderBy('id').first('id');
        await tables(db).scheduledCalls().where({ id: ending!.id }).update({ status: 'completed' });
      }
      const first = dials.slice(0, 51);
      expect(small.filter((id) => !first.includes(id))).toEqual([]);
      expect(first.filter((id) => id === big)).toHaveLength(1);
    },
    120_000,
  );

  it.runIf(scan === undefined)(
    "reads an account's limit from the provider: the larger inbound reservation, and the calls it did not place",
    async () => {
      await reset();
      const a = await company('A', [30], 1); // one call dialing on the operator's account
      await tables(db)
        .scheduledCalls()
        .where({ company_id: a, status: 'dialing' })
        .update({ provider_call_id: 'call_1' });
      const provider = { accountConcurrency: async () => ({ limit: 7, current: 4, reservedInbound: 2 }) };
      const s = {
        db,
        voice: { live: provider, sandbox: provider },
        log: { warn: () => undefined },
      } as unknown as CallServices;
      await tables(db).voiceAccounts().where({ id: 'operator' }).update({ read_at: null });
      expect(await readAccountLimits(s, { maxAgeMs: 60_000, operatorReservedInbound: 1 })).toBe(1);
      const operator = await getVoiceAccount(db, 'operator');
      expect(operator).toMatchObject({ concurrencyLimit: 7, reservedInbound: 2, outsideCalls: 3 });
      // Read a moment ago: not read again.
      expect(await readAccountLimits(s, { maxAgeMs: 60_000, operatorReservedInbound: 1 })).toBe(0);
      await setAccountLimit(db, 'operator', { limit: null, at: null });
    },
  );

  it.runIf(scan === undefined)(
    "reads a company's own account through it, and forgets an account no company it was read through names",
    async () => {
      await reset();
      const a = await company('A', [30], 0, undefined, { account: 'brands', reservedInbound: 3 });
      await addVoiceAccount(db, 'brands', a);
      const provider = { accountConcurrency: async () => ({ limit: 12, current: 0, reservedInbound: 2 }) };
      const s = {
        db,
        voice: { live: provider, sandbox: provider },
        log: { warn: () => undefined },
      } as unknown as CallServices;
      await readAccountLimits(s, { maxAgeMs: 60_000, operatorReservedInbound: 0 });
      expect(await getVoiceAccount(db, 'brands')).toMatchObject({ concurrencyLimit: 12, reservedInbound: 3 });
      await tables(db)
        .companies()
        .where({ id: a })
        .update({ config: JSON.stringify({ calls: { account: 'elsewhere' } }) });
      await tables(db).voiceAccounts().where({ id: 'brands' }).update({ read_at: null });
      await readAccountLimits(s, { maxAgeMs: 60_000, operatorReservedInbound: 0 });
      expect(await getVoiceAccount(db, 'brands')).toBeNull();
      await setAccountLimit(db, 'operator', { limit: null, at: null }); // read here too: left as it was
    },
  );

  it.runIf(dialect === 'postgres' && scan === undefined)(
    'reads the whole due set only when the scan of due calls cannot settle the batch',
    async () => {
      await reset();
      for (let i = 0; i < 6; i++) await company(`P${i}`, [30 + i]);
      expect(await companiesProbed({ batch: 3, defaultConcurrency: 10 })).toBe(false);
      expect(await companiesProbed({ batch: 3, defaultConcurrency: 10, scan: 2 })).toBe(true);
    },
  );

  /** Whether the claim's plan read the whole due set (EXPLAIN ANALYZE, rolled back). */
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
        const claim = statements.find((q) => q.sql.includes('every_due_call'))!;
        const result = await trx.raw(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${claim.sql.replace(/\$\d+/g, '?')}`,
          claim.bindings as never,
        );
        const loops: number[] = [];
        const walk = (node: Record<string, unknown>) => {
          if (node['Alias'] === 'every_due_call') loops.push(Number(node['Actual Loops']));
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
