import type { CompanyContext } from '../shared/context.js';
import { requireIdempotencyKey, runIdempotent, type StoredResponse } from '../shared/idempotency.js';
import { BATCH_SUBMISSIONS, enforceRateLimit, type RateWindow } from '../shared/rate-limit.js';
import { ENROLLMENT } from './row-processors.js';
import { SLICE_QUEUE } from './slices.js';
import { type BatchDeps, requireRows, writeBatch } from './submit.js';
import { refOf } from './row-refs.js';

/** Fingerprint scope of enrollment batch submissions (the header key shares the company's key namespace). */
export const ENROLLMENT_BATCH_OPERATION = 'createCustomerBatch:enroll';

export interface AcceptedJob {
  jobId: string;
  total: number;
  slices: number;
}

export interface SubmittedEnrollment {
  /** The 202 as first answered (stored under the header key). */
  response: StoredResponse;
  replayed: boolean;
  rateWindow: RateWindow;
}

/**
 * `POST /customers/batch` with `scheduleMode: enroll`. The `Idempotency-Key` header covers the
 * submission (docs/partners/enrollment.md#batch-enrollment): the job, its rows, its queue messages and the stored 202 commit in one
 * transaction, so the same key and body always answer the same jobId, a different body under the
 * key is 422, and a retry while the first is still being written is 409 `request_in_progress`.
 * Checks run in the single enrollment's order: rate limit, header key, then the row count.
 * Each row's own `idempotencyKey` is checked when the row runs (a bad one fails that row alone).
 */
export async function submitEnrollmentBatch(
  ctx: CompanyContext,
  deps: BatchDeps,
  request: { body: { customers?: unknown }; idempotencyKey: string | string[] | undefined },
  accepted: (job: AcceptedJob) => StoredResponse,
): Promise<SubmittedEnrollment> {
  const rateWindow = await enforceRateLimit(ctx, BATCH_SUBMISSIONS);
  const key = requireIdempotencyKey(request.idempotencyKey, 'when scheduleMode is enroll');
  const rows = requireRows(request.body.customers, 'customers');
  const batchRows = rows.map((payload, index) => ({
    index,
    payload,
    customerRef: refOf(payload, 'id'),
    loanRef: refOf(payload, 'loanId'),
  }));
  const { response, replayed } = await runIdempotent(
    {
      db: ctx.db,
      companyId: ctx.companyId,
      key,
      operation: ENROLLMENT_BATCH_OPERATION,
      body: request.body,
      now: ctx.now,
    },
    async (trx) => {
      const { jobId, slices } = await writeBatch(trx, ctx, deps, ENROLLMENT, batchRows);
      return accepted({ jobId, total: rows.length, slices });
    },
    // No failure of a submission is a stored outcome: the key is released and the same request may be retried.
    () => undefined,
  );
  if (!replayed) deps.queue.wake(SLICE_QUEUE); // after commit: the slices are visible to the workers now
  return { response, replayed, rateWindow };
}
