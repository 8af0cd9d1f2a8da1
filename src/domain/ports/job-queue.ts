import type { Db } from '../../store/shared/db.js';

/**
 * The job queue port (docs/architecture/decisions/batch-slices.md#how-it-works). Two adapters: pg-boss on Postgres, a durable table on SQLite.
 *
 * Delivery is at-least-once: a message can run twice (a worker dies after its work committed but
 * before the ack, or a slow handler outlives its timeout), so handlers must be idempotent. Both
 * adapters let the ack join the handler's own transaction, which closes the common case.
 */
export interface JobQueue {
  readonly engine: 'pg-boss' | 'table';
  /** Creates storage/queues; with `supervise` this process also expires timed-out messages. */
  start(opts: { supervise: boolean }): Promise<void>;
  stop(): Promise<void>;
  /**
   * Adds messages inside the caller's transaction: they exist only if it commits, so a job row and
   * its messages are written atomically.
   */
  enqueue(trx: Db, queue: string, messages: object[], opts: EnqueueOptions): Promise<void>;
  /** Claims up to `limit` due messages (never one another worker holds). */
  fetch<T>(queue: string, limit: number): Promise<Claimed<T>[]>;
  /** Acks messages of one queue; pass the handler's transaction so the ack commits with the work. */
  complete(trx: Db, messages: Claimed<unknown>[]): Promise<void>;
  /** Records a failed attempt: retried later with exponential backoff, or kept as failed after the last attempt. */
  fail(message: Claimed<unknown>, error: Error): Promise<void>;
  /** Gives an unfinished message back at shutdown so another worker can take it at once. */
  release(message: Claimed<unknown>): Promise<void>;
  /**
   * Messages waiting or running per queue and the age of the oldest (metrics). Failed-for-good ones
   * are not counted. Every queue the adapter was created with is listed, with 0 and 0 when empty, so
   * an idle queue reads as a sample of 0 rather than no sample.
   */
  stats(): Promise<QueueStats[]>;
  /** Lets idle local workers of a queue fetch now instead of at their next poll (after a commit). */
  wake(queue: string): void;
  onWake(queue: string, listener: () => void): () => void;
}

export interface EnqueueOptions {
  /** Total attempts including the first. */
  maxAttempts: number;
  /** Base of the exponential backoff between attempts, in seconds. */
  retryDelaySeconds: number;
  /** A claimed message not acked within this time is considered lost and is delivered again. */
  timeoutSeconds: number;
}

export interface QueueStats {
  queue: string;
  depth: number;
  oldestAgeSeconds: number;
}

/** The stats of busy queues, completed with a zero line for each known queue that has none. */
export function withIdleQueues(known: readonly string[], busy: readonly QueueStats[]): QueueStats[] {
  const seen = new Set(busy.map((s) => s.queue));
  return [...busy, ...known.filter((q) => !seen.has(q)).map((queue) => ({ queue, depth: 0, oldestAgeSeconds: 0 }))];
}

export interface Claimed<T> {
  id: string;
  queue: string;
  data: T;
  /** 1 for the first delivery. */
  attempt: number;
  maxAttempts: number;
}

/** Small in-process wake-up registry shared by both adapters. */
export class WakeSignals {
  private listeners = new Map<string, Set<() => void>>();

  wake(queue: string): void {
    for (const l of this.listeners.get(queue) ?? []) l();
  }

  onWake(queue: string, listener: () => void): () => void {
    const set = this.listeners.get(queue) ?? new Set();
    set.add(listener);
    this.listeners.set(queue, set);
    return () => set.delete(listener);
  }
}
