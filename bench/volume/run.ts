/**
 * Volume data set: fills a Postgres schema of its own with production-volume data (bench/volume/fill.ts)
 * and a small baseline schema of the same shape, then prints, per table, the rows and the time, the
 * table sizes, each hot read's statement latency (p50/p99) on the full data beside the baseline in
 * the same run, and the plans (EXPLAIN ANALYZE, BUFFERS) of those reads on the full data.
 *
 *   npm run bench:volume -- [--scale 1] [--baseline-days 7] [--baseline-companies N] [--runs 200] [--seed 0.42]
 *                           [--now 2026-11-26T00:00:00Z] [--schema bench_volume] [--reuse] [--sweep [--sweep-days 365]]
 *                           [--export [--export-days 30]] [--report-runs 10]
 *
 * The baseline has the full data set's companies (--baseline-companies, default the full scale's
 * 1,000) and its daily volume over its last --baseline-days (default 7) only: the same lenders in
 * their first week. So the baseline has the same calls due and deliveries pending as the full data:
 * a claim takes as many rows on both sides, a read whose work follows the number of companies (the
 * dial claim's fallback reads the whole due set) costs the same, and full ÷ baseline
 * shows what a year of history adds. (A baseline of a 2,000th of the customers spread over the 13
 * months had a fifth of the due calls, so its claims did less work; with 2 companies, the claim's
 * ratio was the ratio of company counts.)
 *
 * Then the collections report (report.ts): a year of the largest lender by task type and by week,
 * beside the same aggregation as raw SQL (--report-runs, default 10).
 *
 * --reuse measures the full schema a previous run built (same options) instead of building it again:
 * the reads are rolled back or read-only, so a build serves any number of runs. The baseline is
 * built again every run (seconds), so it always has this run's options.
 *
 * Then one customer with 100,000 calls is paged 10 at a time, by cursor and by offset, in a schema
 * of its own (deep-pages.ts): the volume data set's customers have too few calls for deep pages.
 *
 * --export streams the examiner's export of the largest company's last --export-days days (default
 * 30) and prints its records per second (export-rate.ts); read-only.
 *
 * --sweep then runs the retention sweep on the full data and times each of its statements
 * (sweep.ts), deleting the contact records older than --sweep-days (the oldest month by default)
 * for real: run it last, then build again.
 *
 * BENCH_POSTGRES_URL (default TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test) names
 * the database; the schemas `<schema>` and `<schema>_base` are dropped and created again, so nothing
 * else in that database is touched. Reads that write (the claims) run in transactions rolled back.
 */
import { parseArgs } from 'node:util';
import { listCustomerCalls } from '../../src/store/calls/calls.js';
import { claimDueCalls } from '../../src/store/calls/call-dispatch.js';
import { listSentMessagesOf } from '../../src/store/scheduled-messages/scheduled-messages.js';
import { listContactHistoryOf, listScheduledCalls } from '../../src/store/scheduled-calls/scheduled-calls.js';
import { type Db, openDb } from '../../src/store/shared/db.js';
import { migrateLatest } from '../../src/store/shared/migrate.js';
import { claimDueDeliveries } from '../../src/store/webhooks/webhooks.js';
import { baselineScale, fillVolume, volumeCounts } from './fill.js';
import { measureDeepPages } from './deep-pages.js';
import { Rollback, rolledBackLatency } from './percentile.js';
import { measureSweep } from './sweep.js';
import { measureExport } from './export-rate.js';
import { measureReport } from './report.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'baseline-days': { type: 'string', default: '7' },
    'baseline-companies': { type: 'string' },
    runs: { type: 'string', default: '200' },
    seed: { type: 'string', default: '0.42' },
    now: { type: 'string' },
    schema: { type: 'string', default: 'bench_volume' },
    reuse: { type: 'boolean', default: false },
    sweep: { type: 'boolean', default: false },
    'sweep-days': { type: 'string', default: '365' },
    export: { type: 'boolean', default: false },
    'export-days': { type: 'string', default: '30' },
    'report-runs': { type: 'string', default: '10' },
  },
});
const scale = Number(values.scale);
const baselineDays = Number(values['baseline-days']);
const baselineCompanies = Number(values['baseline-companies'] ?? volumeCounts(Number(values.scale)).companies);
const runs = Number(values.runs);
const seed = Number(values.seed);
const now = values.now ? new Date(values.now) : new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
const schema = values.schema;
if (
  !(scale > 0) ||
  !(Number.isInteger(baselineDays) && baselineDays >= 1) ||
  !(Number.isInteger(baselineCompanies) && baselineCompanies >= 2) ||
  !(runs >= 1) ||
  Number.isNaN(now.getTime()) ||
  !/^[a-z_][a-z0-9_]*$/.test(schema)
) {
  throw new Error(
    'usage: --scale <n> --baseline-days <n ≥ 1> --baseline-companies <n ≥ 2> --runs <n> --seed <-1..1> --now <ISO instant> --schema <lower-case identifier>',
  );
}
const url =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

console.log(
  `volume data set: scale ${scale} ${JSON.stringify(volumeCounts(scale))}, baseline ${baselineDays} days (scale ${baselineScale(scale, baselineDays).toFixed(4)}) with ${baselineCompanies} companies, seed ${seed}, now ${now.toISOString()}, database ${url.replace(/\/\/[^@]*@/, '//')}`,
);
const base = await build(`${schema}_base`, baselineScale(scale, baselineDays), {
  report: false,
  reuse: false,
  companies: baselineCompanies,
  days: baselineDays,
});
const full = await build(schema, scale, { report: true, reuse: values.reuse });

const sizes = await full.raw<{
  rows: Array<{ name: string; bytes: string | number }>;
}>(`SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes FROM pg_class c
  WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' ORDER BY bytes DESC LIMIT 12`);
console.log('\n| table | size with indexes |\n|---|---:|');
for (const r of sizes.rows) console.log(`| ${r.name} | ${(Number(r.bytes) / 2 ** 20).toFixed(1)} MiB |`);

const baseReads = await hotReads(base);
const fullReads = await hotReads(full);
console.log(`\nStatement latency, ${runs} runs each after 10 warm-up runs, same process and run (ms):\n`);
console.log(
  '| read | baseline p50 | baseline p99 | full p50 | full p99 | p99 full ÷ baseline |\n|---|---:|---:|---:|---:|---:|',
);
for (const [name, read] of Object.entries(fullReads)) {
  const b = await rolledBackLatency(base, runs, baseReads[name]);
  const f = await rolledBackLatency(full, runs, read);
  console.log(
    `| ${name} | ${b.p50.toFixed(2)} | ${b.p99.toFixed(2)} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${(f.p99 / b.p99).toFixed(2)} |`,
  );
}
for (const [name, read] of Object.entries(fullReads)) await plan(full, name, read);
await measureReport(full, now, Number(values['report-runs']));
await measureDeepPages(url, schema, now);
if (values.export) await measureExport(full, now, Number(values['export-days']));
if (values.sweep) await measureSweep(full, now, Number(values['sweep-days']));
await base.destroy();
await full.destroy();

/** A fresh schema, migrated and filled; prints the fill's steps when asked. */
async function build(
  name: string,
  fillScale: number,
  { report, reuse, companies, days }: { report: boolean; reuse: boolean; companies?: number; days?: number },
): Promise<Db> {
  if (reuse) {
    const db = openDb(url, { schema: name });
    const started = performance.now();
    await migrateLatest(db); // a migration added since the build runs on the full data, as it would in production
    console.log(
      `\nschema ${name} reused (built by an earlier run at scale ${fillScale}); migrations brought up to date in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return db;
  }
  const admin = openDb(url);
  await admin.raw(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  await admin.raw(`CREATE SCHEMA ${name}`);
  await admin.destroy();
  const db = openDb(url, { schema: name });
  const started = performance.now();
  await migrateLatest(db);
  const steps = await fillVolume(db, { scale: fillScale, seed, now, companies, days });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (report) {
    console.log(`\n| table | rows | ms |\n|---|---:|---:|`);
    for (const s of steps)
      console.log(`| ${s.table} | ${s.rows.toLocaleString('en-US')} | ${s.ms.toLocaleString('en-US')} |`);
  }
  console.log(`\nschema ${name} (scale ${fillScale}) built in ${seconds} s (migrations, fill, ANALYZE)`);
  return db;
}

type Read = (db: Db) => Promise<unknown>;

/**
 * The hot reads, with inputs taken from the data: the customer with most calls, 20 customers of
 * the largest company (the dial-time history of a dial batch), calls due tomorrow (the claim).
 */
async function hotReads(db: Db): Promise<Record<string, Read>> {
  const top = (
    await db.raw<{ rows: Array<{ company_id: string; customer_id: string }> }>(
      `SELECT company_id, customer_id FROM calls GROUP BY company_id, customer_id ORDER BY count(*) DESC, customer_id LIMIT 1`,
    )
  ).rows[0];
  const bigCompany = (
    await db.raw<{ rows: Array<{ company_id: string }> }>(
      `SELECT company_id FROM customers GROUP BY company_id ORDER BY count(*) DESC, company_id LIMIT 1`,
    )
  ).rows[0].company_id;
  const batch = (
    await db.raw<{ rows: Array<{ companyId: string; customerId: string }> }>(
      `SELECT company_id AS "companyId", id AS "customerId" FROM customers WHERE company_id = ? ORDER BY created_at DESC, id LIMIT 20`,
      [bigCompany],
    )
  ).rows;
  const first = await listCustomerCalls(db, top.company_id, top.customer_id, 1, 0);
  const since60 = new Date(now.getTime() - 60 * 86_400_000).toISOString();
  const dueAt = new Date(now.getTime() + 40 * 3_600_000).toISOString();
  return {
    'dial claim, calls due tomorrow (rolled back)': (d) =>
      claimDueCalls(d, dueAt, { batch: 50, defaultConcurrency: 10 }),
    'dial claim, fallback: the whole due set read (rolled back)': (d) =>
      claimDueCalls(d, dueAt, { batch: 50, defaultConcurrency: 10, scan: 1 }),
    'dial-time call history, 20 customers, 60 days': (d) => listContactHistoryOf(d, batch, since60),
    'dial-time message history, 20 customers, 60 days': (d) => listSentMessagesOf(d, batch, since60),
    'webhook relay claim, 200 due (rolled back)': (d) => claimDueDeliveries(d, now.getTime(), 200),
    'GET /calls/customer/{id}, first page': (d) => listCustomerCalls(d, top.company_id, top.customer_id, 100, 0),
    'GET /calls/customer/{id}, next page by cursor': (d) =>
      listCustomerCalls(d, top.company_id, top.customer_id, 100, 0, first.next ?? undefined),
    'GET /scheduled-calls/customer/{id}, first page': (d) =>
      listScheduledCalls(d, top.company_id, top.customer_id, 100, 0),
  };
}

/**
 * Prints EXPLAIN (ANALYZE, BUFFERS) of the last statement `read` runs: `read` runs first in a
 * savepoint that is rolled back (to learn its SQL without keeping its writes), then the plan is
 * taken in the same transaction, which is rolled back too.
 */
async function plan(database: Db, title: string, read: Read): Promise<void> {
  const queries: Array<{ sql: string; bindings: unknown[] }> = [];
  const capture = (q: { sql: string; bindings: unknown[] }) => queries.push(q);
  await database
    .transaction(async (trx) => {
      database.on('query', capture);
      await trx
        .transaction(async (inner) => {
          await read(inner);
          throw new Rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof Rollback)) throw err;
        });
      database.off('query', capture);
      const q = queries.filter((x) => !/^(BEGIN|ROLLBACK|COMMIT|SAVEPOINT|RELEASE)/i.test(x.sql.trim())).at(-1);
      if (!q) return;
      const sql = q.sql.replace(/\$\d+/g, '?');
      const result = await trx.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
        q.bindings as never,
      );
      console.log(`\n### ${title}\n\n\`\`\`\n${result.rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      database.off('query', capture);
      if (!(err instanceof Rollback)) throw err;
    });
}
