import type { Logger } from '../lib/logger.js';
import type { Claimed, JobQueue } from '../domain/ports/job-queue.js';

export interface WorkerPoolOptions<T> {
  queue: string;
  /** Units of work handled at the same time by this process. */
  concurrency: number;
  /** Up to this many claimed messages with the same `groupKey` form one unit (one handler call). */
  groupSize: number;
  /**
   * A group's own unit size when it differs by message (batch slices: by job kind). The pool then
   * claims that many messages per free slot, as its last claim's messages ask, so a queue of small
   * units never holds a claimed backlog that outlives its timeout.
   */
  groupSizeOf?: (data: T) => number;
  groupKey: (data: T) => string;
  /** How long an idle pool waits before asking the queue again (a local enqueue wakes it sooner). */
  pollMs: number;
  /** At shutdown, how long in-flight units may take before their messages are released for another worker. */
  shutdownGraceMs: number;
  log: Logger;
}

/**
 * Handles one unit: messages of the same group. It must settle each message (ack it, or fail it
 * through the queue); if it throws, every message of the unit is failed (retried with backoff).
 */
export type UnitHandler<T> = (messages: Claimed<T>[]) => Promise<void>;

export interface WorkerPool {
  stop(): Promise<void>;
}

/**
 * One dispatcher per queue: it claims as many messages as its free slots can take in one round
 * trip, groups them into units and runs the units concurrently; it sleeps only when the queue is
 * empty. (pg-boss's own `work()` sleeps ≥ 0.5 s after every fetch and fails a fetched batch as a
 * whole; claiming with `fetch` keeps the slots busy and lets every message be acked or retried alone.)
 */
export function startWorkerPool<T>(
  jobQueue: JobQueue,
  opts: WorkerPoolOptions<T>,
  handler: UnitHandler<T>,
): WorkerPool {
  const { log } = opts;
  let stopping = false;
  const inflight = new Map<Promise<void>, Claimed<T>[]>();
  const backlog: Claimed<T>[][] = []; // claimed units waiting for a free slot
  let wakeUp: (() => void) | null = null;
  const offWake = jobQueue.onWake(opts.queue, () => wakeUp?.());

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeUp = done;
    });

  const run = async (unit: Claimed<T>[]) => {
    try {
      await handler(unit);
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      for (const m of unit) {
        log.error('job attempt failed', { queue: m.queue, messageId: m.id, attempt: m.attempt, error: error.message });
        // If even this fails the message stays claimed, expires after its timeout and comes back.
        await jobQueue
          .fail(m, error)
          .catch((e: Error) => log.error('could not record job failure', { messageId: m.id, error: e.message }));
      }
    }
  };

  const sizeOf = (data: T) => opts.groupSizeOf?.(data) ?? opts.groupSize;
  let claimPerSlot = opts.groupSize;

  const group = (messages: Claimed<T>[]) => {
    if (messages.length > 0) claimPerSlot = sizeOf(messages[messages.length - 1].data);
    const byKey = new Map<string, Claimed<T>[]>();
    for (const m of messages) {
      const key = opts.groupKey(m.data);
      const units = byKey.get(key) ?? [];
      byKey.set(key, units);
      units.push(m);
    }
    for (const members of byKey.values()) {
      const size = sizeOf(members[0].data);
      for (let i = 0; i < members.length; i += size) backlog.push(members.slice(i, i + size));
    }
  };

  const loop = (async () => {
    while (!stopping) {
      if (inflight.size >= opts.concurrency) {
        await Promise.race(inflight.keys());
        continue;
      }
      if (backlog.length === 0) {
        try {
          group(await jobQueue.fetch<T>(opts.queue, (opts.concurrency - inflight.size) * claimPerSlot));
        } catch (err) {
          log.error('job fetch failed', { queue: opts.queue, error: (err as Error).message });
        }
        if (stopping) break;
        if (backlog.length === 0) {
          await pause(opts.pollMs);
          continue;
        }
      }
      const unit = backlog.shift()!;
      const p: Promise<void> = run(unit).finally(() => inflight.delete(p));
      inflight.set(p, unit);
    }
  })();

  return {
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
      offWake();
      // Finish what is in flight; whatever outlives the grace period (and what never started) goes back to the queue.
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, opts.shutdownGraceMs)));
      await Promise.race([Promise.allSettled(inflight.keys()), graceOver]);
      clearTimeout(timer);
      const unfinished = [...inflight.values(), ...backlog.splice(0)].flat();
      if (unfinished.length)
        log.info('releasing unfinished jobs at shutdown', { queue: opts.queue, count: unfinished.length });
      await Promise.all(unfinished.map((m) => jobQueue.release(m).catch(() => undefined)));
    },
  };
}
