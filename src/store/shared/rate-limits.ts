import type { Knex } from 'knex';
import type { Db } from './db.js';

/**
 * Counts one request against a company's fixed window for a policy and returns the count so far.
 * One atomic upsert: concurrent API processes cannot lose or double a hit, on Postgres (row lock of
 * ON CONFLICT DO UPDATE) or SQLite (single writer). A window that has ended restarts at 1.
 * Times are epoch milliseconds from the service clock, so tests can move time.
 */
interface RateHitRow {
  hits: unknown;
  window_ends_at: unknown;
}

export async function hitRateWindow(
  db: Db,
  companyId: string,
  policy: string,
  nowMs: number,
  windowMs: number,
): Promise<{ hits: number; windowEndsAt: number }> {
  // better-sqlite3 returns the rows as an array, pg a result with .rows.
  const result = await db.raw<RateHitRow[] | { rows: RateHitRow[] }>(
    RATE_HIT,
    rateHitBindings(companyId, { policy, nowMs, windowMs }),
  );
  const row = Array.isArray(result) ? result[0] : result.rows[0];
  return { hits: Number(row.hits), windowEndsAt: Number(row.window_ends_at) };
}

/** A request to count: the policy's window in epoch milliseconds. */
export interface RateHit {
  policy: string;
  nowMs: number;
  windowMs: number;
}

/** The counting upsert (Knex `?` placeholders, `rateHitBindings` order), also a CTE of larger statements. */
export const RATE_HIT = `INSERT INTO rate_limits (company_id, policy, hits, window_ends_at) VALUES (?, ?, 1, ?)
  ON CONFLICT (company_id, policy) DO UPDATE SET
    hits = CASE WHEN rate_limits.window_ends_at <= ? THEN 1 ELSE rate_limits.hits + 1 END,
    window_ends_at = CASE WHEN rate_limits.window_ends_at <= ? THEN ? ELSE rate_limits.window_ends_at END
  RETURNING hits, window_ends_at`;

export function rateHitBindings(companyId: string, rate: RateHit): Knex.RawBinding[] {
  const endsAt = rate.nowMs + rate.windowMs;
  return [companyId, rate.policy, endsAt, rate.nowMs, rate.nowMs, endsAt];
}
