import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey, NOW } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { claimDueCalls } from '../../src/store/calls/call-dispatch.js';
import { listCustomerCalls } from '../../src/store/calls/calls.js';
import { listSentMessages } from '../../src/store/scheduled-messages/scheduled-messages.js';
import { listScheduledCalls } from '../../src/store/scheduled-calls/scheduled-calls.js';
import { dialectOf } from '../../src/store/shared/db.js';

/**
 * Keyset paging (`cursor` / `Next-Cursor`, an extension beside `offset`) on the customer lists:
 * walking every page returns each row once, in the list's order, with ties on the sort timestamp
 * and rows inserted between pages; a malformed or foreign cursor is a 400.
 */
describe.each(DIALECTS)('list cursors on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => NOW });
  let key: string;
  let companyId: string;
  let scheduleId: string;
  let nextStep = 100;

  // Few distinct instants, so most rows tie on the sort timestamp and the id decides.
  const INSTANTS = [
    '2026-11-01T10:00:00.000Z',
    '2026-11-02T10:00:00.000Z',
    '2026-11-02T10:00:00.500Z',
    '2026-11-03T09:00:00.000Z',
  ];

  beforeAll(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: enrollBody(),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(200);
    scheduleId = (await tables(suite.database.db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: 'cust-1' })
      .first('schedule_id'))!.schedule_id;
  });

  /** Scheduled calls of cust-1 (with their calls and sent messages when asked) at the given instants. */
  async function seed(times: string[], opts: { calls?: boolean; messages?: boolean } = {}): Promise<void> {
    const db = suite.database.db;
    const row = await tables(db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: 'cust-1', schedule_id: scheduleId })
      .first();
    // Postgres hands jsonb back parsed; it takes it back as text.
    const template = Object.fromEntries(
      Object.entries(row!).map(([k, v]) => [
        k,
        v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v,
      ]),
    );
    for (const at of times) {
      const id = randomUUID();
      await tables(db)
        .scheduledCalls()
        .insert({
          ...template,
          id,
          scheduled_time: at,
          step_index: nextStep++,
          status: 'completed',
          created_at: at,
          updated_at: at,
        });
      if (opts.calls) {
        await tables(db).calls().insert({
          id: randomUUID(),
          company_id: companyId,
          customer_id: 'cust-1',
          scheduled_call_id: id,
          provider: 'sandbox',
          provider_call_id: randomUUID(),
          to_phone_number: '+12127365000',
          state: 'ended',
          timestamp: at,
          transcript: '',
          summarization: '',
          flags: '[]',
          created_at: at,
          updated_at: at,
        });
      }
      if (opts.messages) {
        for (const channel of ['email', 'sms']) {
          await tables(db)
            .scheduledMessages()
            .insert({
              id: randomUUID(),
              company_id: companyId,
              customer_id: 'cust-1',
              schedule_id: scheduleId,
              task_type: 'PendingLoanNewLead',
              purpose: 'origination',
              channel,
              step: 'seed',
              step_index: nextStep++,
              template: 'seed',
              scheduled_time: at,
              status: 'sent',
              recipient: channel === 'sms' ? '+12127365000' : 'maria@example.com',
              subject: channel === 'email' ? 'Hello' : null,
              content: 'Hello',
              sent_at: at,
              created_at: at,
              updated_at: at,
            });
        }
      }
    }
  }

  const get = (path: string, apiKey = key) => suite.t.call('GET', path, { key: apiKey });

  /** Every page of `path` by cursor; `between` runs after each page (to insert rows). */
  async function walk(
    path: string,
    limit: number,
    between: (page: number) => Promise<void> = async () => {},
  ): Promise<any[]> {
    const seen: any[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const res = await get(`${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(limit);
      seen.push(...res.body);
      cursor = res.headers.get('next-cursor');
      if (!cursor) return seen;
      expect(res.body.length).toBe(limit);
      await between(page);
    }
    throw new Error('more than 100 pages');
  }

  const LISTS = [
    {
      n: 1,
      name: 'calls',
      path: '/calls/customer/cust-1',
      id: (r: any) => r.id,
      time: (r: any) => r.timestamp,
      newestFirst: true,
      seed: { calls: true },
    },
    {
      n: 2,
      name: 'scheduled calls',
      path: '/scheduled-calls/customer/cust-1',
      id: (r: any) => r.id,
      time: (r: any) => r.scheduledTime,
      newestFirst: false,
      seed: {},
    },
    {
      n: 3,
      name: 'emails',
      path: '/emails/cust-1',
      id: (r: any) => `${r.timestamp}|${r.subject}`,
      time: (r: any) => r.timestamp,
      newestFirst: true,
      seed: { messages: true },
    },
    {
      n: 4,
      name: 'texts',
      path: '/texts/cust-1',
      id: (r: any) => r.id,
      time: (r: any) => r.timestamp,
      newestFirst: true,
      seed: { messages: true },
    },
  ];

  it.each(LISTS)(
    '$name: every row once, in order, ties included, while rows are inserted between pages',
    async (list) => {
      await seed(
        Array.from({ length: 23 }, (_, i) => INSTANTS[i % INSTANTS.length]),
        list.seed,
      );
      // Rows inserted while walking: some sort before the walk's position (already passed; never
      // returned, and unlike `offset` they shift nothing), some after it (returned once, in place).
      // Each list its own instants: the lists share the seeded rows.
      const [late, early] = [`2026-11-30T00:00:0${list.n}.000Z`, `2026-10-01T00:00:0${list.n}.000Z`];
      const [passed, ahead] = list.newestFirst ? [late, early] : [early, late];
      const walked = await walk(list.path, 4, async (page) => {
        if (page < 3) await seed([passed, ahead, INSTANTS[1]], list.seed);
      });
      const all = (await get(`${list.path}?limit=500`)).body as any[];
      const expected = all.filter((r) => list.time(r) !== passed);
      if (list.name !== 'emails') expect(new Set(walked.map(list.id)).size).toBe(walked.length);
      const withoutLateTies = (rows: any[]) => rows.filter((r) => list.time(r) !== INSTANTS[1]);
      // Rows inserted at an instant the walk had passed are not returned; the rest match the `offset` order.
      expect(withoutLateTies(walked)).toEqual(withoutLateTies(expected));
      expect(walked.filter((r) => list.time(r) === passed)).toEqual([]);
      expect(walked.filter((r) => list.time(r) === ahead)).toHaveLength(3);
      const times = walked.map((r) => Date.parse(list.time(r)));
      expect(times).toEqual([...times].sort((a, b) => (list.newestFirst ? b - a : a - b)));
    },
  );

  it('a cursor page is the same page `offset` gives, and the last page has no Next-Cursor', async () => {
    const all = (await get('/scheduled-calls/customer/cust-1?limit=500')).body as any[];
    expect(all.length).toBeGreaterThan(10);
    const first = await get('/scheduled-calls/customer/cust-1?limit=3&offset=2');
    const cursor = first.headers.get('next-cursor')!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const next = await get(`/scheduled-calls/customer/cust-1?limit=5&cursor=${cursor}`);
    expect(next.body).toEqual(all.slice(5, 10));
    const last = await get(`/scheduled-calls/customer/cust-1?limit=3&offset=${all.length - 3}`);
    expect(last.body).toHaveLength(3);
    expect(last.headers.get('next-cursor')).toBeNull();
  });

  const forged = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

  it.each([
    ['not base64 JSON', 'bm90LWpzb24'],
    ['an array', forged([1, 2])],
    ['a wrong tag', forged({ s: 'x', k: ['2026-11-01T10:00:00.000Z', 'a'] })],
  ])('400 in the ErrorMessage shape for a cursor that is %s', async (_, cursor) => {
    const res = await get(`/calls/customer/cust-1?cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 400,
      message: 'Invalid cursor: pass the Next-Cursor value of the previous page of this list',
    });
  });

  it('a cursor with a bad key (no calendar instant, wrong tie type) is 400, not a database error', async () => {
    const page = await get('/scheduled-calls/customer/cust-1?limit=1');
    const payload = JSON.parse(Buffer.from(page.headers.get('next-cursor')!, 'base64url').toString());
    for (const k of [
      ['2026-02-31T10:00:00Z', 1, 'x'],
      ['2026-02-01T10:00:00Z', 'one', 'x'],
      ['2026-02-01T10:00:00Z', 1, ''],
      ['2026-02-01T10:00:00Z', 1],
    ]) {
      const res = await get(`/scheduled-calls/customer/cust-1?cursor=${forged({ ...payload, k })}`);
      expect(res.status).toBe(400);
    }
    expect((await get(`/scheduled-calls/customer/cust-1?cursor=${forged(payload)}`)).status).toBe(200);
  });

  it("another list's, customer's or company's cursor is 400; cursor with offset is 400", async () => {
    const calls = await get('/calls/customer/cust-1?limit=1');
    const cursor = calls.headers.get('next-cursor')!;
    expect((await get(`/calls/customer/cust-1?cursor=${cursor}`)).status).toBe(200);
    expect((await get(`/texts/cust-1?cursor=${cursor}`)).status).toBe(400);
    await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: enrollBody({ id: 'cust-2', loanId: 'loan-2' }),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect((await get(`/calls/customer/cust-2?cursor=${cursor}`)).status).toBe(400);
    const other = await suite.t.company('Other');
    await suite.t.call('POST', '/customers/schedule/sync', {
      key: other.apiKey,
      body: enrollBody(),
      headers: { 'Idempotency-Key': newKey() },
    });
    const foreign = await get(`/calls/customer/cust-1?cursor=${cursor}`, other.apiKey);
    expect(foreign.status).toBe(400);
    const both = await get(`/calls/customer/cust-1?offset=1&cursor=${cursor}`);
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Use either cursor or offset, not both');
  });

  it.runIf(dialect === 'postgres')(
    'on Postgres a deep cursor page is an index range (no Sort, no Seq Scan), the claim uses the due index',
    async () => {
      const db = suite.database.db;
      expect(dialectOf(db)).toBe('pg');
      // A few thousand calls, most of another customer's, so the planner has a real choice.
      await suite.t.call('POST', '/customers/schedule/sync', {
        key,
        body: enrollBody({ id: 'cust-3', loanId: 'loan-3' }),
        headers: { 'Idempotency-Key': newKey() },
      });
      for (const [customer, n] of [
        ['cust-1', 2000],
        ['cust-3', 4000],
      ] as const) {
        const schedule = (await tables(db)
          .scheduledCalls()
          .where({ company_id: companyId, customer_id: customer })
          .first('schedule_id'))!.schedule_id;
        await db.raw(
          `INSERT INTO scheduled_calls (id, company_id, customer_id, schedule_id, task_type, purpose, scheduled_time, phone_number, transfer_destination, step, step_index, fallback, status, post_processing_flags, created_at, updated_at)
         SELECT gen_random_uuid()::text, ?, ?, ?, 'PendingLoanNewLead', 'origination', timestamptz '2026-01-01' + (g % 500) * interval '1 hour', '+12127365000', '', 'seed', 10000 + g, false, 'completed', '[]', now(), now()
         FROM generate_series(1, ?) g`,
          [companyId, customer, schedule, n],
        );
        await db.raw(
          `INSERT INTO calls (id, company_id, customer_id, scheduled_call_id, provider, provider_call_id, to_phone_number, state, "timestamp", transcript, summarization, flags, created_at, updated_at)
         SELECT gen_random_uuid()::text, company_id, customer_id, id, 'sandbox', gen_random_uuid()::text, phone_number, 'ended', scheduled_time, '', '', '[]', now(), now()
         FROM scheduled_calls WHERE company_id = ? AND customer_id = ? AND step_index >= 10000`,
          [companyId, customer],
        );
      }
      await db.raw('ANALYZE calls');
      await db.raw('ANALYZE scheduled_calls');
      // The cursor after 1,500 of cust-1's calls, taken through the API like a partner would.
      const deep = await get('/calls/customer/cust-1?limit=500&offset=1000');
      const cursor = deep.headers.get('next-cursor')!;
      const after = JSON.parse(Buffer.from(cursor, 'base64url').toString()).k;
      const queries: Array<{ sql: string; bindings: unknown[] }> = [];
      const capture = (q: { sql: string; bindings: unknown[] }) => queries.push(q);
      db.on('query', capture);
      const page = await listCustomerCalls(db, companyId, 'cust-1', 50, 0, { at: after[0], ties: after.slice(1) });
      db.off('query', capture);
      expect(page.rows).toHaveLength(50);
      const query = queries.find((q) => q.sql.includes('keyset_at'))!;
      const plan = JSON.stringify(await explain(db, query.sql, query.bindings));
      expect(plan).toContain('calls_customer_keyset_idx');
      expect(plan).not.toContain('"Sort"');
      expect(plan).not.toContain('Seq Scan');

      // The dial claim over the same table finds due calls through an index, not by reading every
      // scheduled call (nothing is due at this instant, so running it changes nothing).
      queries.length = 0;
      db.on('query', capture);
      expect(await claimDueCalls(db, '2026-01-01T00:00:00.000Z', { batch: 10, defaultConcurrency: 5 })).toEqual([]);
      db.off('query', capture);
      // Its finding statement (nothing found: the claim ends there) reads the pending calls in due order.
      const claim = queries.find((q) => q.sql.includes('every_due_call'))!;
      const scans = nodes(await explain(db, claim.sql, claim.bindings)).filter(
        (n) => n['Relation Name'] === 'scheduled_calls',
      );
      expect(scans.length).toBeGreaterThan(0);
      expect(scans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
      expect(scans.map((n) => n['Index Name'])).toContain('scheduled_calls_pending_order_idx');
    },
  );

  it.runIf(dialect === 'sqlite')('on SQLite a cursor page of each list is an index range with no sort', async () => {
    const db = suite.database.db;
    const page = await get('/calls/customer/cust-1?limit=2');
    const [at, ...ties] = JSON.parse(Buffer.from(page.headers.get('next-cursor')!, 'base64url').toString()).k;
    const after = { at, ties };
    const reads: Array<[string, () => Promise<unknown>]> = [
      ['calls_customer_keyset_idx', () => listCustomerCalls(db, companyId, 'cust-1', 10, 0, after)],
      [
        'scheduled_calls_customer_keyset_idx',
        () => listScheduledCalls(db, companyId, 'cust-1', 10, 0, { at, ties: [1, 'x'] }),
      ],
      [
        'scheduled_messages_sent_keyset_idx',
        () => listSentMessages(db, companyId, 'cust-1', 'sms', ['sent', 'delivered'], 10, 0, after),
      ],
    ];
    for (const [index, read] of reads) {
      const queries: Array<{ sql: string; bindings: unknown[] }> = [];
      const capture = (q: { sql: string; bindings: unknown[] }) => queries.push(q);
      db.on('query', capture);
      await read();
      db.off('query', capture);
      const query = queries.find((q) => q.sql.includes('keyset_at'))!;
      const plan = (await db.raw(`EXPLAIN QUERY PLAN ${query.sql}`, query.bindings as never))
        .map((r: { detail: string }) => r.detail)
        .join('\n');
      expect(plan).toContain(index);
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });

  /** Every node of an EXPLAIN (FORMAT JSON) plan. */
  function nodes(plan: unknown): Array<Record<string, unknown>> {
    const out: Array<Record<string, unknown>> = [];
    const visit = (node: Record<string, unknown>) => {
      out.push(node);
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) visit(child);
    };
    for (const root of plan as Array<{ Plan: Record<string, unknown> }>) visit(root.Plan);
    return out;
  }

  /** EXPLAIN of a query as knex sent it (native `$n` placeholders), on a connection of the pool. */
  async function explain(db: typeof suite.database.db, sql: string, bindings: unknown[]): Promise<unknown> {
    const native = sql.includes('$1')
      ? sql
      : db
          .raw(sql, bindings as never)
          .toSQL()
          .toNative().sql;
    const conn = await db.client.acquireConnection();
    try {
      return (await conn.query(`EXPLAIN (FORMAT JSON) ${native}`, bindings)).rows[0]['QUERY PLAN'];
    } finally {
      await db.client.releaseConnection(conn);
    }
  }
});
