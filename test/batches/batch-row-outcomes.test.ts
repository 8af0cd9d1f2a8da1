import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../src/domain/companies/companies.js';
import { getBatchJob, insertBatchJob } from '../../src/store/batches/batch-jobs.js';
import {
  listBatchFailures,
  pendingBatchRows,
  recordRowOutcomes,
  type RowOutcome,
} from '../../src/store/batches/batch-rows.js';
import type { Db } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { blockedBy } from '../support/lock-waits.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const AT = '2026-11-25T12:00:00.000Z';
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const succeeded = (indexes: number[]): RowOutcome[] => indexes.map((index) => ({ index }));

/**
 * How a unit's row outcomes are recorded (src/store/batches/batch-rows.ts): rows that succeeded without a
 * result, in a slice that finishes, are recorded by the slice, not row by row; counters count every
 * row exactly once whichever way its slice was recorded, however often it is delivered.
 */
describe.each(DIALECTS)('batch row outcomes on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let db: Db;
  let companyId: string;

  beforeAll(async () => {
    db = database.db;
    ({ companyId } = await createCompany(db, 'Outcome Lending', new Date(AT)));
  });

  const newJob = async (total: number) => {
    const id = randomUUID();
    const rows = range(0, total).map((index) => ({
      index,
      payload: { index },
      customerRef: `c-${index}`,
      loanRef: null,
    }));
    const slices = range(0, Math.ceil(total / 25)).map((k): [number, number] => [k * 25, Math.min(total, k * 25 + 25)]);
    await db.transaction((trx) =>
      insertBatchJob(trx, companyId, { id, kind: 'customer_create', createdAt: AT }, rows, slices),
    );
    return id;
  };
  const record = (
    trx: Db,
    jobId: string,
    slices: { from: number; to: number; finished: boolean }[],
    outcomes: RowOutcome[],
  ) => recordRowOutcomes(trx, companyId, jobId, slices, outcomes, AT);
  const counters = async (jobId: string) => {
    const job = (await getBatchJob(db, companyId, jobId))!;
    return { status: job.status, processed: job.processed, failed: job.failed };
  };

  it('a finished slice records its succeeded rows with it and its failed rows one by one; none is pending after', async () => {
    const jobId = await newJob(50);
    const outcomes = [...succeeded(range(0, 25).filter((i) => i !== 7)), { index: 7, failure: '400: bad row' }];
    const counted = await db.transaction((trx) => record(trx, jobId, [{ from: 0, to: 25, finished: true }], outcomes));
    expect(counted).toEqual({ processed: 25, failed: 1 });
    expect(await counters(jobId)).toEqual({ status: 'processing', processed: 25, failed: 1 });
    expect(
      (
        await pendingBatchRows(db, companyId, jobId, [
          [0, 25],
          [25, 50],
        ])
      ).map((r) => r.index),
    ).toEqual(range(25, 50));
    expect(await listBatchFailures(db, companyId, jobId)).toEqual([
      { index: 7, customerRef: 'c-7', loanRef: null, message: '400: bad row' },
    ]);
    // The succeeded rows of a finished slice get no row of their own: only the failed one has an outcome row.
    expect(await tables(db).batchRowOutcomes().where({ job_id: jobId }).pluck('row_index')).toEqual([7]);
  });

  it('a slice recorded again (a second delivery) changes nothing, whichever way either recorded it', async () => {
    const jobId = await newJob(50);
    await db.transaction((trx) => record(trx, jobId, [{ from: 0, to: 25, finished: true }], succeeded(range(0, 25))));
    const again = await db.transaction((trx) =>
      record(trx, jobId, [{ from: 0, to: 25, finished: true }], succeeded(range(0, 25))),
    );
    const rowByRow = await db.transaction((trx) =>
      record(
        trx,
        jobId,
        [{ from: 0, to: 25, finished: false }],
        [...succeeded(range(0, 24)), { index: 24, failure: '500: x' }],
      ),
    );
    expect([again, rowByRow]).toEqual([
      { processed: 0, failed: 0 },
      { processed: 0, failed: 0 },
    ]);
    expect(await counters(jobId)).toEqual({ status: 'processing', processed: 25, failed: 0 });
  });

  it('a slice partly recorded row by row (a row left for a retry) is finished later with only the rest counted', async () => {
    const jobId = await newJob(30);
    // The first attempt: rows 25-28 succeed, row 29 waits for its retry; the slice is not acked.
    await db.transaction((trx) =>
      record(trx, jobId, [{ from: 25, to: 30, finished: false }], succeeded(range(25, 29))),
    );
    expect((await pendingBatchRows(db, companyId, jobId, [[25, 30]])).map((r) => r.index)).toEqual([29]);
    await db.transaction((trx) =>
      record(
        trx,
        jobId,
        [
          { from: 0, to: 25, finished: true },
          { from: 25, to: 30, finished: true },
        ],
        succeeded([...range(0, 25), 29]),
      ),
    );
    expect(await counters(jobId)).toEqual({ status: 'completed', processed: 30, failed: 0 });
    expect(
      await pendingBatchRows(db, companyId, jobId, [
        [0, 25],
        [25, 30],
      ]),
    ).toEqual([]);
  });

  // SQLite has one writer: two recorders never overlap there.
  if (dialect === 'postgres')
    it('a duplicate delivery recording the same slice meanwhile waits for the first and counts nothing', async () => {
      const jobId = await newJob(25);
      const first = await db.transaction();
      await record(first, jobId, [{ from: 0, to: 25, finished: true }], succeeded(range(0, 25)));
      // The duplicate read the rows as pending before the first committed; it records them row by row.
      const duplicate = db.transaction((trx) =>
        record(trx, jobId, [{ from: 0, to: 25, finished: false }], succeeded(range(0, 25))),
      );
      await blockedBy(db, first);
      await first.commit();
      expect(await duplicate).toEqual({ processed: 0, failed: 0 });
      expect(await counters(jobId)).toEqual({ status: 'completed', processed: 25, failed: 0 });
    });
});
