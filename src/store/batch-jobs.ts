import type { Knex } from 'knex';
import type { CompanyConfig } from './companies.js';
import type { Db } from './db.js';
import { dialectOf } from './db.js';
import { fromJson, readInstant, toJson } from './columns.js';

export type BatchJobStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';

/** Mirrors `batch_jobs`. */
export interface BatchJobRow {
  id: string;
  companyId: string;
  kind: string;
  status: BatchJobStatus;
  total: number;
  processed: number;
  failed: number;
  errorMessage: string | null;
  createdAt: string;
  processingStartedAt: string | null;
  processingCompletedAt: string | null;
}

export interface NewBatchRow {
  index: number;
  payload: unknown;
  customerRef: string | null;
  loanRef: string | null;
}

export interface RowOutcome {
  index: number;
  /** Absent when the row succeeded. */
  failure?: string;
  /** Stored for rows that produce a result (enrollment, failed rows included); customer and loan rows have none. */
  result?: unknown;
}

function jobFromRow(r: Record<string, unknown>): BatchJobRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    kind: String(r.kind),
    status: String(r.status) as BatchJobStatus,
    total: Number(r.total),
    processed: Number(r.processed),
    failed: Number(r.failed),
    errorMessage: (r.error_message as string | null) ?? null,
    createdAt: readInstant(r.created_at)!,
    processingStartedAt: readInstant(r.processing_started_at),
    processingCompletedAt: readInstant(r.processing_completed_at),
  };
}

const ROW_CHUNK = 500; // rows whose outcome one SQLite UPDATE records (an IN list of at most this many values)

/**
 * The job and every submitted row, in the caller's transaction: the rows in ONE statement with ONE
 * JSON parameter, read by json_to_recordset (Postgres) or json_each (SQLite). Four text[] literals
 * (Postgres) or 500-row multi-row INSERTs (SQLite) cost this process several times the CPU of one
 * JSON.stringify. Each payload travels as JSON text inside a JSON string, so whatever it holds (a
 * \u0000 or lone-surrogate escape) is stored as sent; references are well-formed (refOf).
 */
export async function insertBatchJob(trx: Db, companyId: string, job: { id: string; kind: string; createdAt: string }, rows: NewBatchRow[]): Promise<void> {
  await trx('batch_jobs').insert({ id: job.id, company_id: companyId, kind: job.kind, status: 'pending', total: rows.length, processed: 0, failed: 0, created_at: job.createdAt });
  const records = JSON.stringify(rows.map((r) => ({ i: r.index, p: JSON.stringify(r.payload), c: r.customerRef, l: r.loanRef })));
  const source = dialectOf(trx) === 'pg'
    ? `SELECT ?, r.i, ?, r.p, 'pending', r.c, r.l FROM json_to_recordset(?::json) AS r(i int, p text, c text, l text)`
    : `SELECT ?, value ->> '$.i', ?, value ->> '$.p', 'pending', value ->> '$.c', value ->> '$.l' FROM json_each(?)`;
  await trx.raw(`INSERT INTO batch_job_rows (job_id, row_index, company_id, payload, status, customer_ref, loan_ref) ${source}`, [job.id, companyId, records]);
}

export async function getBatchJob(db: Db, companyId: string, jobId: string): Promise<BatchJobRow | null> {
  const r = await db('batch_jobs').where({ company_id: companyId, id: jobId }).first();
  return r ? jobFromRow(r) : null;
}

export async function listBatchFailures(db: Db, companyId: string, jobId: string) {
  const rows = await db('batch_job_rows')
    .where({ company_id: companyId, job_id: jobId, status: 'failed' })
    .orderBy('row_index')
    .select('row_index', 'customer_ref', 'loan_ref', 'message');
  return rows.map((r) => ({ index: Number(r.row_index), customerRef: r.customer_ref as string | null, loanRef: r.loan_ref as string | null, message: String(r.message) }));
}

export async function listBatchResults(db: Db, companyId: string, jobId: string): Promise<{ index: number; result: unknown }[]> {
  const rows = await db('batch_job_rows').where({ company_id: companyId, job_id: jobId }).whereNotNull('result').orderBy('row_index').select('row_index', 'result');
  return rows.map((r) => ({ index: Number(r.row_index), result: fromJson(r.result) }));
}

/** What a worker needs to run a slice: the job's kind and status and its company's configuration. */
export async function getBatchJobForWork(db: Db, companyId: string, jobId: string): Promise<{ kind: string; status: BatchJobStatus; config: CompanyConfig } | null> {
  const r = await db('batch_jobs')
    .join('companies', 'companies.id', 'batch_jobs.company_id')
    .where({ 'batch_jobs.company_id': companyId, 'batch_jobs.id': jobId })
    .first('batch_jobs.kind', 'batch_jobs.status', 'companies.config');
  return r ? { kind: String(r.kind), status: r.status as BatchJobStatus, config: fromJson<CompanyConfig>(r.config)! } : null;
}

/** pending → processing, once (the first slice to start wins). */
export async function markBatchJobProcessing(db: Db, companyId: string, jobId: string, at: string): Promise<void> {
  await db('batch_jobs').where({ company_id: companyId, id: jobId, status: 'pending' }).update({ status: 'processing', processing_started_at: at });
}

/**
 * Rows in the index ranges [from, to) that have not finished yet: a slice delivered twice skips what
 * is done. A range is a slice's (queue messages carry them), so a finished slice is left out whole.
 */
export async function pendingBatchRows(db: Db, companyId: string, jobId: string, ranges: [number, number][]): Promise<{ index: number; payload: unknown }[]> {
  const finished = new Set(await finishedSliceStarts(db, jobId, ranges.map(([from]) => from)));
  const spans = mergedRanges(ranges.filter(([from]) => !finished.has(from)));
  if (spans.length === 0) return [];
  const rows: { row_index: unknown; payload: unknown }[] = await inRanges(db('batch_job_rows').where({ company_id: companyId, job_id: jobId, status: 'pending' }), spans)
    .orderBy('row_index')
    .select('row_index', 'payload');
  return rows.map((r) => ({ index: Number(r.row_index), payload: JSON.parse(String(r.payload)) }));
}

async function finishedSliceStarts(db: Db, jobId: string, starts: number[]): Promise<number[]> {
  if (starts.length === 0) return [];
  const found = await db('batch_job_finished_slices').where('job_id', jobId).whereIn('from_index', starts).pluck('from_index');
  return found.map(Number);
}

/** Rows whose index lies in one of the (sorted, disjoint) spans. */
function inRanges(q: Knex.QueryBuilder, spans: [number, number][]): Knex.QueryBuilder {
  // The outer bounds let the planner scan only that stretch of the primary key (job_id, row_index):
  // with OR'd ranges alone it read every row of the job for every unit (O(rows²) for a whole job).
  return q
    .andWhere('row_index', '>=', spans[0]![0])
    .andWhere('row_index', '<', spans[spans.length - 1]![1])
    .andWhere((w) => {
      if (spans.length === 1) return;
      for (const [from, to] of spans) w.orWhere((r) => r.where('row_index', '>=', from).andWhere('row_index', '<', to));
    });
}

/** The ranges sorted, with touching or overlapping ones joined (the slices of a unit are usually consecutive). */
function mergedRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** A slice whose row outcomes a unit records; `finished` when all its rows end now (its message is acked with them). */
export interface RecordedSlice {
  from: number;
  to: number;
  finished: boolean;
}

/**
 * Records finished rows and advances the job's counters by the rows that actually left `pending`,
 * so a slice recorded twice counts once. Failed rows and rows with a result are updated one by one;
 * the rows of a `finished` slice that succeeded without a result stay as stored and the slice is
 * recorded as finished instead (one row, not one UPDATE a row). Each slice's recording is
 * serialized (Postgres: an advisory lock per slice, taken in index order; SQLite has one writer),
 * and a slice found finished by an earlier recorder is skipped whole. The job becomes `completed`
 * in the same statement as its counters when the last row is counted.
 */
export async function recordRowOutcomes(
  trx: Db, companyId: string, jobId: string, slices: RecordedSlice[], outcomes: RowOutcome[], at: string, beforeCounters?: () => Promise<void>,
): Promise<{ processed: number; failed: number }> {
  const sorted = [...slices].sort((a, b) => a.from - b.from);
  await lockSlices(trx, jobId, sorted.map((s) => s.from));
  const finishedBefore = new Set(await finishedSliceStarts(trx, jobId, sorted.map((s) => s.from)));
  const open = sorted.filter((s) => !finishedBefore.has(s.from));
  const sliceOf = (index: number) => open.find((s) => index >= s.from && index < s.to);

  const rows = () => trx('batch_job_rows').where({ company_id: companyId, job_id: jobId, status: 'pending' });
  let succeeded = 0;
  let failed = 0;
  const plain: number[] = [];
  for (const o of outcomes) {
    const slice = sliceOf(o.index);
    if (!slice) continue; // finished by an earlier delivery of its slice
    if (o.failure !== undefined) failed += await rows().where('row_index', o.index).update({ status: 'failed', message: o.failure, result: toJson(o.result), finished_at: at });
    else if (o.result !== undefined) succeeded += await rows().where('row_index', o.index).update({ status: 'succeeded', result: toJson(o.result), finished_at: at });
    else if (!slice.finished) plain.push(o.index);
  }
  succeeded += await markSucceeded(trx, rows, plain, at);
  const finishing = open.filter((s) => s.finished);
  if (finishing.length > 0) {
    await trx('batch_job_finished_slices').insert(finishing.map((s) => ({ job_id: jobId, from_index: s.from, to_index: s.to, finished_at: at })));
    // Every row of these slices that is still pending got its outcome from this unit: it succeeded.
    const [{ n }] = await inRanges(rows(), mergedRanges(finishing.map((s): [number, number] => [s.from, s.to]))).count({ n: '*' });
    succeeded += Number(n);
  }
  const done = succeeded + failed;
  // The job row is the one row every slice of a job updates: lock it last, just before COMMIT.
  await beforeCounters?.();
  if (done > 0) {
    const completing = `status IN ('pending', 'processing') AND processed + ? >= total`;
    await trx('batch_jobs')
      .where({ company_id: companyId, id: jobId })
      .update({
        processed: trx.raw('processed + ?', [done]),
        failed: trx.raw('failed + ?', [failed]),
        status: trx.raw(`CASE WHEN ${completing} THEN 'completed' WHEN status = 'pending' THEN 'processing' ELSE status END`, [done]),
        processing_started_at: trx.raw('COALESCE(processing_started_at, ?)', [at]),
        processing_completed_at: trx.raw(`CASE WHEN ${completing} THEN ? ELSE processing_completed_at END`, [done, at]),
      });
  }
  return { processed: done, failed };
}

/**
 * Postgres: one transaction-scoped advisory lock per slice (two-int4 key space: the job id's hash,
 * the slice's first index), taken in index order so that two units never wait on each other in a
 * circle. A duplicate delivery of a slice then waits for the first recorder's commit and sees it.
 */
async function lockSlices(trx: Db, jobId: string, starts: number[]): Promise<void> {
  if (dialectOf(trx) !== 'pg' || starts.length === 0) return;
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?), f) FROM unnest(?::int[]) AS f ORDER BY f', [jobId, starts] as never[]);
}

/** Succeeded rows without a result, of slices that do not finish now (some of their rows wait for a retry). */
async function markSucceeded(trx: Db, rows: () => Knex.QueryBuilder, indexes: number[], at: string): Promise<number> {
  if (indexes.length === 0) return 0;
  if (dialectOf(trx) === 'pg') {
    // One statement with one array parameter; the bounds keep the plan on the primary key's range.
    return rows()
      .whereBetween('row_index', [Math.min(...indexes), Math.max(...indexes)])
      .whereRaw('row_index = ANY(?::int[])', [indexes] as never[])
      .update({ status: 'succeeded', finished_at: at });
  }
  let n = 0;
  for (let i = 0; i < indexes.length; i += ROW_CHUNK) n += await rows().whereIn('row_index', indexes.slice(i, i + ROW_CHUNK)).update({ status: 'succeeded', finished_at: at });
  return n;
}

/** A fatal job-level error: the job stops as `failed` with the reason. */
export async function failBatchJob(db: Db, companyId: string, jobId: string, message: string, at: string): Promise<void> {
  await db('batch_jobs')
    .where({ company_id: companyId, id: jobId })
    .whereIn('status', ['pending', 'processing'])
    .update({ status: 'failed', error_message: message, processing_completed_at: at });
}

/** Retention: jobs (and, by cascade, their rows) created before `before`. Operator maintenance, all companies. */
export async function deleteBatchJobsBefore(db: Db, before: string): Promise<number> {
  return db('batch_jobs').where('created_at', '<', before).delete();
}
