import type { Db } from '../../src/store/shared/db.js';

/** The value at quantile `q` (0..1) of ascending `sorted`, nearest rank: the volume bench's p50 and p99. */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Thrown to roll a transaction back on purpose. */
export class Rollback extends Error {}

/**
 * p50 and p99 of `read` over `runs` runs (after 10 warm-up runs), each inside a transaction that
 * is rolled back, so every run reads the same state; timed around the read only.
 */
export async function rolledBackLatency(
  db: Db,
  runs: number,
  read: (trx: Db) => Promise<unknown>,
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs + 10; i++) {
    await db
      .transaction(async (trx) => {
        const started = performance.now();
        await read(trx);
        if (i >= 10) times.push(performance.now() - started);
        throw new Rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}
