import { runPromiseSweep } from '../domain/calls/promise-follow-ups.js';
import type { Clock } from '../domain/ports/clock.js';
import type { Db } from '../domain/shared/context.js';
import type { Logger } from '../lib/logger.js';

/**
 * How often promises are checked against their windows. Every minute: a promise breaks within a
 * minute of its window closing and its follow-up is scheduled in the same run. One indexed read
 * each (the partial indexes of migration _053) when nothing is due.
 */
export const PROMISE_SWEEP_MS = 60 * 1000;

/** Runs the promise sweep once (the timer's tick; tests call runPromiseSweep with explicit times). */
export async function tickPromiseSweep(deps: { db: Db; now: Clock; log: Logger }): Promise<void> {
  try {
    const { settled, followedUp } = await runPromiseSweep(deps.db, deps.now());
    if (settled + followedUp > 0) deps.log.info('promise sweep', { settled, followedUp });
  } catch (err) {
    deps.log.error('promise sweep failed', { error: err instanceof Error ? err.message : String(err) });
  }
}

/** Starts the timer; returns its stop. */
export function startPromiseSweep(deps: { db: Db; now: Clock; log: Logger }): () => void {
  const timer = setInterval(() => void tickPromiseSweep(deps), PROMISE_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
