/**
 * Tenant bench (issue 43): the dial claim at 10,000 companies beside a 10-company baseline with the
 * same due work, on Postgres, in schemas of its own (`bench_tenants_<shape>_<side>`, dropped and
 * built again by set-based SQL). Every company also has calls pending in the coming days, so the
 * companies with nothing due are in the pending index, as in production.
 *
 * Shapes (each company's account and limit printed with it):
 * - `one-percent`: 1 % of the companies have 20 calls due each; 100 accounts of 20 slots
 *   (company k dials through account (k + k div 100) mod 100). Baseline: 10 companies with 200 due each.
 * - `one-each`: every company has one call due; 100 accounts of 20 slots. Baseline: 10 companies
 *   with 1,000 due each.
 * - `fairness`: 1 company with 5,000 calls due and 50 with 2 each, on one shared 20-slot account;
 *   the other companies (10,000 in all) have nothing due. Baseline: the 5,000-call company and 9
 *   companies with 11 or 12 due each (100 in all), on the same account.
 *
 * For each side it prints the claim's p50/p99 (batch 100, rolled back: every run claims from the
 * same state), then drains the due calls: claim (committed), every claimed call ends at once, claim
 * again, and prints the dials per second of the claims (no provider: what the claim itself lets
 * through, the time spent in the claims only) and which limit capped the claims (the accounts' slots, the companies', or the due
 * work), then full ÷ baseline. `--explain` prints the find statement's plan (`EXPLAIN (ANALYZE,
 * BUFFERS)`) on both sides (docs/architecture/decisions/dial-claim-order.md, "Plans").
 *
 * `--sweeps` then times, on both sides, the statements of the sweeps that read across companies:
 * the reconciliation sweep's pick (1 % of the pending calls made stale `dialing`), the message
 * dispatcher's claim (one message due for each company with calls due, one pending later for every
 * company) and the retention sweep (each of its statements), as p99 per statement.
 *
 *   npx tsx bench/tenants.ts [--companies 10000] [--baseline 10] [--runs 200] [--shapes one-percent,one-each,fairness] [--explain] [--drain] [--sweeps]
 *   BENCH_POSTGRES_URL=postgres://… (default TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test)
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { claimDueCalls } from '../src/store/calls/call-dispatch.js';
import { defaultCompanyConfig } from '../src/domain/shared/company-config.js';
import { type Db, openDb } from '../src/store/shared/db.js';
import { migrateLatest } from '../src/store/shared/migrate.js';
import { percentile, Rollback, rolledBackLatency } from './volume/percentile.js';
import { leaseStaleDialingCalls } from '../src/store/scheduled-calls/reconcile-leases.js';
import { claimDueMessages } from '../src/store/scheduled-messages/scheduled-messages.js';
import { sweepRetention } from '../src/domain/retention/sweep.js';
import { createLogger } from '../src/lib/logger.js';

const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '10000' },
    baseline: { type: 'string', default: '10' },
    runs: { type: 'string', default: '200' },
    shapes: { type: 'string', default: 'one-percent,one-each,fairness' },
    explain: { type: 'boolean', default: false },
    drain: { type: 'boolean', default: false },
    sweeps: { type: 'boolean', default: false },
  },
});
const COMPANIES = Number(values.companies);
const BASELINE = Number(values.baseline);
const RUNS = Number(values.runs);
const url =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NOW = '2026-12-08T15:00:00.000Z';
const BATCH = 100;
const SLOTS = 20;

/** How a side's companies, due calls and accounts are laid out. */
interface Layout {
  companies: number;
  /** Due calls of company k (0 = nothing due). */
  due: string;
  /** Account of company k. */
  account: string;
  accounts: number;
  stated: string;
}

function layouts(shape: string, companies: number): Layout {
  const spread = Math.min(100, companies);
  if (shape === 'one-percent') {
    // 1 % of the full side's companies; every company of a baseline of 100 or fewer, with the same due work.
    const dueCompanies = companies > 100 ? Math.round(companies / 100) : companies;
    const each = Math.round((20 * Math.round(COMPANIES / 100)) / dueCompanies);
    return {
      companies,
      due: `CASE WHEN k % ${Math.round(companies / dueCompanies)} = 0 THEN ${each} ELSE 0 END`,
      // (k + k / 100) mod 100: the companies with calls due (every 100th) spread over the accounts too.
      account: `'acct-' || ((k + k / 100) % ${spread})`,
      accounts: spread,
      stated: `${companies} companies, ${dueCompanies} with ${each} due each; ${spread} accounts of ${SLOTS} slots (company k on account (k + k div 100) mod ${spread}); company limit 10`,
    };
  }
  if (shape === 'one-each') {
    const each = Math.round(COMPANIES / companies);
    return {
      companies,
      due: String(each),
      account: `'acct-' || (k % ${spread})`,
      accounts: spread,
      stated: `${companies} companies with ${each} due each; ${spread} accounts of ${SLOTS} slots (company k on account k mod ${spread}); company limit 10`,
    };
  }
  // fairness: company 0 has the backlog; the full side's companies 1..50 have 2 each, the
  // baseline's 1..9 share 100 calls.
  const small = companies > 51 ? `CASE WHEN k <= 50 THEN 2 ELSE 0 END` : `CASE WHEN k <= 1 THEN 12 ELSE 11 END`;
  return {
    companies,
    due: `CASE WHEN k = 0 THEN 5000 ELSE ${small} END`,
    account: `'shared'`,
    accounts: 1,
    stated: `${companies} companies: 1 with 5,000 due, ${companies > 51 ? '50 with 2 each, the rest none' : `${companies - 1} with 100 in all`}; one shared account of ${SLOTS} slots; company limit 10`,
  };
}

/** A fresh schema with the layout's companies, one customer and schedule each, its due calls and 5 calls pending later. */
async function build(name: string, layout: Layout): Promise<Db> {
  const admin = openDb(url);
  await admin.raw(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  await admin.raw(`CREATE SCHEMA ${name}`);
  await admin.destroy();
  const db = openDb(url, { schema: name });
  await migrateLatest(db);
  const config = JSON.stringify(defaultCompanyConfig());
  const p = { now: NOW, n: layout.companies, config };
  await db.raw(
    `CREATE TABLE bench_layout AS SELECT k, md5('tenant:' || k)::uuid::text AS company_id, ${layout.due} AS due, ${layout.account} AS account
     FROM generate_series(0, :n - 1) k`,
    p,
  );
  await db.raw(
    `INSERT INTO companies (id, name, config, created_at)
     SELECT company_id, 'Tenant ' || k, jsonb_set(:config::jsonb, '{calls}', jsonb_build_object('account', account)), :now::timestamptz - interval '30 days'
     FROM bench_layout`,
    p,
  );
  await db.raw(
    `INSERT INTO customers (company_id, id, first_name, last_name, timezone, phone_number, state, created_at, updated_at)
     SELECT company_id, 'cust-0', 'First', 'Last', 'America/New_York', '+12127365000', 'NY', :now::timestamptz - interval '30 days', :now::timestamptz - interval '30 days'
     FROM bench_layout`,
    p,
  );
  await db.raw(
    `INSERT INTO schedules (id, company_id, customer_id, channel, source, task_type, cadence, status, created_at, updated_at)
     SELECT md5('tschedule:' || k)::uuid::text, company_id, 'cust-0', 'call', 'replace', 'PendingLoanNewLead', 'x', 'active', :now::timestamptz - interval '30 days', :now::timestamptz - interval '30 days'
     FROM bench_layout`,
    p,
  );
  // Due calls an hour to a day before now, then 5 pending on the next days.
  await db.raw(
    `INSERT INTO scheduled_calls (id, company_id, customer_id, schedule_id, task_type, purpose, scheduled_time, phone_number, transfer_destination,
                                  step, step_index, fallback, status, post_processing_flags, created_at, updated_at)
     SELECT md5('tcall:' || l.k || ':' || i)::uuid::text, l.company_id, 'cust-0', md5('tschedule:' || l.k)::uuid::text, 'PendingLoanNewLead', 'origination',
            CASE WHEN i < l.due THEN :now::timestamptz - interval '1 hour' - (i % 1380) * interval '1 minute' - (l.k % 60) * interval '1 second'
                 ELSE :now::timestamptz + (i - l.due + 1) * interval '1 day' END,
            '+12127365000', '', 'x', i, false, 'pending', '[]'::jsonb, :now::timestamptz - interval '30 days', :now::timestamptz - interval '30 days'
     FROM bench_layout l CROSS JOIN LATERAL generate_series(0, l.due + 4) i`,
    p,
  );
  await db.raw(
    `INSERT INTO voice_accounts (id, concurrency_limit, read_at) SELECT DISTINCT account, ${SLOTS}, :now::timestamptz FROM bench_layout ON CONFLICT (id) DO NOTHING`,
    p,
  );
  await db.raw('DROP TABLE bench_layout');
  await db.raw('ANALYZE');
  return db;
}

async function claimLatency(db: Db): Promise<{ p50: number; p99: number; claimed: number }> {
  const times: number[] = [];
  let claimed = 0;
  for (let i = 0; i < RUNS + 10; i++) {
    await db
      .transaction(async (trx) => {
        const started = performance.now();
        claimed = (await claimDueCalls(trx, NOW, { batch: BATCH, defaultConcurrency: 10 })).length;
        if (i >= 10) times.push(performance.now() - started);
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), claimed };
}

/**
 * Claims until nothing is due, every claimed call ending at once (its slot frees), committed. Which
 * limit capped each claim: `batch` when it took the batch, `accounts` when it took every free slot
 * of the accounts with calls due, else `companies` (their limits, or their due calls).
 */
async function drain(db: Db): Promise<{ dialsPerSecond: number; claims: number; capped: Record<string, number> }> {
  const capped: Record<string, number> = { batch: 0, accounts: 0, companies: 0 };
  let dials = 0;
  let claims = 0;
  let spent = 0;
  for (;;) {
    const free = await db.raw<{ rows: Array<{ free: number }> }>(
      `SELECT COALESCE(sum(a.concurrency_limit - (SELECT count(*) FROM scheduled_calls b WHERE b.dial_account = a.id AND b.status = 'dialing')), 0)::int AS free
       FROM voice_accounts a
       WHERE a.id IN (SELECT c.config->'calls'->>'account' FROM scheduled_calls d JOIN companies c ON c.id = d.company_id
                      WHERE d.status = 'pending' AND d.scheduled_time <= :now)`,
      { now: NOW },
    );
    const started = performance.now();
    const claimed = await claimDueCalls(db, NOW, { batch: BATCH, defaultConcurrency: 10 });
    spent += performance.now() - started;
    claims++;
    if (!claimed.length) break;
    dials += claimed.length;
    capped[claimed.length >= BATCH ? 'batch' : claimed.length >= free.rows[0].free ? 'accounts' : 'companies']++;
    await db.raw(`UPDATE scheduled_calls SET status = 'completed' WHERE id = ANY(CAST(:ids AS text[]))`, {
      ids: claimed.map((c) => c.id),
    });
  }
  // Dials per second of the claims alone (the ending of calls and the bench's own reads are not counted).
  return { dialsPerSecond: dials / (spent / 1000), claims, capped };
}

/** The plan of the claim's find statement (the one that grows with the data), rolled back. */
async function explain(db: Db, title: string): Promise<void> {
  const queries: Array<{ sql: string; bindings: unknown[] }> = [];
  const capture = (q: { sql: string; bindings: unknown[] }) => queries.push(q);
  await db
    .transaction(async (trx) => {
      db.on('query', capture);
      await trx
        .transaction(async (inner) => {
          await claimDueCalls(inner, NOW, { batch: BATCH, defaultConcurrency: 10 });
          throw new Rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof Rollback)) throw err;
        });
      db.off('query', capture);
      for (const q of queries.filter((x) => /every_due_call|FOR UPDATE SKIP LOCKED\s*\)\s*s\b/.test(x.sql))) {
        const plan = await trx.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${q.sql.replace(/\$\d+/g, '?')}`,
          q.bindings as never,
        );
        console.log(`\n### ${title}\n\n\`\`\`\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
      }
      throw new Rollback();
    })
    .catch((err: unknown) => {
      db.off('query', capture);
      if (!(err instanceof Rollback)) throw err;
    });
}

/** The sweeps' statements on this side's data (their setup is committed: run after the claim's figures). */
async function sweeps(db: Db): Promise<Record<string, { p50: number; p99: number }>> {
  await db.raw(
    `UPDATE scheduled_calls SET status = 'dialing', claimed_at = :now::timestamptz - interval '1 hour', dial_account = 'bench'
     WHERE status = 'pending' AND step_index % 100 = 7`,
    { now: NOW },
  );
  await db.raw(
    `INSERT INTO scheduled_messages (id, company_id, customer_id, schedule_id, task_type, purpose, channel, step, step_index, template, scheduled_time, status, created_at, updated_at)
     SELECT md5('tmsg:' || s.id || ':' || i)::uuid::text, s.company_id, s.customer_id, s.id, 'PendingLoanNewLead', 'origination', 'email', 'x', 1000 + i, 't',
            CASE WHEN i = 0 THEN :now::timestamptz - interval '5 minutes' ELSE :now::timestamptz + interval '2 days' END, 'pending',
            :now::timestamptz - interval '1 day', :now::timestamptz - interval '1 day'
     FROM schedules s CROSS JOIN generate_series(0, 1) i
     WHERE i = 1 OR EXISTS (SELECT 1 FROM scheduled_calls d WHERE d.schedule_id = s.id AND d.scheduled_time <= :now::timestamptz)`,
    { now: NOW },
  );
  await db.raw('ANALYZE');
  const out: Record<string, { p50: number; p99: number }> = {};
  out['reconciliation sweep: stale dialing pick (50)'] = await rolledBackLatency(db, RUNS, (trx) =>
    leaseStaleDialingCalls(trx, { staleBefore: NOW, wallNow: NOW, leaseUntil: NOW, batch: 50 }),
  );
  out['message dispatcher: claim (100, 10 per company)'] = await rolledBackLatency(db, RUNS, (trx) =>
    claimDueMessages(trx, NOW, 100, 10),
  );
  // The retention sweep, as the workers run it: each of its statements timed (it finds little to delete here).
  const started = new Map<string, number>();
  const times: number[] = [];
  const onQuery = (q: { __knexQueryUid: string }) => started.set(q.__knexQueryUid, performance.now());
  const onResponse = (_: unknown, q: { __knexQueryUid: string }) => {
    const at = started.get(q.__knexQueryUid);
    if (at !== undefined) times.push(performance.now() - at);
  };
  db.on('query', onQuery).on('query-response', onResponse);
  for (let i = 0; i < 5; i++) await sweepRetention(db, new Date(NOW), createLogger('silent'));
  db.off('query', onQuery).off('query-response', onResponse);
  times.sort((a, b) => a - b);
  out['retention sweep: each statement (5 sweeps)'] = { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
  return out;
}

console.log(
  `tenant bench: ${COMPANIES} companies beside ${BASELINE}, batch ${BATCH}, ${RUNS} runs, load ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}, database ${url.replace(/\/\/[^@]*@/, '//')}`,
);
for (const shape of values.shapes.split(',')) {
  const sides = [
    { side: 'baseline', layout: layouts(shape, BASELINE) },
    { side: 'full', layout: layouts(shape, COMPANIES) },
  ];
  const figures: Array<{ p50: number; p99: number; dials?: number }> = [];
  console.log(`\n## ${shape}\n`);
  console.log(
    '| side | layout | claimed | claim p50 ms | claim p99 ms | dials/s | capped by (claims) |\n|---|---|---:|---:|---:|---:|---|',
  );
  for (const { side, layout } of sides) {
    const db = await build(`bench_tenants_${shape.replace('-', '_')}_${side}`, layout);
    const latency = await claimLatency(db);
    if (values.explain) await explain(db, `${shape}, ${side} (${layout.companies} companies)`);
    const drained = values.drain ? await drain(db) : null;
    figures.push({ p50: latency.p50, p99: latency.p99, dials: drained?.dialsPerSecond });
    console.log(
      `| ${side} | ${layout.stated} | ${latency.claimed} | ${latency.p50.toFixed(2)} | ${latency.p99.toFixed(2)} | ${drained ? drained.dialsPerSecond.toFixed(0) : '—'} | ${
        drained
          ? Object.entries(drained.capped)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')
          : '—'
      } |`,
    );
    await db.destroy();
  }
  if (values.sweeps) {
    console.log('\n| side | statement | p50 ms | p99 ms |\n|---|---|---:|---:|');
    const sweepP99: Array<Record<string, number>> = [];
    for (const { side, layout } of sides) {
      const db = openDb(url, { schema: `bench_tenants_${shape.replace('-', '_')}_${side}` });
      const timed = await sweeps(db);
      sweepP99.push(Object.fromEntries(Object.entries(timed).map(([k, v]) => [k, v.p99])));
      for (const [name, t] of Object.entries(timed))
        console.log(
          `| ${side} (${layout.companies} companies) | ${name} | ${t.p50.toFixed(2)} | ${t.p99.toFixed(2)} |`,
        );
      await db.destroy();
    }
    console.log(
      `\nsweeps full ÷ baseline (p99): ${Object.keys(sweepP99[1])
        .map((k) => `${k} ${(sweepP99[1][k] / sweepP99[0][k]).toFixed(2)}`)
        .join(', ')}`,
    );
  }
  const [b, f] = figures;
  console.log(
    `\nfull ÷ baseline: claim p50 ${(f.p50 / b.p50).toFixed(2)}, p99 ${(f.p99 / b.p99).toFixed(2)}${b.dials && f.dials ? `, dials/s ${(f.dials / b.dials).toFixed(2)}` : ''}`,
  );
}
