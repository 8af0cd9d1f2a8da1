import type { Db } from '../shared/db.js';
import { readInstant } from '../shared/columns.js';
import { insertBatchRows, type NewBatchRow } from './batch-rows.js';
import { deleteInBatches } from '../shared/batched-deletes.js';

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

/**
 * The job and every submitted row (by slice, src/store/batches/batch-rows.ts), in the caller's transaction.
 * `slices` are the queue messages' ranges.
 */
export async function insertBatchJob(
  trx: Db,
  companyId: string,
  job: { id: string; kind: string; createdAt: string },
  rows: NewBatchRow[],
  slices: [number, number][],
): Promise<void> {
  await trx('batch_jobs').insert({
    id: job.id,
    company_id: companyId,
    kind: job.kind,
    status: 'pending',
    total: rows.length,
    processed: 0,
    failed: 0,
    created_at: job.createdAt,
  });
  await insertBatchRows(trx, companyId, job.id, rows, slices);
}

export async function getBatchJob(db: Db, companyId: string, jobId: string): Promise<BatchJobRow | null> {
  const r = await db<Record<string, unknown>>('batch_jobs').where({ company_id: companyId, id: jobId }).first();
  return r ? jobFromRow(r) : null;
}

/** A company's jobs, newest first. */
export async function listBatchJobs(db: Db, companyId: string, limit: number, offset: number): Promise<BatchJobRow[]> {
  const rows = await db<Record<string, unknown>>('batch_jobs')
    .where({ company_id: companyId })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset);
  return rows.map(jobFromRow);
}

/** What a worker needs of a job to run a slice: its kind and status (its company's configuration: src/domain/batches/progress.ts). */
export async function getBatchJobKind(
  db: Db,
  companyId: string,
  jobId: string,
): Promise<{ kind: string; status: BatchJobStatus } | null> {
  const r = await db<Record<string, unknown>>('batch_jobs')
    .where({ company_id: companyId, id: jobId })
    .first('kind', 'status');
  return r ? { kind: String(r.kind), status: r.status as BatchJobStatus } : null;
}

/** pending → processing, once (the first slice to start wins). */
export async function markBatchJobProcessing(db: Db, companyId: string, jobId: string, at: string): Promise<void> {
  await db('batch_jobs')
    .where({ company_id: companyId, id: jobId, status: 'pending' })
    .update({ status: 'processing', processing_started_at: at });
}

/** A fatal job-level error: the job stops as `failed` with the reason. */
export async function failBatchJob(
  db: Db,
  companyId: string,
  jobId: string,
  message: string,
  at: string,
): Promise<void> {
  await db('batch_jobs')
    .where({ company_id: companyId, id: jobId })
    .whereIn('status', ['pending', 'processing'])
    .update({ status: 'failed', error_message: message, processing_completed_at: at });
}

/** Retention: jobs (and, by cascade, their rows) created before `before`. Operator maintenance, all companies. */
export async function deleteBatchJobsBefore(db: Db, before: string): Promise<number> {
  // A job's rows go with it (cascade): a few jobs per statement keep each one short.
  return deleteInBatches(db, 'batch_jobs', 'id', (q) => q.where('created_at', '<', before), 20);
}
