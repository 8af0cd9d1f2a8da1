import type { RowProcessor, RowResult } from '../domain/batches/row-processors.js';
import type { CompanyContext } from '../domain/shared/context.js';
import { getBatchJobForWork, type RowOutcome } from '../domain/batches/progress.js';
import type { Db } from '../domain/shared/context.js';
import { storeFailure } from '../domain/shared/store-failures.js';
import { DomainError, UnavailableError } from '../domain/shared/errors.js';

export type Row = {
  index: number;
  payload: unknown;
  /** What the kind's prefetch made of the payload; runAll gets it instead of the payload. */
  prepared?: unknown;
};

/**
 * How the worker runs and reports rows: the processor of each job kind and the HTTP status a
 * failed row reports. Both come from the composition root (src/main/server.ts), so the jobs layer never
 * imports the HTTP layer.
 */
export interface RowHandling {
  processors: ReadonlyMap<string, RowProcessor>;
  statusOf: (err: DomainError) => number;
}

/** The job itself cannot run here (no processor for its kind): a job-level error, not a row's. */
export class UnknownJobKindError extends Error {}

/** A row's outcome as stored: a DomainError becomes `<status>: <reason>` (e.g. `400: Missing required fields: email`). */
export function toOutcome(statusOf: RowHandling['statusOf'], index: number, r: RowResult): RowOutcome {
  return 'error' in r
    ? { index, failure: `${statusOf(r.error)}: ${r.error.message}`, result: r.result }
    : { index, result: r.result };
}

/**
 * A row given up after the last attempt: `500: Processing failed after N attempts`, plus the
 * kind's result for it when its rows all report one (enrollment: `failed`, retryable).
 */
export function gaveUp(processor: RowProcessor | undefined, row: Row, attempts: number, err: unknown): RowOutcome {
  const message = `Processing failed after ${attempts} attempts${codeOf(err)}`;
  const result = processor?.failedResult?.(row.payload, { status: 500, code: 'internal_error', message });
  return { index: row.index, failure: `500: ${message}`, result };
}

const inputOf = (row: Row) => ('prepared' in row ? row.prepared : row.payload);

/** Rows of a unit after the kind's prefetch: `ready` to run, `failed` already decided, `deferred` to a later attempt. */
export interface Prefetched {
  ready: Row[];
  failed: RowOutcome[];
  deferred: number;
}

/** Rows that wait for an outside system that is down: the attempt fails so the queue retries them with backoff. */
export class RowsDeferredError extends Error {}

/**
 * Runs the kind's prefetch outside any transaction. A row it fails is decided now; a row whose
 * outside system is unavailable (UnavailableError) stays pending for the job's next attempt, and on
 * the last attempt fails as `503: …`.
 */
export async function prefetchRows(
  statusOf: RowHandling['statusOf'],
  ctx: CompanyContext,
  processor: RowProcessor,
  rows: Row[],
  lastAttempt: boolean,
): Promise<Prefetched> {
  if (!processor.prefetch || rows.length === 0) return { ready: rows, failed: [], deferred: 0 };
  const prepared = await processor.prefetch(
    ctx,
    rows.map((r) => r.payload),
  );
  const out: Prefetched = { ready: [], failed: [], deferred: 0 };
  rows.forEach((row, i) => {
    const p = prepared[i];
    if (p instanceof UnavailableError && !lastAttempt) out.deferred += 1;
    else if (p instanceof DomainError) out.failed.push(toOutcome(statusOf, row.index, { error: p }));
    else out.ready.push({ ...row, prepared: p });
  });
  return out;
}

/** Runs the rows of a unit in the caller's transaction, one statement set for all of them. */
export async function runRows(
  statusOf: RowHandling['statusOf'],
  ctx: CompanyContext,
  processor: RowProcessor,
  rows: Row[],
): Promise<RowOutcome[]> {
  const results = await processor.runAll(ctx, rows.map(inputOf));
  return rows.map((row, i) => toOutcome(statusOf, row.index, results[i]));
}

/** One row in its own savepoint: an unexpected error rolls back only this row's writes. */
export async function runIsolated(
  statusOf: RowHandling['statusOf'],
  trx: Db,
  ctx: CompanyContext,
  processor: RowProcessor,
  row: Row,
): Promise<RowOutcome | { error: Error }> {
  try {
    const [result] = await trx.transaction((savepoint) => processor.runAll({ ...ctx, db: savepoint }, [inputOf(row)]));
    return toOutcome(statusOf, row.index, result);
  } catch (err) {
    const failure = storeFailure(err);
    if (failure instanceof UnavailableError) throw err;
    // A value the column cannot hold is the row's own fault: fail it now as a 400, no retries.
    if (failure) {
      const error = failure;
      const result = processor.failedResult?.(row.payload, { status: 400, code: error.code, message: error.message });
      return { index: row.index, failure: `400: ${error.message}`, result };
    }
    return { error: err instanceof Error ? err : new Error(String(err)) };
  }
}

/** A short, safe reason: the driver's error code, never SQL text or values. */
export function codeOf(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? ` (database error ${code})` : '';
}

type WorkJob = NonNullable<Awaited<ReturnType<typeof getBatchJobForWork>>>;

/**
 * A job's kind, status and company configuration, read once per job rather than once per slice (a
 * 10,000-row job has 400 slices). Entries live briefly, so a status change (an operator failing or
 * cancelling the job) or a configuration change is seen within seconds.
 */
export class JobCache {
  private entries = new Map<string, { at: number; job: WorkJob | null }>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5_000,
  ) {}

  forget(jobId: string): void {
    this.entries.delete(jobId);
  }

  async get(companyId: string, jobId: string): Promise<WorkJob | null> {
    const hit = this.entries.get(jobId);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.job;
    const job = await getBatchJobForWork(this.db, companyId, jobId);
    if (this.entries.size > 1_000) this.entries.clear();
    this.entries.set(jobId, { at: Date.now(), job });
    return job;
  }
}
