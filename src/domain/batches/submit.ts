import type { JobQueue } from '../ports/job-queue.js';
import { insertBatchJob } from '../../store/batches/batch-jobs.js';
import type { NewBatchRow } from '../../store/batches/batch-rows.js';
import type { Db } from '../../store/shared/db.js';
import type { CompanyContext } from '../shared/context.js';
import { InvalidInputError } from '../shared/errors.js';
import { BATCH_SUBMISSIONS, enforceRateLimit, type RateWindow } from '../shared/rate-limit.js';
import { CUSTOMER_CREATE, LOAN_UPSERT } from './row-processors.js';
import { MAX_BATCH_ROWS, SLICE_QUEUE, sliceMessages } from './slices.js';
import { refOf } from './row-refs.js';
import { newId } from '../shared/ids.js';

export interface BatchDeps {
  queue: JobQueue;
  /** Retry settings of the slices' messages (the process's job options, src/config/jobs.ts). */
  options: { maxAttempts: number; retryDelaySeconds: number; sliceTimeoutSeconds: number };
}

export interface Submitted {
  jobId: string;
  total: number;
  slices: number;
  /** The batch rate window after this submission (informational headers on the 202). */
  rateWindow: RateWindow;
}

/**
 * Stores the job, every submitted row and one queue message per slice in ONE transaction: either the
 * client gets a jobId and every row is durable, or nothing was written. Workers start after commit.
 */
async function submitBatch(ctx: CompanyContext, deps: BatchDeps, kind: string, rows: NewBatchRow[]) {
  const written = await ctx.db.transaction((trx) => writeBatch(trx, ctx, deps, kind, rows));
  deps.queue.wake(SLICE_QUEUE);
  return written;
}

/** The writes of a submission, in the caller's transaction (the caller wakes the workers after commit). */
export async function writeBatch(trx: Db, ctx: CompanyContext, deps: BatchDeps, kind: string, rows: NewBatchRow[]) {
  const jobId = newId();
  const messages = sliceMessages(jobId, ctx.companyId, rows.length, kind);
  await insertBatchJob(
    trx,
    ctx.companyId,
    { id: jobId, kind, createdAt: ctx.now.toISOString() },
    rows,
    messages.map((m): [number, number] => [m.from, m.to]),
  );
  await deps.queue.enqueue(trx, SLICE_QUEUE, messages, {
    maxAttempts: deps.options.maxAttempts,
    retryDelaySeconds: deps.options.retryDelaySeconds,
    timeoutSeconds: deps.options.sliceTimeoutSeconds,
  });
  return { jobId, slices: messages.length };
}

export function requireRows(rows: unknown, name: string): unknown[] {
  if (!Array.isArray(rows)) throw new InvalidInputError(`${name} must be an array of rows`);
  if (rows.length === 0) throw new InvalidInputError(`${name} must contain at least 1 row`, 'empty_batch');
  if (rows.length > MAX_BATCH_ROWS)
    throw new InvalidInputError(`${name} must contain at most ${MAX_BATCH_ROWS} rows`, 'batch_too_large');
  return rows;
}

/** Customer-create rows (no `scheduleMode`); enrollment batches: submit-enrollment.ts. */
export async function submitCustomerBatch(
  ctx: CompanyContext,
  deps: BatchDeps,
  body: { customers?: unknown },
): Promise<Submitted> {
  const rateWindow = await enforceRateLimit(ctx, BATCH_SUBMISSIONS);
  const rows = requireRows(body.customers, 'customers');
  const { jobId, slices } = await submitBatch(
    ctx,
    deps,
    CUSTOMER_CREATE,
    rows.map((payload, index) => ({ index, payload, customerRef: refOf(payload, 'id'), loanRef: null })),
  );
  return { jobId, total: rows.length, slices, rateWindow };
}

export async function submitLoanBatch(
  ctx: CompanyContext,
  deps: BatchDeps,
  body: { loans?: unknown },
): Promise<Submitted> {
  const rateWindow = await enforceRateLimit(ctx, BATCH_SUBMISSIONS);
  const rows = requireRows(body.loans, 'loans');
  rejectRepeatedPairs(rows);
  const { jobId, slices } = await submitBatch(
    ctx,
    deps,
    LOAN_UPSERT,
    rows.map((payload, index) => ({
      index,
      payload,
      customerRef: refOf(payload, 'customerId'),
      loanRef: refOf(payload, 'id'),
    })),
  );
  return { jobId, total: rows.length, slices, rateWindow };
}

const LISTED_PAIRS = 10;

/** Every (customerId, id) pair must be unique within one request; otherwise nothing is queued. */
function rejectRepeatedPairs(rows: unknown[]): void {
  const seen = new Map<string, { customerId: string; id: string; indexes: number[] }>();
  rows.forEach((row, index) => {
    const r = row as Record<string, unknown> | null;
    if (!r || typeof r.customerId !== 'string' || typeof r.id !== 'string') return; // such a row fails on its own when it runs
    const key = JSON.stringify([r.customerId, r.id]);
    const entry = seen.get(key) ?? { customerId: r.customerId, id: r.id, indexes: [] };
    entry.indexes.push(index);
    seen.set(key, entry);
  });
  const repeated = [...seen.values()].filter((e) => e.indexes.length > 1);
  if (repeated.length === 0) return;
  const listed = repeated
    .slice(0, LISTED_PAIRS)
    .map((e) => `Duplicate loan (customerId ${e.customerId}, id ${e.id}) at indexes ${e.indexes.join(', ')}`);
  const more = repeated.length > LISTED_PAIRS ? `; and ${repeated.length - LISTED_PAIRS} more repeated pairs` : '';
  throw new InvalidInputError(
    `${listed.join('; ')}${more}. Every (customerId, id) pair must be unique within one request; nothing was queued.`,
    'duplicate_loan',
  );
}
