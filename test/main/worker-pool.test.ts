import { describe, expect, it } from 'vitest';
import { type Claimed, type JobQueue, WakeSignals } from '../../src/domain/ports/job-queue.js';
import { createLogger } from '../../src/lib/logger.js';
import { startWorkerPool } from '../../src/jobs/worker-pool.js';

type Msg = { job: string; kind: 'big' | 'small' };

/** An in-memory queue that records every claim's limit; only what the pool does with it matters here. */
function memoryQueue(messages: Msg[]) {
  const waiting = messages.map((data, i): Claimed<Msg> => ({
    id: String(i),
    queue: 'q',
    data,
    attempt: 1,
    maxAttempts: 1,
  }));
  const limits: number[] = [];
  const signals = new WakeSignals();
  const queue: JobQueue = {
    engine: 'table',
    start: async () => undefined,
    stop: async () => undefined,
    enqueue: async () => undefined,
    fetch: async <T>(_q: string, limit: number) => {
      limits.push(limit);
      return waiting.splice(0, limit) as unknown as Claimed<T>[];
    },
    complete: async () => undefined,
    fail: async () => undefined,
    release: async () => undefined,
    stats: async () => [],
    wake: (q) => signals.wake(q),
    onWake: (q, l) => signals.onWake(q, l),
  };
  return { queue, limits, left: () => waiting.length };
}

describe('worker pool units', () => {
  it('cuts each group into units of its own size and claims per free slot what the last claim asked for', async () => {
    const messages: Msg[] = [
      ...Array.from({ length: 100 }, (): Msg => ({ job: 'a', kind: 'big' })),
      ...Array.from({ length: 20 }, (): Msg => ({ job: 'b', kind: 'small' })),
    ];
    const { queue, limits, left } = memoryQueue(messages);
    const units: Msg[][] = [];
    const pool = startWorkerPool<Msg>(
      queue,
      {
        queue: 'q',
        concurrency: 2,
        groupSize: 4,
        groupSizeOf: (m) => (m.kind === 'big' ? 40 : 4),
        groupKey: (m) => m.job,
        pollMs: 10,
        shutdownGraceMs: 1_000,
        log: createLogger('silent'),
      },
      async (unit) => {
        units.push(unit.map((m) => m.data));
      },
    );
    while (left() > 0) await new Promise((r) => setTimeout(r, 5));
    await pool.stop();

    expect(limits[0]).toBe(8); // 2 free slots × the default size, before any message was seen
    expect(Math.max(...limits)).toBe(80); // then 2 × 40 while the claims are big-kind slices
    for (const unit of units) {
      expect(new Set(unit.map((m) => m.job)).size).toBe(1);
      expect(unit.length).toBeLessThanOrEqual(unit[0].kind === 'big' ? 40 : 4);
    }
    expect(units.filter((u) => u[0].kind === 'big').some((u) => u.length > 4)).toBe(true);
    expect(units.flat()).toHaveLength(120);
  });
});
