import { beforeAll, describe, expect, it } from 'vitest';
import * as pendingOrder from '../../migrations/20261127_028_pending_call_order_index.js';
import { dialectOf, type Db } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';

const ADDED = 'scheduled_calls_pending_order_idx';
const REPLACED = 'scheduled_calls_status_scheduled_time_index';

/**
 * Migration 028 replaces the scheduled calls' (status, time) index with a partial one on the
 * pending calls in due order: a re-run is harmless, `down` restores, and the claim's read of due
 * calls across companies (both dialects) uses it.
 */
describe.each(DIALECTS)('pending call order index migration on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let db: Db;
  beforeAll(async () => {
    db = database.db;
  });

  async function indexNames(): Promise<Set<string>> {
    const rows: Array<{ name: string }> =
      dialectOf(db) === 'pg'
        ? (
            await db.raw(
              `SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'scheduled_calls'`,
            )
          ).rows
        : await db.raw(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'scheduled_calls'`);
    return new Set(rows.map((r) => r.name));
  }

  it('a re-run is harmless; down restores (status, time); up replaces it again', async () => {
    await pendingOrder.up(db);
    expect(await indexNames()).toContain(ADDED);
    expect(await indexNames()).not.toContain(REPLACED);
    await pendingOrder.down(db);
    expect(await indexNames()).toContain(REPLACED);
    expect(await indexNames()).not.toContain(ADDED);
    await pendingOrder.up(db);
    expect(await indexNames()).toContain(ADDED);
    expect(await indexNames()).not.toContain(REPLACED);
  });

  it('the due calls of all companies in due order are read from the partial index', async () => {
    const read = `SELECT d.company_id, d.scheduled_time, d.id FROM scheduled_calls d
      WHERE d.status = 'pending' AND d.scheduled_time <= '2026-11-27T00:00:00Z' ORDER BY d.scheduled_time, d.id LIMIT 100`;
    const plan =
      dialectOf(db) === 'pg'
        ? // An empty table is read sequentially whatever its indexes; the plan is asked without that choice.
          await db.transaction(async (trx) => {
            await trx.raw('SET LOCAL enable_seqscan = off');
            return (await trx.raw(`EXPLAIN ${read}`)).rows
              .map((r: Record<string, string>) => r['QUERY PLAN'])
              .join('\n');
          })
        : (await db.raw(`EXPLAIN QUERY PLAN ${read}`)).map((r: { detail: string }) => r.detail).join('\n');
    expect(plan).toContain(ADDED);
    expect(plan).not.toMatch(/Sort|TEMP B-TREE/);
  });
});
