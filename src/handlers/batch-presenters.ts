import type { BatchJobView } from '../domain/batches/read.js';
import type { LoanRow } from '../domain/loans/loans.js';
import type { components } from '../../generated/api-types.js';

type Schemas = components['schemas'];

/** The 202 message (docs/partners/batches.md#submission): the number of parallel slices and where to poll. */
export function acceptedMessage(slices: number, pollPath: string): string {
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

const num = (v: string | null) => (v === null ? null : Number(v));

/** The loan response body: every property present, decimals as JSON numbers. */
export function presentLoan(l: LoanRow): Schemas['Loan'] {
  return {
    id: l.id,
    customerId: l.customerId,
    type: l.type,
    applicationStatus: l.applicationStatus,
    servicingStatus: l.servicingStatus,
    originationDate: l.originationDate,
    startDate: l.startDate,
    dueDate: l.dueDate,
    chargeoffDate: l.chargeoffDate,
    totalBalance: num(l.totalBalance),
    amountDue: num(l.amountDue),
    originalFundedAmount: num(l.originalFundedAmount),
    originalTotalOwed: num(l.originalTotalOwed),
    interestRate: num(l.interestRate),
    apr: num(l.apr),
    payoffAmount: num(l.payoffAmount),
    totalPayoffAmount: num(l.totalPayoffAmount),
    balanceAtTransfer: num(l.balanceAtTransfer),
    preTransferPayments: num(l.preTransferPayments),
    chargeoffAmount: num(l.chargeoffAmount),
    paymentPlanMinPercentage: num(l.paymentPlanMinPercentage),
    paymentPlanMaxPercentage: num(l.paymentPlanMaxPercentage),
    isSettled: l.isSettled,
    autopayEnabled: l.autopayEnabled,
    isVisibleInBorrowerPortal: l.isVisibleInBorrowerPortal,
    daysPastDueAtBoarding: l.daysPastDueAtBoarding,
    daysSinceOriginationAtBoarding: l.daysSinceOriginationAtBoarding,
    externalLmsMetadata: l.externalLmsMetadata,
    portfolioId: l.portfolioId,
    taskType: l.taskType,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
  };
}
