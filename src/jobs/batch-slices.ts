import type { Clock } from '../domain/ports/clock.js';
import type { SliceMessage } from '../domain/batches/slices.js';
import type { CompanyContext } from '../domain/shared/context.js';
import type { LmsResolver } from '../domain/ports/lms.js';
import { publishBatchCompletedIfDone } from '../domain/batches/completed-event.js';
import type { Logger } from '../lib/logger.js';
import {
  failBatchJob,
  markBatchJobProcessing,
  pendingBatchRows,
  recordRowOutcomes,
  type RowOutcome,
} from '../domain/batches/progress.js';
import type { Db } from '../domain/shared/context.js';
import type { Claimed, JobQueue } from '../domain/ports/job-queue.js';
import {
  gaveUp,
  JobCache,
  prefetchRows,
  type RowHandling,
  RowsDeferredError,
  runIsolated,
  runRows,
  UnknownJobKindError,
} from './slice-support.js';
import { isUnavailable } from '../domain/shared/store-failures.js';
import type { UnitHandler } from './worker-pool.js';

export interface SliceWorkerDeps {
  db: Db;
  queue: JobQueue;
  log: Logger;
  now: Clock;
  testAliasSunset: Date;
  rows: RowHandling;
  lms?: LmsResolver;
}

/**
 * Runs batch slices. A unit is one or more slices of the same job (claimed together); it runs in
 * ONE transaction: the rows' writes, their outcomes, the job's counters and the queue acks commit
 * together, so a unit delivered twice changes nothing the second time (only rows that have not
 * ended run, counters count rows as they end, customer/loan writes are upserts, enrollment rows
 * replay under their idempotency keys; src/store/batches/batch-rows.ts).
 *
 * When that fails, each slice runs on its own: first in one transaction; then, if a row hit an
 * unexpected error (not a DomainError), with a savepoint per row: the other rows commit, the
 * failing rows stay pending and the attempt fails, so the queue retries them with backoff. On the
 * last attempt they fail with `500: …` and the job still completes. An error that is not a row's
 * fault (connection lost, deadlock) fails the attempt and is retried the same way.
 */
export function createSliceHandler(deps: SliceWorkerDeps): UnitHandler<SliceMessage> {
  const { db, queue, log } = deps;
  const jobs = new JobCache(db);

  /**
   * Loads what a unit needs and runs the kind's prefetch (LMS reads) before any transaction; null
   * when there is nothing left to do (and the messages are acked).
   */
  async function prepare(messages: Claimed<SliceMessage>[], lastAttempt: boolean) {
    const { jobId, companyId } = messages[0].data;
    const job = await jobs.get(companyId, jobId);
    if (!job || job.status === 'failed' || job.status === 'cancelled') return void (await queue.complete(db, messages));
    if (job.status === 'pending') {
      await markBatchJobProcessing(db, companyId, jobId, deps.now().toISOString());
      job.status = 'processing'; // cached: the next slices skip this update
    }
    const rows = await pendingBatchRows(
      db,
      companyId,
      jobId,
      messages.map((m) => [m.data.from, m.data.to]),
    );
    if (rows.length === 0) return void (await queue.complete(db, messages));
    const processor = deps.rows.processors.get(job.kind);
    if (!processor) throw new UnknownJobKindError(`No row processor for job kind "${job.kind}"`);
    const context = (trx: Db): CompanyContext => ({
      db: trx,
      companyId,
      config: job.config,
      now: deps.now(),
      testAliasSunset: deps.testAliasSunset,
      lms: () => deps.lms?.(companyId, job.config.lms),
    });
    const { ready, failed, deferred } = await prefetchRows(
      deps.rows.statusOf,
      context(db),
      processor,
      rows,
      lastAttempt,
    );
    return { jobId, companyId, rows: ready, failed, deferred, processor, context };
  }

  const deferredError = (n: number) =>
    new RowsDeferredError(`${n} rows wait for an outside system that is unavailable (the LMS); they are retried`);

  /** The unit's slices are `messages`; those in `ack` finish now (every row they still had pending has its outcome here). */
  const record = async (
    trx: Db,
    unit: { companyId: string; jobId: string },
    messages: Claimed<SliceMessage>[],
    outcomes: RowOutcome[],
    ack: Claimed<SliceMessage>[],
  ) => {
    const now = deps.now();
    const slices = messages.map((m) => ({ from: m.data.from, to: m.data.to, finished: ack.includes(m) }));
    const counted = await recordRowOutcomes(
      trx,
      unit.companyId,
      unit.jobId,
      slices,
      outcomes,
      now.toISOString(),
      ack.length ? () => queue.complete(trx, ack) : undefined,
    );
    if (counted.processed > 0) await publishBatchCompletedIfDone(trx, unit.companyId, unit.jobId, now);
    return counted;
  };

  async function runSlice(message: Claimed<SliceMessage>): Promise<void> {
    const lastAttempt = message.attempt >= message.maxAttempts;
    let unit: Awaited<ReturnType<typeof prepare>>;
    try {
      unit = await prepare([message], lastAttempt);
    } catch (err) {
      if (!lastAttempt) throw err;
      // Perhaps only this worker is older than the job's kind: that is why it was retried first.
      if (err instanceof UnknownJobKindError) return failJob(message, err);
      return failSliceRows(message, err as Error);
    }
    if (!unit) return;
    // Rows deferred by the prefetch stay pending: the message is not acked and the attempt fails after the others commit.
    const ack = unit.deferred === 0 ? [message] : [];
    let committed = false;
    try {
      await db.transaction(async (trx) => {
        await record(
          trx,
          unit,
          [message],
          [...unit.failed, ...(await runRows(deps.rows.statusOf, unit.context(trx), unit.processor, unit.rows))],
          ack,
        );
      });
      committed = true;
    } catch (err) {
      if (isUnavailable(err) && !lastAttempt) throw err;
    }
    if (committed) {
      if (unit.deferred > 0) throw deferredError(unit.deferred);
      return;
    }
    let deferred = 0;
    try {
      await db.transaction(async (trx) => {
        const outcomes: RowOutcome[] = [...unit.failed];
        for (const row of unit.rows) {
          const outcome = await runIsolated(deps.rows.statusOf, trx, unit.context(trx), unit.processor, row);
          if (!('error' in outcome)) outcomes.push(outcome);
          else {
            log.error('batch row failed unexpectedly', {
              jobId: unit.jobId,
              index: row.index,
              attempt: message.attempt,
              error: outcome.error.stack,
            });
            if (lastAttempt) outcomes.push(gaveUp(unit.processor, row, message.attempt, outcome.error));
            else deferred += 1;
          }
        }
        await record(trx, unit, [message], outcomes, deferred === 0 && unit.deferred === 0 ? [message] : []);
      });
    } catch (err) {
      if (!lastAttempt) throw err;
      return failSliceRows(message, err as Error);
    }
    if (deferred > 0) throw new Error(`${deferred} rows of the slice failed unexpectedly; they are retried`);
    if (unit.deferred > 0) throw deferredError(unit.deferred);
  }

  /** Last attempt used up and not even the row failures could be written with the work: write them alone. */
  async function failSliceRows(message: Claimed<SliceMessage>, err: Error): Promise<void> {
    const { jobId, companyId, from } = message.data;
    log.error('slice gave up after its last attempt', { jobId, from, attempts: message.attempt, error: err.message });
    // The kind's processor only shapes the rows' results; without it (job unreadable) they get none.
    const job = await jobs.get(companyId, jobId).catch(() => null);
    const processor = job ? deps.rows.processors.get(job.kind) : undefined;
    await db.transaction(async (trx) => {
      const pending = await pendingBatchRows(trx, companyId, jobId, [[message.data.from, message.data.to]]);
      await record(
        trx,
        { companyId, jobId },
        [message],
        pending.map((r) => gaveUp(processor, r, message.attempt, err)),
        [message],
      );
    });
  }

  /** A fatal job-level error: the job stops as `failed` with the reason; its other slices then do nothing. */
  async function failJob(message: Claimed<SliceMessage>, err: Error): Promise<void> {
    const { jobId, companyId } = message.data;
    log.error('batch job failed', { jobId, error: err.message });
    await failBatchJob(db, companyId, jobId, err.message, deps.now().toISOString());
    jobs.forget(jobId);
    await queue.complete(db, [message]);
  }

  return async (messages) => {
    if (messages.length > 1) {
      try {
        const unit = await prepare(messages, false);
        if (!unit) return;
        // Deferred rows need each slice's own attempt count: run the slices one by one.
        if (unit.deferred > 0) throw deferredError(unit.deferred);
        await db.transaction(async (trx) => {
          await record(
            trx,
            unit,
            messages,
            [...unit.failed, ...(await runRows(deps.rows.statusOf, unit.context(trx), unit.processor, unit.rows))],
            messages,
          );
        });
        return;
      } catch (err) {
        log.info('slices failed together; running them one by one', {
          jobId: messages[0].data.jobId,
          error: (err as Error).message,
        });
      }
    }
    for (const message of messages) {
      await runSlice(message).catch(async (err: Error) => {
        log.error('job attempt failed', {
          queue: message.queue,
          messageId: message.id,
          attempt: message.attempt,
          error: err.message,
        });
        await queue
          .fail(message, err)
          .catch((e: Error) => log.error('could not record job failure', { messageId: message.id, error: e.message }));
      });
    }
  };
}
