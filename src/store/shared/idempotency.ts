import type { Knex } from 'knex';
import type { Db } from './db.js';
import { dialectOf } from './db.js';
import { fromJson, type JsonColumn, readInstant, readText, toJson } from './columns.js';
import { numberedPlaceholders, type PreparedStatement, runPrepared } from './prepared.js';
import { RATE_HIT, type RateHit, rateHitBindings } from './rate-limits.js';
import { deleteInBatches } from './batched-deletes.js';

/** Mirrors `idempotency_records`, camel-cased. */
export interface IdempotencyRow {
  companyId: string;
  key: string;
  operation: string;
  fingerprint: string;
  state: 'in_progress' | 'completed';
  lockToken: string | null;
  lockedUntil: string | null;
  responseStatus: number | null;
  responseBody: unknown;
  responseHeaders: Record<string, string> | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

function fromRow(r: Record<string, unknown>): IdempotencyRow {
  return {
    companyId: String(r.company_id),
    key: String(r.key),
    operation: String(r.operation),
    fingerprint: String(r.fingerprint),
    state: r.state as IdempotencyRow['state'],
    lockToken: readText(r.lock_token),
    lockedUntil: readInstant(r.locked_until),
    responseStatus: r.response_status === null || r.response_status === undefined ? null : Number(r.response_status),
    responseBody: fromJson(r.response_body),
    responseHeaders: fromJson(r.response_headers),
    createdAt: readInstant(r.created_at)!,
    updatedAt: readInstant(r.updated_at)!,
    expiresAt: readInstant(r.expires_at)!,
  };
}

export interface NewClaim {
  key: string;
  operation: string;
  fingerprint: string;
  lockToken: string;
  lockedUntil: string;
  at: string;
  expiresAt: string;
}

/**
 * Inserts a committed in_progress claim with a lease, as the former two-commit protocol did (tests use it
 * to stand for a request still running, or a process that died, elsewhere); false when the key exists.
 */
export async function insertClaim(db: Db, companyId: string, c: NewClaim): Promise<boolean> {
  const rows = await db('idempotency_records')
    .insert({
      company_id: companyId,
      key: c.key,
      operation: c.operation,
      fingerprint: c.fingerprint,
      state: 'in_progress',
      lock_token: c.lockToken,
      locked_until: c.lockedUntil,
      created_at: c.at,
      updated_at: c.at,
      expires_at: c.expiresAt,
    })
    .onConflict(['company_id', 'key'])
    .ignore()
    .returning('key');
  return rows.length > 0;
}

export async function getRecord(db: Db, companyId: string, key: string): Promise<IdempotencyRow | null> {
  const r = await db<Record<string, unknown>>('idempotency_records').where({ company_id: companyId, key }).first();
  return r ? fromRow(r) : null;
}

/** What a claim found: run the request here (`free`), it runs elsewhere (`busy`), or it finished (`completed`). */
export type KeyClaim =
  | { state: 'free' }
  | { state: 'busy'; fingerprint: string | null }
  | {
      state: 'completed';
      fingerprint: string;
      response: { status: number; body: unknown; headers: Record<string, string> };
    };

/**
 * Claims (company, key) for the calling transaction: one statement, and the answer decides the request.
 * Postgres: a transaction-scoped advisory lock on the key (held elsewhere: `busy` at once, never a
 * wait), the transaction's lease (`idle_in_transaction_session_timeout`: a process that hangs or dies
 * gives the key up when Postgres ends its session, which also drops its uncommitted work) and the
 * stored record, read together. SQLite has one writer at a time, so reading the record is the claim.
 * A record past its retention, or an in-progress claim of the former two-commit protocol whose lease
 * ran out, counts as free. `finishKey` stores the outcome in the same transaction.
 */
export async function claimKey(
  trx: Db,
  companyId: string,
  key: string,
  at: string,
  leaseSeconds: number,
): Promise<KeyClaim> {
  const row =
    dialectOf(trx) === 'pg'
      ? (await runPrepared(trx, PG_CLAIM, [`idempotency:${companyId}:${key}`, `${leaseSeconds}s`, companyId, key]))[0]
      : {
          held: true,
          ...(await trx('idempotency_records as r')
            .where({ 'r.company_id': companyId, 'r.key': key })
            .first<Record<string, unknown> | undefined>(trx.raw(CLAIM_COLUMNS))),
        };
  const live = row.state != null && readInstant(row.expires_at)! > at;
  if (live && row.state === 'completed') {
    return {
      state: 'completed',
      fingerprint: String(row.fingerprint),
      response: {
        status: Number(row.response_status),
        body: fromJson(row.response_body),
        headers: fromJson(row.response_headers) ?? {},
      },
    };
  }
  const leased = live && row.state === 'in_progress' && row.locked_until != null && readInstant(row.locked_until)! > at;
  if (row.held && !leased) return { state: 'free' };
  return { state: 'busy', fingerprint: leased ? String(row.fingerprint) : null };
}

const CLAIM_COLUMNS =
  'r.state, r.fingerprint, r.locked_until, r.expires_at, r.response_status, r.response_body, r.response_headers';

/** Every idempotent request runs it (prepared: no per-request SQL building, parse or plan). */
const PG_CLAIM: PreparedStatement = {
  name: 'idempotency_claim',
  text: `SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS held, set_config('idle_in_transaction_session_timeout', $2, true) AS lease, ${CLAIM_COLUMNS}
    FROM (SELECT 1) AS one LEFT JOIN idempotency_records r ON r.company_id = $3 AND r.key = $4`,
};

export interface FinishedRecord {
  operation: string;
  fingerprint: string;
  response: { status: number; body: unknown; headers: Record<string, string> };
  at: string;
  expiresAt: string;
}

/**
 * What a request whose key may be new hands to a store call that does all its work at once: the
 * completed record to store under `key` (only if the key was never used) and, optionally, the rate
 * window to count it in, with the limit past which nothing but the count may commit.
 */
export interface FirstRun {
  key: string;
  record: FinishedRecord;
  rate: (RateHit & { limit: number }) | null;
}

/**
 * `committed: false`: nothing was written (a concurrent request stored the key first). Otherwise the
 * count committed (`hits`, `windowEndsAt`; 0 without a rate) and `stored` says whether the work and
 * its record did too (not when the key was used, the work was not possible at once, or over the limit).
 */
export type FirstRunOutcome =
  { committed: false } | { committed: true; stored: boolean; hits: number; windowEndsAt: number };

/** The completed record of a first run as a row of idempotency_records (JSON columns as text). */
export function completedRecordRow(
  companyId: string,
  key: string,
  r: FinishedRecord,
  json: JsonColumn = toJson,
): Record<string, unknown> {
  return {
    company_id: companyId,
    key,
    operation: r.operation,
    fingerprint: r.fingerprint,
    state: 'completed',
    lock_token: null,
    locked_until: null,
    response_status: r.response.status,
    response_body: json(r.response.body),
    response_headers: json(r.response.headers),
    created_at: r.at,
    updated_at: r.at,
    expires_at: r.expiresAt,
  };
}

/**
 * The last statement of a claimed request: stores its outcome under the key (unless a completed,
 * unexpired record is already there: then `stored` is false and the caller must roll back) and counts
 * the request against a rate window, both optional. On Postgres one statement; on SQLite two.
 */
export async function finishKey(
  trx: Db,
  companyId: string,
  key: string,
  record: FinishedRecord | null,
  rate: RateHit | null,
): Promise<{ stored: boolean; hits: number; windowEndsAt: number }> {
  const parts: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (rate) {
    parts.push(`hit AS (${RATE_HIT})`);
    bindings.push(...rateHitBindings(companyId, rate));
  }
  if (record) {
    parts.push(`rec AS (${STORE_RECORD})`);
    bindings.push(...recordBindings(companyId, key, record));
  }
  if (dialectOf(trx) === 'pg' && parts.length > 0) {
    // Three shapes (rate, record, both): each a prepared statement of its own.
    const name = `idempotency_finish_${rate ? 'rate' : ''}${record ? 'record' : ''}`;
    const sql = `WITH ${parts.join(', ')} SELECT ${rate ? '(SELECT hits FROM hit) AS hits, (SELECT window_ends_at FROM hit) AS window_ends_at' : '0 AS hits, 0 AS window_ends_at'}, ${record ? '(SELECT count(*) FROM rec)' : '0'} AS stored`;
    const row = (await runPrepared(trx, { name, text: numberedPlaceholders(sql) }, bindings))[0];
    return { stored: Number(row.stored) > 0, hits: Number(row.hits), windowEndsAt: Number(row.window_ends_at) };
  }
  let hits = 0;
  let windowEndsAt = 0;
  let stored = false;
  if (rate) {
    const [row] = await trx.raw<Array<Record<string, unknown>>>(RATE_HIT, rateHitBindings(companyId, rate));
    hits = Number(row.hits);
    windowEndsAt = Number(row.window_ends_at);
  }
  if (record) stored = ((await trx.raw(STORE_RECORD, recordBindings(companyId, key, record))) as unknown[]).length > 0;
  return { stored, hits, windowEndsAt };
}

const STORE_RECORD = `INSERT INTO idempotency_records
    (company_id, key, operation, fingerprint, state, lock_token, locked_until, response_status, response_body, response_headers, created_at, updated_at, expires_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (company_id, key) DO UPDATE SET
    operation = excluded.operation, fingerprint = excluded.fingerprint, state = 'completed', lock_token = NULL, locked_until = NULL,
    response_status = excluded.response_status, response_body = excluded.response_body, response_headers = excluded.response_headers,
    created_at = excluded.created_at, updated_at = excluded.updated_at, expires_at = excluded.expires_at
  WHERE idempotency_records.state <> 'completed' OR idempotency_records.expires_at <= excluded.created_at
  RETURNING key`;

/** STORE_RECORD's values: the completed record's row, in its column order. */
function recordBindings(companyId: string, key: string, r: FinishedRecord): Knex.RawBinding[] {
  return Object.values(completedRecordRow(companyId, key, r)) as Knex.RawBinding[];
}

/** Retention purge (records are kept at least 30 days; see expires_at). */
export async function purgeExpired(db: Db, at: string): Promise<number> {
  return deleteInBatches(db, 'idempotency_records', ['company_id', 'key'], (q) =>
    q.where('expires_at', '<=', at).orderBy('expires_at'),
  );
}
