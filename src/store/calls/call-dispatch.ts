import type { Db } from '../shared/db.js';
import { dialectOf } from '../shared/db.js';

export interface ClaimLimits {
  /** At most this many calls claimed by one claim. */
  batch: number;
  /** A company's calls in `dialing` at once, unless its configuration sets `calls.maxConcurrentCalls`. */
  defaultConcurrency: number;
  /**
   * Postgres: at most this many due calls read in due order to find the batch's companies before the
   * claim reads the whole due set instead. Default 4 × batch: each company seen is looked up (its
   * configuration and turn), so a longer scan costs more on the path it is meant to keep cheap.
   */
  scan?: number;
}

/** What `db.raw` resolves to: pg wraps the rows in a result object, better-sqlite3 returns them bare. */
type RawRows = Array<Record<string, unknown>> | { rows: Array<Record<string, unknown>> };
const rowsOf = (result: RawRows) => (Array.isArray(result) ? result : result.rows);

/** The account a company dials through when its configuration names none and it has no account of its own. */
export const OPERATOR_ACCOUNT = 'operator';

/**
 * Claims due pending calls for dialing: pending → dialing, committed before any provider request
 * (docs/architecture/decisions/dial-claim-order.md). Two limits hold at once: a company's own
 * (`calls.maxConcurrentCalls`, else `defaultConcurrency`) and its provider account's headroom (the
 * account's limit less the slots kept for inbound and the calls on it the service did not place,
 * `voice_accounts`), each counted as the calls `dialing` (a slot is held from the claim until the
 * call ends or its dial fails). Within an account the slots are shared round-robin by company: by
 * the company's calls in flight plus the call's place among its company's, then by the company's
 * turn (the later of its oldest due call and its last claim, `company_dial_turns`), then due order.
 *
 * One transaction (the caller's, or its own): on Postgres (1) finds the companies with due calls
 * and room and their accounts, (2) locks those accounts FOR UPDATE and those companies FOR NO KEY
 * UPDATE, skipping locked ones, and (3) counts the slots again and claims, in a statement whose
 * snapshot starts after the locks were taken: every claim before it on these accounts is committed
 * and counted, so workers in any number of processes never overrun a limit.
 */
export async function claimDueCalls(
  db: Db,
  now: string,
  limits: ClaimLimits,
): Promise<Array<{ id: string; companyId: string }>> {
  const run = async (trx: Db) => {
    const rows = dialectOf(trx) === 'pg' ? await claimPg(trx, now, limits) : await claimSqlite(trx, now, limits);
    return rows.map((r) => ({ id: String(r.id), companyId: String(r.company_id) }));
  };
  return db.isTransaction ? run(db) : db.transaction((trx) => run(trx));
}

async function claimPg(db: Db, now: string, limits: ClaimLimits) {
  const params = { now, batch: limits.batch, concurrency: limits.defaultConcurrency };
  const found = rowsOf(await db.raw<RawRows>(PG_FIND, { ...params, scan: limits.scan ?? 4 * limits.batch }));
  if (!found.length) return [];
  const locked = rowsOf(
    await db.raw<RawRows>(PG_LOCK, {
      accounts: [...new Set(found.map((r) => String(r.account)))],
      companies: found.map((r) => String(r.company_id)),
    }),
  );
  const accounts = locked.filter((r) => r.kind === 'account').map((r) => String(r.id));
  const companies = locked.filter((r) => r.kind === 'company').map((r) => String(r.id));
  if (!accounts.length || !companies.length) return [];
  return rowsOf(await db.raw<RawRows>(PG_CLAIM, { ...params, accounts, companies }));
}

async function claimSqlite(db: Db, now: string, limits: ClaimLimits) {
  const params = { now, batch: limits.batch, concurrency: limits.defaultConcurrency };
  await db.raw(SQLITE_ACCOUNTS, { now });
  const rows = rowsOf(await db.raw<RawRows>(SQLITE_CLAIM, params));
  const companies = [...new Set(rows.map((r) => String(r.company_id)))];
  if (companies.length)
    await db.raw(
      SQLITE_TURNS(companies.length),
      companies.flatMap((id) => [id, now]),
    );
  return rows;
}

// The account a company dials through (company configuration `calls.account`): a company with its
// own provider key and no name for its account has an account of its own; the others share the
// operator's. The company's limit and its calls `dialing`.
const ACCOUNT = (config: string, id: string) =>
  `COALESCE(${config}->'calls'->>'account', CASE WHEN ${config}->'calls'->'provider' IS NULL THEN '${OPERATOR_ACCOUNT}' ELSE 'company:' || ${id} END)`;
const LIMIT = (config: string) => `COALESCE((${config}->'calls'->>'maxConcurrentCalls')::int, :concurrency)`;
const DIALING = (company: string) =>
  `(SELECT count(*) FROM scheduled_calls b WHERE b.company_id = ${company} AND b.status = 'dialing')`;
// An account's free slots: its headroom (unknown limit: no cap) less its calls `dialing`, read from
// the partial index of dialing calls by account (at most the account's limit of entries).
const ACCOUNT_ROOM = (a: string, id: string) =>
  `COALESCE(${a}.concurrency_limit - ${a}.reserved_inbound - ${a}.outside_calls, 2147483647)
    - (SELECT count(*) FROM scheduled_calls b WHERE b.dial_account = ${id} AND b.status = 'dialing')`;

/**
 * The first :batch companies of `source` (company_id, pos: the place of its oldest due call in due
 * order, first_due: that call's time) whose company and account have room, in round-robin order:
 * by `turn_at`, the later of its oldest due call and its last claim (`company_dial_turns`), so a
 * company just served waits behind every company whose oldest due call is older than that; then
 * by due order; no more of an account's companies than it has free slots (a batch spread over the
 * accounts that can take it). An account's room is counted once; a company's only when its account
 * has room, and only until :batch companies are found (OFFSET 0 keeps Postgres from pushing that filter under the
 * sort). A company's configuration and turn are read by key for each company found (scalar
 * subqueries: a join lets Postgres hash all of `companies`, one row per company whatever is due).
 * `p` prefixes the CTE names; `keep` filters the source (the fast path's prefix rule).
 */
const WITH_ROOM = (p: string, source: string, keep: string) => `
${p}_w AS MATERIALIZED (
  SELECT x.company_id, x.pos, ${ACCOUNT('x.config', 'x.company_id')} AS account, ${LIMIT('x.config')} AS max_calls, x.turn_at
  FROM (
    SELECT src.company_id, src.pos,
           GREATEST(src.first_due, (SELECT t.last_claimed_at FROM company_dial_turns t WHERE t.company_id = src.company_id)) AS turn_at,
           (SELECT c.config FROM companies c WHERE c.id = src.company_id) AS config
    FROM (${source}) src
    OFFSET 0
  ) x
  WHERE ${keep}
), ${p}_rooms AS MATERIALIZED (
  SELECT acc.account, ${ACCOUNT_ROOM('a', 'acc.account')} AS room
  FROM (SELECT DISTINCT account FROM ${p}_w) acc LEFT JOIN voice_accounts a ON a.id = acc.account
), ${p} AS (
  SELECT o.company_id, o.account FROM (
    SELECT w.company_id, w.account, w.max_calls, r.room,
           row_number() OVER (PARTITION BY w.account ORDER BY w.turn_at, w.pos) AS nth
    FROM ${p}_w w JOIN ${p}_rooms r ON r.account = w.account
    WHERE r.room > 0
    ORDER BY w.turn_at, w.pos
    OFFSET 0
  ) o
  WHERE o.nth <= o.room AND o.max_calls - ${DIALING('o.company_id')} > 0
  LIMIT :batch
)`;

// Finding the batch's companies (docs/architecture/decisions/dial-claim-order.md): `scan` reads the
// first :scan due calls of all companies in (time, id) order from the partial pending index. A company
// first appears there at its oldest due call, and its turn is never earlier than that, so the
// companies seen whose turn is no later than the last call scanned are a prefix of every company's
// round-robin order: they settle the batch when :batch of them have room, or when the scan read every
// due call. Otherwise (a backlog fills the scan) `every_due` reads the whole due set from the same
// index, grouped by company: what is read grows with the calls due, never with the companies that
// have nothing due. Its one-time filter on `settled` keeps it from running at all when the scan
// settled the batch. The accounts of the companies found are added when new (their limit is read
// later by the dispatcher).
const PG_FIND = `
WITH scan AS (
  SELECT d.company_id, d.scheduled_time, d.id FROM scheduled_calls d
  WHERE d.status = 'pending' AND d.scheduled_time <= :now
  ORDER BY d.scheduled_time, d.id
  LIMIT :scan
), complete AS (
  SELECT count(*) < :scan AS done, max(scheduled_time) AS last_due FROM scan
), seen AS (
  SELECT o.company_id, min(o.n) AS pos, min(o.scheduled_time) AS first_due
  FROM (SELECT s.company_id, s.scheduled_time, row_number() OVER () AS n FROM scan s) o
  GROUP BY o.company_id
), ${WITH_ROOM(
  'fast',
  'SELECT company_id, pos, first_due FROM seen',
  '(SELECT done FROM complete) OR x.turn_at <= (SELECT last_due FROM complete)',
)}, settled AS (
  SELECT (SELECT count(*) FROM fast) >= :batch OR (SELECT done FROM complete) AS done
), ${WITH_ROOM(
  'slow',
  `SELECT o.company_id, min(o.n) AS pos, min(o.scheduled_time) AS first_due FROM (
    SELECT every_due.company_id, every_due.scheduled_time, row_number() OVER () AS n FROM (
      SELECT every_due_call.company_id, every_due_call.scheduled_time FROM scheduled_calls every_due_call
      WHERE every_due_call.status = 'pending' AND every_due_call.scheduled_time <= :now AND NOT (SELECT done FROM settled)
      ORDER BY every_due_call.scheduled_time, every_due_call.id
    ) every_due
  ) o GROUP BY o.company_id`,
  'true',
)}, candidates AS (
  SELECT company_id, account FROM fast WHERE (SELECT done FROM settled)
  UNION ALL
  SELECT company_id, account FROM slow
), added AS (
  INSERT INTO voice_accounts (id, via_company_id)
  SELECT DISTINCT ON (account) account, company_id FROM candidates ORDER BY account, company_id
  ON CONFLICT (id) DO NOTHING
  RETURNING id
)
SELECT company_id, account FROM candidates`;

// The locks that make the limits exact across processes: a worker claims on an account only while
// it holds the account's row, and a company's calls only while it holds the company's row (its
// configuration cannot move it to another account mid-claim). SKIP LOCKED: another worker's
// accounts and companies are left to it, never waited for.
const PG_LOCK = `
WITH acc AS (
  SELECT a.id FROM voice_accounts a WHERE a.id = ANY(CAST(:accounts AS text[])) ORDER BY a.id FOR UPDATE SKIP LOCKED
), com AS (
  SELECT c.id FROM companies c WHERE c.id = ANY(CAST(:companies AS text[])) FOR NO KEY UPDATE SKIP LOCKED
)
SELECT 'account' AS kind, id FROM acc
UNION ALL
SELECT 'company' AS kind, id FROM com`;

// The claim proper, over the locked accounts and companies, with a snapshot taken after the locks:
// each company offers its oldest due calls up to its room (FOR UPDATE SKIP LOCKED), and at most
// :batch - k + 1 of them among k companies (every other one's first call comes before anyone's
// second, so no company can have more in the batch); a call's `turn`
// is its company's calls in flight plus its place among the company's offered calls; each account
// takes its free slots in (turn, the company's turn_at, due) order, and the batch is the first
// :batch of those. The companies claimed for get their turn recorded.
const PG_CLAIM = `
WITH acct AS MATERIALIZED (
  SELECT a.id, ${ACCOUNT_ROOM('a', 'a.id')} AS room FROM voice_accounts a WHERE a.id = ANY(CAST(:accounts AS text[]))
), quota AS MATERIALIZED (
  SELECT q.company_id, q.account, q.max_calls - q.held AS room, q.held, q.last_claimed_at FROM (
    SELECT c.id AS company_id, ${ACCOUNT('c.config', 'c.id')} AS account, ${LIMIT('c.config')} AS max_calls, ${DIALING('c.id')} AS held,
           (SELECT t.last_claimed_at FROM company_dial_turns t WHERE t.company_id = c.id) AS last_claimed_at
    FROM companies c
    WHERE c.id = ANY(CAST(:companies AS text[]))
  ) q JOIN acct ON acct.id = q.account
  WHERE acct.room > 0
), due AS (
  SELECT s.id, s.scheduled_time, q.company_id, q.account,
         q.held + row_number() OVER (PARTITION BY q.company_id ORDER BY s.scheduled_time, s.id) AS turn,
         GREATEST(min(s.scheduled_time) OVER (PARTITION BY q.company_id), q.last_claimed_at) AS turn_at
  FROM quota q
  CROSS JOIN LATERAL (
    SELECT sc.id, sc.scheduled_time FROM scheduled_calls sc
    WHERE sc.company_id = q.company_id AND sc.status = 'pending' AND sc.scheduled_time <= :now
    ORDER BY sc.scheduled_time, sc.id
    LIMIT GREATEST(LEAST(q.room, :batch - (SELECT count(*) FROM quota) + 1), 0)
    FOR UPDATE SKIP LOCKED
  ) s
), ranked AS (
  SELECT due.*,
         row_number() OVER (PARTITION BY due.account ORDER BY due.turn, due.turn_at, due.scheduled_time, due.id) AS nth
  FROM due
), picked AS MATERIALIZED (
  SELECT r.id, r.company_id, r.account FROM ranked r JOIN acct ON acct.id = r.account
  WHERE r.nth <= acct.room
  ORDER BY r.turn, r.turn_at, r.scheduled_time, r.id
  LIMIT :batch
), turns AS (
  INSERT INTO company_dial_turns (company_id, last_claimed_at)
  SELECT DISTINCT company_id, CAST(:now AS timestamptz) FROM picked
  ON CONFLICT (company_id) DO UPDATE SET last_claimed_at = EXCLUDED.last_claimed_at
)
UPDATE scheduled_calls sc
SET status = 'dialing', dial_account = picked.account, claimed_at = :now, updated_at = :now, dial_lease_until = NULL
FROM picked WHERE sc.id = picked.id AND sc.status = 'pending'
RETURNING sc.id, sc.company_id`;

// SQLite (an embedded database: one writer at a time, so no locks to take): the same accounts,
// limits and turn order over every company with due calls, from the partial pending index.
const SQLITE_ACCOUNT = (c: string) =>
  `COALESCE(json_extract(${c}.config, '$.calls.account'), CASE WHEN json_extract(${c}.config, '$.calls.provider') IS NULL THEN '${OPERATOR_ACCOUNT}' ELSE 'company:' || ${c}.id END)`;
const SQLITE_ACCOUNTS = `
INSERT OR IGNORE INTO voice_accounts (id, via_company_id)
SELECT account, min(company_id) FROM (
  SELECT ${SQLITE_ACCOUNT('c')} AS account, c.id AS company_id FROM companies c
  WHERE c.id IN (SELECT d.company_id FROM scheduled_calls d WHERE d.status = 'pending' AND d.scheduled_time <= :now)
) GROUP BY account`;
const SQLITE_CLAIM = `
WITH acct AS (
  SELECT a.id, ${ACCOUNT_ROOM('a', 'a.id')} AS room FROM voice_accounts a
), quota AS (
  SELECT q.company_id, q.account, q.max_calls - q.held AS room, q.held, q.last_claimed_at FROM (
    SELECT c.id AS company_id, ${SQLITE_ACCOUNT('c')} AS account,
           COALESCE(json_extract(c.config, '$.calls.maxConcurrentCalls'), :concurrency) AS max_calls,
           ${DIALING('c.id')} AS held, t.last_claimed_at
    FROM companies c LEFT JOIN company_dial_turns t ON t.company_id = c.id
    WHERE c.id IN (SELECT d.company_id FROM scheduled_calls d WHERE d.status = 'pending' AND d.scheduled_time <= :now)
  ) q JOIN acct ON acct.id = q.account
  WHERE acct.room > 0
), due AS (
  SELECT sc.id, sc.scheduled_time, q.company_id, q.account, q.room, q.held, q.last_claimed_at,
         row_number() OVER (PARTITION BY sc.company_id ORDER BY sc.scheduled_time, sc.id) AS rn,
         min(sc.scheduled_time) OVER (PARTITION BY sc.company_id) AS first_due
  FROM scheduled_calls sc JOIN quota q ON q.company_id = sc.company_id
  WHERE sc.status = 'pending' AND sc.scheduled_time <= :now
), ranked AS (
  SELECT id, company_id, account, scheduled_time, held + rn AS turn,
         max(first_due, COALESCE(last_claimed_at, first_due)) AS turn_at,
         row_number() OVER (
           PARTITION BY account ORDER BY held + rn, max(first_due, COALESCE(last_claimed_at, first_due)), scheduled_time, id
         ) AS nth
  FROM due WHERE rn <= room
), picked AS (
  SELECT r.id FROM ranked r JOIN acct ON acct.id = r.account
  WHERE r.nth <= acct.room
  ORDER BY r.turn, r.turn_at, r.scheduled_time, r.id
  LIMIT :batch
)
UPDATE scheduled_calls
SET status = 'dialing', claimed_at = :now, updated_at = :now, dial_lease_until = NULL,
    dial_account = (SELECT ${SQLITE_ACCOUNT('c')} FROM companies c WHERE c.id = scheduled_calls.company_id)
WHERE id IN (SELECT id FROM picked)
RETURNING id, company_id`;
// SQLite: the turns of the companies just claimed for (Postgres records them in PG_CLAIM).
const SQLITE_TURNS = (n: number) => `
INSERT INTO company_dial_turns (company_id, last_claimed_at) VALUES ${Array.from({ length: n }, () => '(?, ?)').join(', ')}
ON CONFLICT (company_id) DO UPDATE SET last_claimed_at = excluded.last_claimed_at`;
