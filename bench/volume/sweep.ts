/**
 * The retention sweep on the full data set, as the workers run it (sweepRetention), timing every
 * statement it sends. Each delete is its own statement outside any transaction, so a statement's
 * time is the time its transaction holds locks and keeps old row versions alive: the figure the
 * "never longer than a second" bar is about.
 *
 * Destructive on purpose: the sweep runs with a clock moved forward so that contact records are
 * past the retention floor (1096 days) for the data set's oldest month, and every idempotency record
 * has expired. The schema holds less afterwards; build it again before comparing reads.
 */
import { sweepRetention } from '../../src/domain/retention/sweep.js';
import { CONTACT_RECORD_FLOOR_DAYS } from '../../src/domain/retention/contact-records.js';
import { createLogger } from '../../src/lib/logger.js';
import type { Db } from '../../src/store/shared/db.js';
import { percentile } from './percentile.js';

const DAY_MS = 86_400_000;

interface Timed {
  table: string;
  ms: number;
}

/** Runs the sweep so that it deletes the contact records older than `keepDays` before `now`; prints each table's statements. */
export async function measureSweep(db: Db, now: Date, keepDays = 365): Promise<void> {
  const sweepNow = new Date(now.getTime() + (CONTACT_RECORD_FLOOR_DAYS - keepDays) * DAY_MS);
  const started = new Map<string, { sql: string; at: number }>();
  const timed: Timed[] = [];
  const onQuery = (q: { __knexQueryUid: string; sql: string }) =>
    started.set(q.__knexQueryUid, { sql: q.sql, at: performance.now() });
  const onResponse = (_: unknown, q: { __knexQueryUid: string }) => {
    const s = started.get(q.__knexQueryUid);
    if (!s) return;
    started.delete(q.__knexQueryUid);
    const table = /^delete from "?(\w+)"?/i.exec(s.sql.trim())?.[1];
    if (table) timed.push({ table, ms: performance.now() - s.at });
  };
  db.on('query', onQuery).on('query-response', onResponse);
  const began = performance.now();
  const counts = await sweepRetention(db, sweepNow, createLogger('silent'), {
    contactRecordRetentionDays: CONTACT_RECORD_FLOOR_DAYS,
  });
  const seconds = (performance.now() - began) / 1000;
  db.off('query', onQuery).off('query-response', onResponse);

  console.log(
    `\nRetention sweep on the full data (contact records older than ${keepDays} days, expired idempotency records): ${seconds.toFixed(1)} s, ${JSON.stringify(counts)}\n`,
  );
  console.log('| table | delete statements | p50 ms | p99 ms | longest ms |\n|---|---:|---:|---:|---:|');
  const tables = [...new Set(timed.map((t) => t.table))];
  for (const table of tables) {
    const ms = timed
      .filter((t) => t.table === table)
      .map((t) => t.ms)
      .sort((a, b) => a - b);
    console.log(
      `| ${table} | ${ms.length} | ${percentile(ms, 0.5).toFixed(1)} | ${percentile(ms, 0.99).toFixed(1)} | ${ms.at(-1)!.toFixed(1)} |`,
    );
  }
}
