/**
 * The collections report (GET /reports/collections) on the volume data set: a year of the largest
 * lender (at scale 1, about 200,000 customers), by task type and by week, timed as the service runs
 * it (src/domain/reports/collections.ts: one statement, then the weeks folded in JavaScript) beside
 * the same aggregation written as raw SQL, in the same run. Targets: under 1 s, and at most 1.5×
 * the raw SQL.
 */
import { collectionsReport } from '../../src/domain/reports/collections.js';
import type { Db } from '../../src/store/shared/db.js';
import { PROMISE_SHAPE } from './fill.js';
import { percentile } from './percentile.js';

/** The raw aggregation: the same three aggregates, grouped in the database (weeks by date_trunc in the zone). */
function rawSql(groupBy: 'taskType' | 'week'): string {
  const key = (column: string, task: string) =>
    groupBy === 'taskType' ? task : `date_trunc('week', ${column} AT TIME ZONE 'UTC')`;
  return `SELECT k, sum(a), sum(cn), sum(r), sum(t), sum(p), sum(pa), sum(o), sum(k2), sum(kp), sum(pk), sum(pkp), sum(b), sum(ba), sum(ls), sum(lo) FROM (
    SELECT ${key('dialed_at', 'task_type')}::text AS k, count(*) AS a,
           count(*) FILTER (WHERE post_processing_flags @> '["CONNECT"]') AS cn,
           count(*) FILTER (WHERE post_processing_flags @> '["RPC"]') AS r,
           count(*) FILTER (WHERE post_processing_flags @> '["SUCCESSFUL_TRANSFER"]' OR post_processing_flags @> '["TRANSFER"]') AS t,
           0 AS p, 0 AS pa, 0 AS o, 0 AS k2, 0 AS kp, 0 AS pk, 0 AS pkp, 0 AS b, 0 AS ba, 0 AS ls, 0 AS lo
    FROM scheduled_calls WHERE company_id = ? AND dialed_at IS NOT NULL AND dialed_at >= ? AND dialed_at < ? GROUP BY 1
    UNION ALL
    SELECT ${key('p.created_at', 'sc.task_type')}::text, 0, 0, 0, 0, count(*), sum(p.amount),
           count(*) FILTER (WHERE p.status = 'open'), count(*) FILTER (WHERE p.status = 'kept'),
           coalesce(sum(p.paid_amount) FILTER (WHERE p.status = 'kept'), 0), count(*) FILTER (WHERE p.status = 'partially_kept'),
           coalesce(sum(p.paid_amount) FILTER (WHERE p.status = 'partially_kept'), 0), count(*) FILTER (WHERE p.status = 'broken'),
           coalesce(sum(p.amount) FILTER (WHERE p.status = 'broken'), 0), 0, 0
    FROM promises p ${groupBy === 'taskType' ? 'LEFT JOIN calls c ON c.id = p.call_id LEFT JOIN scheduled_calls sc ON sc.id = c.scheduled_call_id' : ''}
    WHERE p.company_id = ? AND p.created_at >= ? AND p.created_at < ? GROUP BY 1
    UNION ALL
    SELECT ${key('pl.created_at', 'pl.task_type')}::text, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
           count(*) FILTER (WHERE sm.sent_at IS NOT NULL AND sm.status IN ('sent', 'delivered', 'undelivered')),
           count(*) FILTER (WHERE pl.first_opened_at IS NOT NULL)
    FROM payment_links pl LEFT JOIN scheduled_messages sm ON sm.id = pl.scheduled_message_id
    WHERE pl.company_id = ? AND pl.created_at >= ? AND pl.created_at < ? GROUP BY 1
  ) x GROUP BY k`;
}

async function timed(runs: number, run: () => Promise<unknown>): Promise<{ p50: number; max: number }> {
  for (let i = 0; i < 2; i++) await run(); // warm-up: the same pages cached for both sides
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), max: times[times.length - 1] };
}

/** Times the report and its raw SQL on the largest company's last 365 days; prints a table and the plan. */
export async function measureReport(db: Db, now: Date, runs: number): Promise<void> {
  const company = (
    await db.raw<{ rows: Array<{ company_id: string; customers: string }> }>(
      `SELECT company_id, count(*) AS customers FROM customers GROUP BY company_id ORDER BY count(*) DESC, company_id LIMIT 1`,
    )
  ).rows[0];
  const to = new Date(now.getTime() - 86_400_000);
  const from = new Date(to.getTime() - 364 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const fromIso = `${day(from)}T00:00:00.000Z`;
  const toIso = new Date(new Date(`${day(to)}T00:00:00.000Z`).getTime() + 86_400_000).toISOString();
  const counts = (
    await db.raw<{ rows: Array<{ promises: string; links: string; calls: string }> }>(
      `SELECT (SELECT count(*) FROM promises WHERE company_id = :c AND created_at >= :f AND created_at < :t) AS promises,
              (SELECT count(*) FROM payment_links WHERE company_id = :c AND created_at >= :f AND created_at < :t) AS links,
              (SELECT count(*) FROM scheduled_calls WHERE company_id = :c AND dialed_at >= :f AND dialed_at < :t) AS calls`,
      { c: company.company_id, f: fromIso, t: toIso },
    )
  ).rows[0];
  // A year-old table in production has been vacuumed (autovacuum): its pages are all-visible, so the
  // report's index-only scans read no table row. The fill ends with ANALYZE only; this makes the same.
  const vacuumed = performance.now();
  for (const table of ['scheduled_calls', 'promises', 'payment_links', 'scheduled_messages'])
    await db.raw(`VACUUM (ANALYZE) ${table}`);
  const vacuumSeconds = ((performance.now() - vacuumed) / 1000).toFixed(1);
  console.log(
    `\n### Collections report (GET /reports/collections)\n\nThe largest lender: ${Number(company.customers).toLocaleString('en-US')} customers; ${day(from)} to ${day(to)} (365 days, UTC): ${Number(counts.calls).toLocaleString('en-US')} calls placed, ${Number(counts.promises).toLocaleString('en-US')} promises, ${Number(counts.links).toLocaleString('en-US')} payment links. Outcome rows: ${PROMISE_SHAPE}. ${runs} runs each after 2 warm-up runs, same process and run (ms), after VACUUM (ANALYZE) of the four tables it reads (${vacuumSeconds} s).\n`,
  );
  console.log(
    '| grouping | report p50 | report max | raw SQL p50 | raw SQL max | report ÷ raw (p50) | target |\n|---|---:|---:|---:|---:|---:|---|',
  );
  for (const groupBy of ['taskType', 'week'] as const) {
    const report = await timed(runs, () =>
      collectionsReport(
        { db, companyId: company.company_id },
        { from: day(from), to: day(to), groupBy, timezone: 'UTC' },
      ),
    );
    const args = [company.company_id, fromIso, toIso];
    const raw = await timed(runs, () => db.raw(rawSql(groupBy), [...args, ...args, ...args]));
    const ratio = report.p50 / raw.p50;
    console.log(
      `| ${groupBy} | ${report.p50.toFixed(1)} | ${report.max.toFixed(1)} | ${raw.p50.toFixed(1)} | ${raw.max.toFixed(1)} | ${ratio.toFixed(2)} | < 1,000 ms and ≤ 1.5×: ${report.p50 < 1000 && ratio <= 1.5 ? 'met' : 'not met'} |`,
    );
  }
  // The report's plan, by week: each part reads its company's period through its index.
  const captured: Array<{ sql: string; bindings: unknown[] }> = [];
  const capture = (q: { sql: string; bindings: unknown[] }) => captured.push(q);
  db.on('query', capture);
  await collectionsReport({ db, companyId: company.company_id }, { from: day(from), to: day(to), groupBy: 'week' });
  db.off('query', capture);
  const q = captured.at(-1)!;
  const plan = await db.raw<{ rows: Array<{ 'QUERY PLAN': string }> }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${q.sql.replace(/\$\d+/g, '?')}`,
    q.bindings as never,
  );
  console.log(`\n\`\`\`\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\``);
}
