import type { Db } from '../store/db.js';
import { hitRateWindow } from '../store/rate-limits.js';
import { RateLimitedError } from './errors.js';

/**
 * Per-company quotas, shared by all the company's keys and all API processes (the count lives in
 * the database). Fixed windows that start at a company's first request.
 *
 * Why not rate-limiter-flexible: it reads `Date.now()` itself (our clock is injected, so tests can
 * move time and assert exact `Retry-After` values), creates and sweeps its own table on timers
 * outside our migrations, and would need a different store class per dialect. The whole mechanism
 * here is one atomic upsert (src/store/rate-limits.ts) that runs unchanged on SQLite and Postgres.
 */
export interface RatePolicy {
  /** Policy name used in the IETF RateLimit headers and as the counter key. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What is counted, for messages ("batch submissions"). */
  noun: string;
}

export const BATCH_SUBMISSIONS: RatePolicy = { name: 'batch', limit: 10, windowSeconds: 60, noun: 'batch submissions' };

export interface RateContext {
  db: Db;
  companyId: string;
  now: Date;
}

/**
 * Counts this request. Over the limit: throws RateLimitedError (429) with `Retry-After`, `RateLimit`
 * and `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers). Otherwise returns those two
 * informational headers for the success response.
 */
export async function enforceRateLimit(ctx: RateContext, policy: RatePolicy): Promise<Record<string, string>> {
  const nowMs = ctx.now.getTime();
  const { hits, windowEndsAt } = await hitRateWindow(ctx.db, ctx.companyId, policy.name, nowMs, policy.windowSeconds * 1000);
  return rateHeadersOrThrow(policy, hits, windowEndsAt, nowMs);
}

/** The decision on a counted request (`hits` so far in the window ending at `windowEndsAt`), as in enforceRateLimit. */
export function rateHeadersOrThrow(policy: RatePolicy, hits: number, windowEndsAt: number, nowMs: number): Record<string, string> {
  const resetSeconds = Math.max(1, Math.ceil((windowEndsAt - nowMs) / 1000));
  const headers = {
    RateLimit: `"${policy.name}";r=${Math.max(0, policy.limit - hits)};t=${resetSeconds}`,
    'RateLimit-Policy': `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
  };
  if (hits > policy.limit) {
    throw new RateLimitedError(
      `Rate limit of ${policy.limit} ${policy.noun} per ${policy.windowSeconds} seconds exceeded; retry after ${resetSeconds} seconds`,
      { ...headers, 'Retry-After': String(resetSeconds) },
    );
  }
  return headers;
}
