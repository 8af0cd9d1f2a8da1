import type { Knex as Db } from 'knex';
import {
  claimQueueMessages,
  deleteQueueMessages,
  getQueueMessageRetry,
  insertQueueMessages,
  queueStats,
  releaseQueueMessage,
  rescheduleQueueMessage,
} from './table-store.js';
import {
  type Claimed,
  type EnqueueOptions,
  type JobQueue,
  type QueueStats,
  WakeSignals,
  withIdleQueues,
} from '../../domain/ports/job-queue.js';
import { RECOVERY_DELIVERIES } from './recovery.js';
import { newId } from '../../domain/shared/ids.js';

/**
 * The embedded adapter for SQLite: messages live in the `job_queue` table of the same database, so
 * they survive restarts and are enqueued in the same transaction as the job. Claims are single
 * UPDATE … RETURNING statements, safe with the one writer SQLite allows.
 */
export class TableQueue implements JobQueue {
  readonly engine = 'table' as const;
  private readonly signals = new WakeSignals();

  /** `queues`: the queues the stats list even when empty. */
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
    private readonly queues: readonly string[] = [],
  ) {}

  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  async enqueue(trx: Db, queue: string, messages: object[], opts: EnqueueOptions): Promise<void> {
    const rows = messages.map((data) => ({
      id: newId(),
      queue,
      data,
      maxAttempts: opts.maxAttempts,
      retryDelayMs: opts.retryDelaySeconds * 1000,
      timeoutMs: opts.timeoutSeconds * 1000,
    }));
    await insertQueueMessages(trx, rows, this.clock());
  }

  async fetch<T>(queue: string, limit: number): Promise<Claimed<T>[]> {
    const rows = await claimQueueMessages(this.db, queue, limit, this.clock());
    return rows.map((r) => ({
      id: r.id,
      queue: r.queue,
      data: r.data as T,
      attempt: r.attempts,
      maxAttempts: r.maxAttempts,
    }));
  }

  async complete(trx: Db, messages: Claimed<unknown>[]): Promise<void> {
    await deleteQueueMessages(
      trx,
      messages.map((m) => m.id),
    );
  }

  async fail(message: Claimed<unknown>, error: Error): Promise<void> {
    const retry = await getQueueMessageRetry(this.db, message.id);
    if (!retry) return;
    const runAt =
      retry.attempts >= retry.maxAttempts + RECOVERY_DELIVERIES
        ? null
        : this.clock() + backoffMs(retry.retryDelayMs, retry.attempts);
    await rescheduleQueueMessage(this.db, message.id, runAt, error.message);
  }

  async release(message: Claimed<unknown>): Promise<void> {
    await releaseQueueMessage(this.db, message.id, this.clock());
  }

  async stats(): Promise<QueueStats[]> {
    return withIdleQueues(this.queues, await queueStats(this.db, this.clock()));
  }

  wake(queue: string): void {
    this.signals.wake(queue);
  }

  onWake(queue: string, listener: () => void): () => void {
    return this.signals.onWake(queue, listener);
  }
}

/** Exponential backoff with jitter, the same curve pg-boss uses: base·2^n/2 plus up to as much again. */
export function backoffMs(baseMs: number, attempts: number): number {
  const half = (baseMs * 2 ** Math.min(16, attempts)) / 2;
  return Math.round(half + half * Math.random());
}
