/**
 * Volume data set: fills a Postgres schema of its own with production-volume data (bench/volume/fill.ts)
 * and prints, per table, the rows and the time, the table sizes, and the plans (EXPLAIN ANALYZE,
 * BUFFERS) of the hot reads on it: the dial claim, the dial-time history read, and a customer list's
 * deep page by `offset` and by cursor.
 *
 *   npm run bench:volume -- [--scale 1] [--seed 0.42] [--now 2026-11-26T00:00:00Z] [--schema bench_volume]
 *
 * BENCH_POSTGRES_URL (default TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/test) names
 * the database; the schema is dropped and created again, so nothing else in that database is touched.
 * The claim's plan is taken inside a transaction that is rolled back.
 */
import { parseArgs } from 'node:util';
import { listCustomerCalls } from '../../src/store/calls/calls.js';
import { claimDueCalls } from '../../src/store/calls/call-dispatch.js';
import { listContactHistoryOf } from '../../src/store/planning/schedules.js';
import { type Db, openDb } from '../../src/store/shared/db.js';
import { migrateLatest } from '../../src/store/shared/migrate.js';
import { fillVolume, volumeCounts } from './fill.js';

/** Thrown to roll a transaction back on purpose. */
class Rollback extends Error {}

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '0.42' },
    now: { type: 'string' },
    schema: { type: 'string', default: 'bench_volume' },
  },
});
const scale = Number(values.scale);
const seed = Number(values.seed);
const now = values.now ? new Date(values.now) : new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
const schema = values.schema!;
if (!(scale > 0) || Number.isNaN(now.getTime()) || !/^[a-z_][a-z0-9_]*$/.test(schema)) {
  throw new Error('usage: --scale <positive number> --seed <-1..1> --now <ISO instant> --schema <lower-case identifier>');
}
const url = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const admin = openDb(url);
await admin.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
await admin.raw(`CREATE SCHEMA ${schema}`);
await admin.destroy();
const db = openDb(url, { schema });

console.log(`volume data set: scale ${scale} (${JSON.stringify(volumeCounts(scale))}), seed ${seed}, now ${now.toISOString()}, schema ${schema}`);
const started = performance.now();
await migrateLatest(db);
const steps = await fillVolume(db, { scale, seed, now });
console.log('\n| table | rows | ms |\n|---|---:|---:|');
for (const s of steps) console.log(`| ${s.table} | ${s.rows.toLocaleString('en-US')} | ${s.ms.toLocaleString('en-US')} |`);
console.log(`\nbuilt in ${((performance.now() - started) / 1000).toFixed(1)} s (migrations, fill, ANALYZE)`);

const sizes = await db.raw(`SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes FROM pg_class c
  WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' ORDER BY bytes DESC LIMIT 12`);
console.log('\n| table | size with indexes |\n|---|---:|');
for (const r of sizes.rows) console.log(`| ${r.name} | ${(Number(r.bytes) / 2 ** 20).toFixed(1)} MiB |`);

const top = (await db.raw(`SELECT company_id, customer_id FROM calls GROUP BY company_id, customer_id ORDER BY count(*) DESC, customer_id LIMIT 1`)).rows[0];
const bigCompany = (await db.raw(`SELECT company_id FROM customers GROUP BY company_id ORDER BY count(*) DESC LIMIT 1`)).rows[0].company_id;
const someCustomers = (await db.raw(`SELECT company_id AS "companyId", id AS "customerId" FROM customers WHERE company_id = ? ORDER BY id LIMIT 20`, [bigCompany])).rows;
const page = await listCustomerCalls(db, top.company_id, top.customer_id, 1, 0);

const inAnHour = new Date(now.getTime() + 3_600_000).toISOString();
await plan(db, 'dial claim (due within the next hour; rolled back)', (d) => claimDueCalls(d, inAnHour, { batch: 50, defaultConcurrency: 10 }));
await plan(db, 'dial-time history read (20 customers of the largest company, 60 days)', (d) => listContactHistoryOf(d, someCustomers, new Date(now.getTime() - 60 * 86_400_000).toISOString()));
await plan(db, 'calls list of the customer with most calls, first page by offset', (d) => listCustomerCalls(d, top.company_id, top.customer_id, 100, 0));
if (page.next) {
  const after = page.next;
  await plan(db, 'the same list, the page after its first row by cursor', (d) => listCustomerCalls(d, top.company_id, top.customer_id, 100, 0, after));
}
await db.destroy();

/**
 * Prints EXPLAIN (ANALYZE, BUFFERS) of the last statement `read` runs: `read` runs first in a
 * savepoint that is rolled back (to learn its SQL without keeping its writes), then the plan is
 * taken in the same transaction, which is rolled back too.
 */
async function plan(database: Db, title: string, read: (db: Db) => Promise<unknown>): Promise<void> {
  const queries: Array<{ sql: string; bindings: unknown[] }> = [];
  const capture = (q: { sql: string; bindings: unknown[] }) => queries.push(q);
  await database.transaction(async (trx) => {
    database.on('query', capture);
    await trx.transaction(async (inner) => {
      await read(inner);
      throw new Rollback();
    }).catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
    database.off('query', capture);
    const q = queries.filter((x) => !/^(BEGIN|ROLLBACK|COMMIT|SAVEPOINT|RELEASE)/i.test(x.sql.trim())).at(-1);
    if (!q) return;
    const sql = q.sql.replace(/\$\d+/g, '?');
    const result = await trx.raw(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, q.bindings as never);
    console.log(`\n### ${title}\n\n\`\`\`\n${result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
    throw new Rollback();
  }).catch((err: unknown) => {
    database.off('query', capture);
    if (!(err instanceof Rollback)) throw err;
  });
}

