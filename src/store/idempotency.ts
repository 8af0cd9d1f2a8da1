import type { Db } from './db.js';
import { fromJson, readInstant, readText, toJson } from './columns.js';

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

/** Inserts an in_progress claim; false when a record with this key already exists (the primary key is the lock). */
export async function insertClaim(db: Db, companyId: string, c: NewClaim): Promise<boolean> {
  const rows = await db('idempotency_records')
    .insert({
      company_id: companyId, key: c.key, operation: c.operation, fingerprint: c.fingerprint, state: 'in_progress',
      lock_token: c.lockToken, locked_until: c.lockedUntil, created_at: c.at, updated_at: c.at, expires_at: c.expiresAt,
    })
    .onConflict(['company_id', 'key'])
    .ignore()
    .returning('key');
  return rows.length > 0;
}

export async function getRecord(db: Db, companyId: string, key: string): Promise<IdempotencyRow | null> {
  const r = await db('idempotency_records').where({ company_id: companyId, key }).first();
  return r ? fromRow(r) : null;
}

/**
 * Takes over an in_progress claim whose lease ran out (its process died). Conditional on the
 * token seen and on the lease being over, so of two racing takers only one wins.
 */
export async function takeOverExpired(db: Db, companyId: string, key: string, seenToken: string, lockToken: string, lockedUntil: string, at: string): Promise<boolean> {
  const n = await db('idempotency_records')
    .where({ company_id: companyId, key, state: 'in_progress', lock_token: seenToken })
    .andWhere('locked_until', '<=', at)
    .update({ lock_token: lockToken, locked_until: lockedUntil, updated_at: at });
  return n > 0;
}

/** Deletes a record past its retention (a purge may not have run yet), so the key starts afresh. */
export async function deleteExpired(db: Db, companyId: string, key: string, at: string): Promise<void> {
  await db('idempotency_records').where({ company_id: companyId, key }).andWhere('expires_at', '<=', at).delete();
}

/** Stores the outcome; false when this claim is no longer ours (lease taken over). */
export async function completeRecord(
  db: Db,
  companyId: string,
  key: string,
  lockToken: string,
  outcome: { status: number; body: unknown; headers: Record<string, string> },
  at: string,
): Promise<boolean> {
  const n = await db('idempotency_records')
    .where({ company_id: companyId, key, state: 'in_progress', lock_token: lockToken })
    .update({
      state: 'completed', lock_token: null, locked_until: null, response_status: outcome.status,
      response_body: toJson(outcome.body), response_headers: toJson(outcome.headers), updated_at: at,
    });
  return n > 0;
}

/** Removes our claim: the request failed validation or with a server error, so a retry must run again. */
export async function releaseClaim(db: Db, companyId: string, key: string, lockToken: string): Promise<void> {
  await db('idempotency_records').where({ company_id: companyId, key, state: 'in_progress', lock_token: lockToken }).delete();
}

/** Retention purge (records are kept at least 30 days; see expires_at). */
export async function purgeExpired(db: Db, at: string): Promise<number> {
  return db('idempotency_records').where('expires_at', '<=', at).delete();
}
