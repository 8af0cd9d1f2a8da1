import { beforeAll, describe, expect, it } from 'vitest';
import * as reportIndexes from '../../migrations/20261128_057_report_indexes.js';
import { collectionsFigures } from '../../src/store/reports/collections.js';
import { dialectOf, type Db } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { indexValidity } from '../support/migrations.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const INDEXES = [
  'scheduled_calls_company_dialed_idx',
  'promises_company_created_idx',
  'payment_links_company_id_created_at_index', // migration _056, with its table
];

/**
 * Migration 057 adds the collections report's indexes: a re-run is harmless, `down` removes them,
 * and the report's one statement reads each of its three tables through its index (bounded by the
 * company and the period), on both databases.
 */
describe.each(DIALECTS)('report index migration on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let db: Db;
  beforeAll(() => {
    db = database.db;
  });

  it('a re-run is harmless; down removes the indexes; up adds them again', async () => {
    await reportIndexes.up(db);
    for (const name of INDEXES) expect((await indexValidity(db)).get(name), name).toBe(true);
    await reportIndexes.down(db);
    expect((await indexValidity(db)).has(INDEXES[0])).toBe(false);
    expect((await indexValidity(db)).has(INDEXES[1])).toBe(false);
    await reportIndexes.up(db);
    for (const name of INDEXES) expect((await indexValidity(db)).get(name), name).toBe(true);
  });

  it.each(['taskType', 'time'] as const)('the report by %s reads each table through its index', async (groupBy) => {
    // Promises of ten years, statistics taken: a year's are a range of the (company, created_at) index,
    // which the planner prefers to reading all the company's promises by (company, call).
    if ((await tables(db).promises().count({ n: '*' }))[0].n == 0) {
      await tables(db)
        .promises()
        .insert(
          Array.from({ length: 400 }, (_, i) => {
            const at = new Date(Date.UTC(2020, 0, 1) + i * 9 * 86_400_000).toISOString();
            return {
              company_id: 'company-1',
              id: `p-${i}`,
              customer_id: 'c',
              loan_id: null,
              call_id: `call-${i}`,
              amount: '10.00',
              promised_date: '2026-01-01',
              status: 'open',
              paid_amount: '0.00',
              created_at: at,
              updated_at: at,
            };
          }),
        );
      await db.raw(dialectOf(db) === 'pg' ? 'ANALYZE promises' : 'ANALYZE');
    }
    const captured: Array<{ sql: string; bindings: unknown[] }> = [];
    const capture = (q: { sql: string; bindings: unknown[] }) => captured.push(q);
    db.on('query', capture);
    await collectionsFigures(db, 'company-1', {
      from: '2026-01-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
      groupBy,
    });
    db.off('query', capture);
    const q = captured.at(-1)!;
    const sql = q.sql.replace(/\$\d+/g, '?');
    const plan =
      dialectOf(db) === 'pg'
        ? // An empty table is read sequentially whatever its indexes; the plan is asked without that choice.
          await db.transaction(async (trx) => {
            await trx.raw('SET LOCAL enable_seqscan = off');
            return (await trx.raw(`EXPLAIN ${sql}`, q.bindings as never)).rows
              .map((r: Record<string, string>) => r['QUERY PLAN'])
              .join('\n');
          })
        : (await db.raw(`EXPLAIN QUERY PLAN ${sql}`, q.bindings as never))
            .map((r: { detail: string }) => r.detail)
            .join('\n');
    for (const name of INDEXES) expect(plan, plan).toContain(name);
  });
});
