import { type BatchJobView, LOAN_BATCH_KINDS } from '../../domain/batches/read.js';
import type { components } from '../../../generated/api-types.js';

type Schemas = components['schemas'];

/** The 202 message (docs/partners/batches.md#submission): the number of parallel slices and where to poll. */
function acceptedMessage(slices: number, pollPath: string): string {
  return `Batch job created with ${slices} parallel batches. Poll GET ${pollPath} for status.`;
}

function common(v: BatchJobView) {
  const { job } = v;
  return {
    jobId: job.id,
    status: job.status,
    processed: job.processed,
    failed: job.failed,
    progressPercentage: v.progressPercentage,
    createdAt: job.createdAt,
    processingStartedAt: job.processingStartedAt,
    processingCompletedAt: job.processingCompletedAt,
    // Only a failed job explains itself; a completed job with failed rows has failures instead.
    errorMessage: job.status === 'failed' ? (job.errorMessage ?? 'The job failed') : null,
  };
}

export function presentCustomerBatchJob(v: BatchJobView): Schemas['BatchJob'] {
  const { jobId, status, ...rest } = common(v);
  return {
    jobId,
    status,
    totalCustomers: v.job.total,
    ...rest,
    failures: v.failures.map((f) => ({ index: f.index, customerId: f.customerRef, message: f.message })),
    results: v.results.map((r) => ({ index: r.index, ...(r.result as object) }) as Schemas['OriginationRowResult']),
  };
}

export function presentLoanBatchJob(v: BatchJobView): Schemas['LoanBatchJob'] {
  const { jobId, status, ...rest } = common(v);
  return {
    jobId,
    status,
    totalLoans: v.job.total,
    ...rest,
    failures: v.failures.map((f) => ({
      index: f.index,
      customerId: f.customerRef,
      loanId: f.loanRef,
      message: f.message,
    })),
    results: [],
  };
}

/** The 202 body of a customer batch submission; `pollPath` is where its job is read. */
export function presentCustomerBatchAccepted(job: { jobId: string; total: number; slices: number }, pollPath: string) {
  return { jobId: job.jobId, totalCustomers: job.total, message: acceptedMessage(job.slices, pollPath) };
}

/** The 202 body of a loan batch submission. */
export function presentLoanBatchAccepted(job: { jobId: string; total: number; slices: number }) {
  return { jobId: job.jobId, totalLoans: job.total, message: acceptedMessage(job.slices, `/loans/batch/${job.jobId}`) };
}

/** `batch.completed`'s data: the job as its GET returns it, with the kind of rows it held. */
export function presentCompletedBatch(v: BatchJobView) {
  return LOAN_BATCH_KINDS.includes(v.job.kind)
    ? { kind: 'loans' as const, job: presentLoanBatchJob(v) }
    : { kind: 'customers' as const, job: presentCustomerBatchJob(v) };
}
