import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { createCompany } from '../../src/domain/companies/companies.js';
import {
  listBatchFailures,
  listBatchResults,
  pendingBatchRows,
  recordRowOutcomes,
} from '../../src/store/batches/batch-rows.js';
import { getBatchJob } from '../../src/store/batches/batch-jobs.js';
import type { Db } from '../../src/store/shared/db.js';
import { migrateLatest } from '../../src/store/shared/migrate.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { migrationsUpTo } from '../support/migrations.js';

const AT = '2026-11-24T12:00:00.000Z';
const MIGRATION = '20261125_017_batch_slices';
const names = Object.keys(migrations);
const upTo = migrationsUpTo;
const before = names[names.indexOf(MIGRATION) - 1];

/**
 * Migration 017 stores submitted rows by slice and outcomes by row: a job in flight when it runs
 * (rows stored one by one, some finished) goes on where it stood, and `down` gives the rows back.
 */
describe.each(DIALECTS)('batch rows carried over to slices on %s', (dialect) => {
  const database = useTestDatabase(dialect, { migrate: (d) => d.migrate.latest(upTo(before)) });
  let db: Db;
  let companyId: string;
  const jobId = randomUUID();
  // 30 rows: slice [0, 25) fully finished (one row failed), slice [25, 30) half done (one with a result).
  const oldRows = Array.from({ length: 30 }, (_, i) => ({
    job_id: jobId,
    row_index: i,
    payload: JSON.stringify({ id: `c-${i}`, note: i === 3 ? 'a \\u0000 escape, as sent' : 'x' }),
    status: i < 25 ? (i === 7 ? 'failed' : 'succeeded') : i < 27 ? 'succeeded' : 'pending',
    customer_ref: `c-${i}`,
    loan_ref: i === 7 ? 'loan-7' : null,
    message: i === 7 ? '400: bad row' : null,
    result: i === 26 ? JSON.stringify({ receipt: 26 }) : null,
    finished_at: i < 27 ? AT : null,
  }));

  beforeAll(async () => {
    db = database.db;
    ({ companyId } = await createCompany(db, 'Carried Lending', new Date(AT)));
    await tables(db).batchJobs().insert({
      id: jobId,
      company_id: companyId,
      kind: 'customer_create',
      status: 'processing',
      total: 30,
      processed: 27,
      failed: 1,
      created_at: AT,
    });
    await db('batch_job_rows').insert(oldRows.map((r) => ({ ...r, company_id: companyId })));
    await migrateLatest(db);
  });

  it('pending rows stay pending with their payloads as sent; failures and results are kept', async () => {
    expect(
      await pendingBatchRows(db, companyId, jobId, [
        [0, 25],
        [25, 30],
      ]),
    ).toEqual([27, 28, 29].map((i) => ({ index: i, payload: JSON.parse(oldRows[i].payload) })));
    expect(await listBatchFailures(db, companyId, jobId)).toEqual([
      { index: 7, customerRef: 'c-7', loanRef: 'loan-7', message: '400: bad row' },
    ]);
    expect(await listBatchResults(db, companyId, jobId)).toEqual([{ index: 26, result: { receipt: 26 } }]);
  });

  it('the job finishes counting only the rows left; down gives back every row as it then stood', async () => {
    const outcomes = [{ index: 27 }, { index: 28 }, { index: 29, failure: '400: late' }];
    expect(
      await db.transaction((trx) =>
        recordRowOutcomes(trx, companyId, jobId, [{ from: 25, to: 30, finished: true }], outcomes, AT),
      ),
    ).toEqual({ processed: 3, failed: 1 });
    expect(await getBatchJob(db, companyId, jobId)).toMatchObject({ status: 'completed', processed: 30, failed: 2 });

    // Later migrations first, one at a time, so 017 is the last one applied when it goes down.
    for (const later of names.slice(names.indexOf(MIGRATION)).reverse()) await db.migrate.down(upTo(later));
    const rows = await db('batch_job_rows')
      .where({ job_id: jobId })
      .orderBy('row_index')
      .select('row_index', 'payload', 'status', 'customer_ref', 'loan_ref', 'message');
    expect(rows.map((r) => ({ ...r, row_index: Number(r.row_index) }))).toEqual(
      oldRows.map((r) => ({
        row_index: r.row_index,
        payload: r.payload,
        customer_ref: r.customer_ref,
        loan_ref: r.loan_ref,
        status: r.row_index === 29 ? 'failed' : r.status === 'pending' ? 'succeeded' : r.status,
        message: r.row_index === 29 ? '400: late' : r.message,
      })),
    );
    await migrateLatest(db);
  });
});
