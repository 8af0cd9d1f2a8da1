import { type BatchJobRow, getBatchJob, listBatchJobs } from '../../store/batches/batch-jobs.js';
import { listBatchFailures, listBatchResults } from '../../store/batches/batch-rows.js';
import type { CompanyContext } from '../shared/context.js';
import { NotFoundError } from '../shared/errors.js';
import { CUSTOMER_CREATE, ENROLLMENT, LOAN_UPSERT } from './row-processors.js';

/** Job kinds each status endpoint serves: a loan job is not found under /customers/batch and vice versa. */
export const CUSTOMER_BATCH_KINDS = [CUSTOMER_CREATE, ENROLLMENT];
export const LOAN_BATCH_KINDS = [LOAN_UPSERT];

/** Kinds whose rows produce no per-row result: their `results` is always empty. */
const WITHOUT_RESULTS = new Set([CUSTOMER_CREATE, LOAN_UPSERT]);

export interface BatchJobView {
  job: BatchJobRow;
  progressPercentage: number;
  /** Sorted by index, never truncated. */
  failures: { index: number; customerRef: string | null; loanRef: string | null; message: string }[];
  /** Rows that finished with a result (enrollment rows, failed ones included), by index. */
  results: { index: number; result: unknown }[];
}

export async function readBatchJob(
  ctx: Pick<CompanyContext, 'db' | 'companyId'>,
  jobId: string,
  kinds: string[],
): Promise<BatchJobView> {
  const job = await getBatchJob(ctx.db, ctx.companyId, jobId);
  if (!job || !kinds.includes(job.kind)) throw new NotFoundError(`Batch job ${jobId} not found`);
  const [failures, results] = await Promise.all([
    job.failed > 0 ? listBatchFailures(ctx.db, ctx.companyId, jobId) : [],
    WITHOUT_RESULTS.has(job.kind) ? [] : listBatchResults(ctx.db, ctx.companyId, jobId),
  ]);
  return { job, progressPercentage: job.total === 0 ? 100 : (job.processed / job.total) * 100, failures, results };
}

/** The company's jobs, newest first, each with where its progress and rows are read (GET /batches). */
export async function listBatches(
  ctx: Pick<CompanyContext, 'db' | 'companyId'>,
  page: { limit?: number; offset?: number },
) {
  const jobs = await listBatchJobs(ctx.db, ctx.companyId, page.limit ?? 100, page.offset ?? 0);
  return jobs.map((job) => ({
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    total: job.total,
    processed: job.processed,
    failed: job.failed,
    progressPercentage: job.total === 0 ? 100 : (job.processed / job.total) * 100,
    createdAt: job.createdAt,
    processingCompletedAt: job.processingCompletedAt,
    statusPath: `${LOAN_BATCH_KINDS.includes(job.kind) ? '/loans/batch' : '/customers/batch'}/${job.id}`,
  }));
}

/** Retention (src/domain/retention/) deletes old batch jobs through batches. */
export { deleteBatchJobsBefore } from '../../store/batches/batch-jobs.js';
