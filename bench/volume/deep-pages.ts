/**
 * Deep pages: one customer with 100,000 scheduled calls and calls, listed 10 a page, so page 10,000
 * exists. Prints each list's page time at the first pages and at the last ones, walked by cursor,
 * beside the same deep page read by `offset`. A keyset page is one index range wherever it starts;
 * an `offset` page reads and throws away every row before it.
 *
 * The volume data set's customers have a few calls each (as real ones do), so this customer lives in
 * a schema of its own (`<schema>_deep`), built from a small fill and dropped afterwards.
 */
import { listCustomerCalls } from '../../src/store/calls/calls.js';
import { listScheduledCalls } from '../../src/store/scheduled-calls/scheduled-calls.js';
import { type Db, openDb } from '../../src/store/shared/db.js';
import type { KeysetAfter, KeysetPage } from '../../src/store/shared/keyset.js';
import { migrateLatest } from '../../src/store/shared/migrate.js';
import { fillVolume } from './fill.js';
import { percentile } from './percentile.js';

const ROWS = 100_000;
const PAGE = 10;

type List = (
  db: Db,
  companyId: string,
  customerId: string,
  limit: number,
  offset: number,
  after?: KeysetAfter,
) => Promise<KeysetPage<unknown>>;

/** Copies row `id` of `table` ROWS times, each column from the row unless `overrides` gives an expression of `g` (1..ROWS). */
async function cloneRow(db: Db, table: string, id: string, overrides: Record<string, string>): Promise<void> {
  const columns = (
    await db.raw<{ rows: Array<{ column_name: string }> }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`,
      [table],
    )
  ).rows.map((r) => r.column_name);
  const values = columns.map((c) => overrides[c] ?? `src."${c}"`);
  await db.raw(
    `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) SELECT ${values.join(', ')} FROM ${table} src, generate_series(1, ${ROWS}) g WHERE src.id = ?`,
    [id],
  );
}

/** Walks every page of `list` by cursor; answers the times of the first 100 pages and of the last 100. */
async function walk(db: Db, list: List, companyId: string, customerId: string) {
  const times: number[] = [];
  let after: KeysetAfter | undefined;
  for (;;) {
    const started = performance.now();
    const page = await list(db, companyId, customerId, PAGE, 0, after);
    times.push(performance.now() - started);
    if (!page.next) break;
    after = page.next;
  }
  return {
    pages: times.length,
    first: times.slice(0, 100).sort((a, b) => a - b),
    last: times.slice(-100).sort((a, b) => a - b),
  };
}

export async function measureDeepPages(url: string, schema: string, now: Date): Promise<void> {
  const name = `${schema}_deep`;
  const admin = openDb(url);
  await admin.raw(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  await admin.raw(`CREATE SCHEMA ${name}`);
  const db = openDb(url, { schema: name });
  try {
    await migrateLatest(db);
    await fillVolume(db, { scale: 0.0005, seed: 0.42, now });
    const call = (
      await db.raw<{ rows: Array<{ id: string; company_id: string; customer_id: string; scheduled_call_id: string }> }>(
        `SELECT c.id, c.company_id, c.customer_id, c.scheduled_call_id FROM calls c ORDER BY c.id LIMIT 1`,
      )
    ).rows[0];
    await cloneRow(db, 'scheduled_calls', call.scheduled_call_id, {
      id: `'deep-sc-' || g`,
      step_index: '1000 + g',
      call_id: 'NULL',
      provider_call_id: 'NULL',
      scheduled_time: `src.scheduled_time - g * interval '1 minute'`,
    });
    await cloneRow(db, 'calls', call.id, {
      id: `'deep-c-' || g`,
      scheduled_call_id: `'deep-sc-' || g`,
      provider_call_id: `'deep-p-' || g`,
      timestamp: `src."timestamp" - g * interval '1 minute'`,
    });
    await db.raw('ANALYZE scheduled_calls, calls'); // these two only: a bare ANALYZE would wait on every schema's tables

    console.log(
      `\nDeep pages: one customer with ${ROWS.toLocaleString('en-US')} scheduled calls and calls, ${PAGE} a page, walked by cursor; the last page again by offset (ms):\n`,
    );
    console.log(
      '| list | pages | pages 1–100 p50 | p99 | last 100 pages p50 | p99 | last page by offset p50 |\n|---|---:|---:|---:|---:|---:|---:|',
    );
    const lists: Array<[string, List]> = [
      ['GET /calls/customer/{id}', listCustomerCalls],
      ['GET /scheduled-calls/customer/{id}', listScheduledCalls],
    ];
    for (const [title, list] of lists) {
      const w = await walk(db, list, call.company_id, call.customer_id);
      const offsetTimes: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        await list(db, call.company_id, call.customer_id, PAGE, (w.pages - 1) * PAGE);
        offsetTimes.push(performance.now() - started);
      }
      offsetTimes.sort((a, b) => a - b);
      const f = (n: number) => n.toFixed(2);
      console.log(
        `| ${title} | ${w.pages.toLocaleString('en-US')} | ${f(percentile(w.first, 0.5))} | ${f(percentile(w.first, 0.99))} | ${f(percentile(w.last, 0.5))} | ${f(percentile(w.last, 0.99))} | ${f(percentile(offsetTimes, 0.5))} |`,
      );
    }
  } finally {
    await db.destroy();
    await admin.raw(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    await admin.destroy();
  }
}
