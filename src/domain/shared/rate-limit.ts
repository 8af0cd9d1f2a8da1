import type { CompanyContext } from './context.js';
import { hitRateWindow } from '../../store/shared/rate-limits.js';
import { RateLimitedError } from './errors.js';
import type { RatePolicy, RateWindow } from './rate-window.js';

export type { RatePolicy, RateWindow } from './rate-window.js';

/*
 * Per-company quotas, shared by all the company's keys and all API processes (the count lives in
 * the database). Fixed windows that start at a company's first request.
 *
 * Why not rate-limiter-flexible: it reads `Date.now()` itself (our clock is injected, so tests can
 * move time and assert exact `Retry-After` values), creates and sweeps its own table on timers
 * outside our migrations, and would need a different store class per dialect. The whole mechanism
 * here is one atomic upsert (src/store/shared/rate-limits.ts) that runs unchanged on SQLite and Postgres.
 */

export const BATCH_SUBMISSIONS: RatePolicy = { name: 'batch', limit: 10, windowSeconds: 60, noun: 'batch submissions' };

/** Counts this request. Over the limit: throws RateLimitedError (429) carrying the window; otherwise returns it. */
export async function enforceRateLimit(
  ctx: Pick<CompanyContext, 'db' | 'companyId' | 'now'>,
  policy: RatePolicy,
): Promise<RateWindow> {
  const nowMs = ctx.now.getTime();
  const { hits, windowEndsAt } = await hitRateWindow(
    ctx.db,
    ctx.companyId,
    policy.name,
    nowMs,
    policy.windowSeconds * 1000,
  );
  return windowOrThrow(policy, hits, windowEndsAt, nowMs);
}

/** The decision on a counted request (`hits` so far in the window ending at `windowEndsAt`), as in enforceRateLimit. */
export function windowOrThrow(policy: RatePolicy, hits: number, windowEndsAt: number, nowMs: number): RateWindow {
  const resetSeconds = Math.max(1, Math.ceil((windowEndsAt - nowMs) / 1000));
  const window: RateWindow = { policy, remaining: Math.max(0, policy.limit - hits), resetSeconds };
  if (hits > policy.limit) {
    throw new RateLimitedError(
      `Rate limit of ${policy.limit} ${policy.noun} per ${policy.windowSeconds} seconds exceeded; retry after ${resetSeconds} seconds`,
      window,
    );
  }
  return window;
}
