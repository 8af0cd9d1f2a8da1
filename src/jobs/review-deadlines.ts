import { runReviewDeadlines } from '../domain/messages/inbound-reviews.js';
import type { Clock } from '../domain/ports/clock.js';
import type { Db } from '../domain/shared/context.js';
import type { Logger } from '../lib/logger.js';

/**
 * How often the review queue's clock runs. Every minute, so a review still waiting at its
 * 10-business-day limit (47 CFR 64.1200(a)(10)) is applied within a minute of it: the limit is
 * computed to the instant of receipt, not rounded to a day. One indexed read when nothing is due.
 */
export const REVIEW_DEADLINE_MS = 60 * 1000;

/** Runs the review deadlines once (the timer's tick; tests call runReviewDeadlines with explicit times). */
export async function tickReviewDeadlines(deps: { db: Db; now: Clock; log: Logger }): Promise<void> {
  try {
    const { warned, applied } = await runReviewDeadlines(deps.db, deps.now());
    if (warned + applied > 0) deps.log.info('inbound review deadlines', { warned, applied });
  } catch (err) {
    deps.log.error('inbound review deadlines failed', { error: err instanceof Error ? err.message : String(err) });
  }
}

/** Starts the timer; returns its stop. */
export function startReviewDeadlines(deps: { db: Db; now: Clock; log: Logger }): () => void {
  const timer = setInterval(() => void tickReviewDeadlines(deps), REVIEW_DEADLINE_MS);
  timer.unref();
  return () => clearInterval(timer);
}
