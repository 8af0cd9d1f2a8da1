import type { Db } from '../shared/db.js';
import { dialectOf } from '../shared/db.js';

export interface ClaimLimits {
  /** At most this many calls claimed by one statement. */
  batch: number;
  /** A company's calls in `dialing` at once, unless its configuration sets `calls.maxConcurrentCalls`. */
  defaultConcurrency: number;
  /**
   * Postgres: at most this many due calls read in due order to find the batch's companies before the
   * claim falls back to reading every company's oldest due call. Default 20 × batch.
   */
  scan?: number;
}

/** What `db.raw` resolves to: pg wraps the rows in a result object, better-sqlite3 returns them bare. */
type RawRows = Array<Record<string, unknown>> | { rows: Array<Record<string, unknown>> };

/**
 * Claims due pending calls for dialing in ONE statement: pending → dialing, committed before any
 * provider request. Oldest first within a company; across companies round-robin (every company's
 * oldest before anyone's second), companies in the order of their oldest due call (its time, then
 * its id), each company only up to its free concurrency (calls it has in `dialing`). On Postgres the
 * rows are taken FOR UPDATE SKIP LOCKED and the company rows FOR NO KEY UPDATE SKIP LOCKED, so
 * concurrent workers never claim the same call or overrun a company's limit.
 */
export async function claimDueCalls(
  db: Db,
  now: string,
  limits: ClaimLimits,
): Promise<Array<{ id: string; companyId: string }>> {
  const params = { now, batch: limits.batch, concurrency: limits.defaultConcurrency };
  const result =
    dialectOf(db) === 'pg'
      ? await db.raw<RawRows>(PG_CLAIM, { ...params, scan: limits.scan ?? 20 * limits.batch })
      : await db.raw<RawRows>(SQLITE_CLAIM, params);
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map((r) => ({ id: String(r.id), companyId: String(r.company_id) }));
}

// `candidates` are the :batch companies with room whose oldest due call comes first; only they are
// locked and read, which are exactly the companies the round-robin order takes first (a batch takes
// at most one call per company before anyone's second when that many have room).
//
// Finding them (docs/architecture/decisions/dial-claim-order.md): `scan` reads the first :scan due calls of all
// companies in (time, id) order from the partial pending index. A company first appears there at its
// oldest due call, so the companies seen, in order of first appearance, are a prefix of all
// companies in claim order: exact when :batch of them have room or when the scan read every due call
// (`settled`). Otherwise (a backlog of few companies fills the scan) `every_company` reads each
// company's oldest due call, one index probe per row of `companies`, as the claim always did; the
// one-time filter on `settled` keeps that branch from running at all when the scan settled it.
//
// The room is counted after the sort, in due order, until :batch companies have it (OFFSET 0 keeps
// Postgres from pushing that filter under the sort): one count per company taken. Each of the k open
// companies is read for at most :batch - k + 1 calls: every other one's first call comes before
// anyone's second, so no company can have more in the batch.
const LIMIT = (company: string) => `COALESCE((${company}.config->'calls'->>'maxConcurrentCalls')::int, :concurrency)`;
const DIALING = (company: string) =>
  `(SELECT count(*) FROM scheduled_calls b WHERE b.company_id = ${company} AND b.status = 'dialing')`;
/** The first :batch companies of `byDue` (id, max_calls, in claim order) that have room. */
const FIRST_WITH_ROOM = (byDue: string) => `SELECT by_due.id FROM (
    ${byDue}
    OFFSET 0
  ) by_due
  WHERE by_due.max_calls - ${DIALING('by_due.id')} > 0
  LIMIT :batch`;
const PG_CLAIM = `
WITH scan AS (
  SELECT d.company_id, d.scheduled_time, d.id FROM scheduled_calls d
  WHERE d.status = 'pending' AND d.scheduled_time <= :now
  ORDER BY d.scheduled_time, d.id
  LIMIT :scan
), seen AS (
  SELECT DISTINCT ON (company_id) company_id, scheduled_time AS first_due, id AS first_id FROM scan
  ORDER BY company_id, scheduled_time, id
), fast AS (
  ${FIRST_WITH_ROOM(`SELECT c.id, ${LIMIT('c')} AS max_calls FROM seen JOIN companies c ON c.id = seen.company_id
    ORDER BY seen.first_due, seen.first_id`)}
), settled AS (
  SELECT (SELECT count(*) FROM fast) >= :batch OR (SELECT count(*) FROM scan) < :scan AS done
), slow AS (
  ${FIRST_WITH_ROOM(`SELECT every_company.id, ${LIMIT('every_company')} AS max_calls FROM companies every_company
    CROSS JOIN LATERAL (
      SELECT d.scheduled_time AS first_due, d.id AS first_id FROM scheduled_calls d
      WHERE d.company_id = every_company.id AND d.status = 'pending' AND d.scheduled_time <= :now
      ORDER BY d.scheduled_time, d.id LIMIT 1
    ) oldest
    WHERE NOT (SELECT done FROM settled)
    ORDER BY oldest.first_due, oldest.first_id`)}
), candidates AS (
  SELECT id FROM fast WHERE (SELECT done FROM settled)
  UNION ALL
  SELECT id FROM slow
), open AS (
  SELECT c.id, c.config FROM companies c
  WHERE c.id IN (SELECT id FROM candidates)
  FOR NO KEY UPDATE SKIP LOCKED
), quota AS (
  SELECT c.id AS company_id, ${LIMIT('c')} - ${DIALING('c.id')} AS room
  FROM open c
), due AS (
  SELECT s.id, s.scheduled_time, row_number() OVER (PARTITION BY q.company_id ORDER BY s.scheduled_time, s.id) AS rn
  FROM quota q
  CROSS JOIN LATERAL (
    SELECT sc.id, sc.scheduled_time FROM scheduled_calls sc
    WHERE sc.company_id = q.company_id AND sc.status = 'pending' AND sc.scheduled_time <= :now
    ORDER BY sc.scheduled_time, sc.id
    LIMIT GREATEST(LEAST(q.room, :batch - (SELECT count(*) FROM open) + 1), 0)
    FOR UPDATE SKIP LOCKED
  ) s
), picked AS (
  SELECT id FROM due ORDER BY rn, scheduled_time, id LIMIT :batch
)
UPDATE scheduled_calls sc
SET status = 'dialing', claimed_at = :now, updated_at = :now, dial_lease_until = NULL
FROM picked WHERE sc.id = picked.id AND sc.status = 'pending'
RETURNING sc.id, sc.company_id`;

const SQLITE_CLAIM = `
WITH quota AS (
  SELECT c.id AS company_id,
         COALESCE(json_extract(c.config, '$.calls.maxConcurrentCalls'), :concurrency)
           - (SELECT count(*) FROM scheduled_calls b WHERE b.company_id = c.id AND b.status = 'dialing') AS room
  FROM companies c
), due AS (
  SELECT sc.id, sc.scheduled_time, q.room,
         row_number() OVER (PARTITION BY sc.company_id ORDER BY sc.scheduled_time, sc.id) AS rn
  FROM scheduled_calls sc JOIN quota q ON q.company_id = sc.company_id
  WHERE sc.status = 'pending' AND sc.scheduled_time <= :now
)
UPDATE scheduled_calls
SET status = 'dialing', claimed_at = :now, updated_at = :now, dial_lease_until = NULL
WHERE id IN (SELECT id FROM due WHERE rn <= room ORDER BY rn, scheduled_time, id LIMIT :batch)
RETURNING id, company_id`;
