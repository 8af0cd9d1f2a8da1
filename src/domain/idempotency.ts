import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../store/db.js';
import {
  completeRecord, deleteExpired, getRecord, insertClaim, releaseClaim, takeOverExpired, type IdempotencyRow,
} from '../store/idempotency.js';
import { inTransaction } from '../store/transactions.js';
import { ConflictError, InvalidInputError, UnprocessableError } from './errors.js';

/**
 * Durable idempotency (DESIGN §4.5), shared by single enrollment and batch enrollment rows.
 * The database row is the lock, so it holds across API processes: the first request inserts an
 * in_progress claim; the business work and the stored outcome commit in one transaction; a retry
 * of a finished request gets the stored response back.
 */

/** The response stored under a key and returned on replay. */
export interface StoredResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export interface IdempotentRequest {
  db: Db;
  companyId: string;
  key: string;
  /** Part of the fingerprint: the same key sent to another operation is a different request. */
  operation: string;
  body: unknown;
  now: Date;
}

export interface IdempotentResult {
  response: StoredResponse;
  replayed: boolean;
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const RETENTION_DAYS = 30;
/** How long a claim is held before another process may assume its owner died and take over. */
export const LEASE_SECONDS = 30;
const RETRY_AFTER_SECONDS = 1;

/** Checks the Idempotency-Key header value (400 missing_idempotency_key / invalid_idempotency_key). */
export function requireIdempotencyKey(value: string | string[] | undefined, when: string): string {
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || key === '') throw new InvalidInputError(`Idempotency-Key header is required ${when}`, 'missing_idempotency_key');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new InvalidInputError(`Idempotency-Key must be 1 to 128 characters matching ${IDEMPOTENCY_KEY_PATTERN.source}`, 'invalid_idempotency_key');
  }
  return key;
}

/** SHA-256 of the operation and the body as canonical JSON (object keys sorted), so key order never matters. */
export function requestFingerprint(operation: string, body: unknown): string {
  return createHash('sha256').update(`${operation}\n${canonicalJson(body)}`, 'utf8').digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Runs `work` at most once per (company, key). `work` runs inside a transaction together with
 * storing its response. When it throws, `outcomeOf` decides: a business outcome (e.g. a 409
 * conflict) is returned as a response and stored; anything else (validation failure, server
 * error) releases the claim and is rethrown, so the same request can be retried.
 */
export async function runIdempotent(
  req: IdempotentRequest,
  work: (trx: Db) => Promise<StoredResponse>,
  outcomeOf: (err: unknown) => StoredResponse | undefined,
): Promise<IdempotentResult> {
  const fingerprint = requestFingerprint(req.operation, req.body);
  const token = randomUUID();
  const answered = await claim(req, fingerprint, token);
  if (answered) return answered; // a replay of the stored response

  const at = req.now.toISOString();
  try {
    const response = await inTransaction(req.db, async (trx) => {
      const result = await work(trx);
      if (!(await completeRecord(trx, req.companyId, req.key, token, result, at))) throw new LeaseLost();
      return result;
    });
    return { response, replayed: false };
  } catch (err) {
    if (err instanceof LeaseLost) return afterLostLease(req, fingerprint);
    const outcome = outcomeOf(err);
    if (outcome === undefined) {
      await releaseClaim(req.db, req.companyId, req.key, token).catch(() => undefined); // the lease expires anyway
      throw err;
    }
    if (!(await completeRecord(req.db, req.companyId, req.key, token, outcome, at))) return afterLostLease(req, fingerprint);
    return { response: outcome, replayed: false };
  }
}

/** Inserts our claim, or answers from the existing record. Returns undefined when we hold the claim. */
async function claim(req: IdempotentRequest, fingerprint: string, token: string): Promise<IdempotentResult | undefined> {
  const at = req.now.toISOString();
  const lockedUntil = new Date(req.now.getTime() + LEASE_SECONDS * 1000).toISOString();
  const expiresAt = new Date(req.now.getTime() + RETENTION_DAYS * 86_400_000).toISOString();
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await insertClaim(req.db, req.companyId, { key: req.key, operation: req.operation, fingerprint, lockToken: token, lockedUntil, at, expiresAt })) {
      return undefined;
    }
    const record = await getRecord(req.db, req.companyId, req.key);
    if (!record) continue; // released between our insert and read: try again
    if (record.expiresAt <= at) {
      await deleteExpired(req.db, req.companyId, req.key, at);
      continue;
    }
    const answer = answerFrom(record, fingerprint);
    if (answer) return answer;
    // in_progress: take it over only when its lease has run out (its process died).
    if (record.lockedUntil !== null && record.lockedUntil <= at && record.lockToken !== null) {
      if (await takeOverExpired(req.db, req.companyId, req.key, record.lockToken, token, lockedUntil, at)) return undefined;
    }
    throw inProgress();
  }
  throw inProgress();
}

function answerFrom(record: IdempotencyRow, fingerprint: string): IdempotentResult | undefined {
  if (record.fingerprint !== fingerprint) {
    throw new UnprocessableError('Idempotency-Key was already used with a different request body', 'idempotency_key_reused');
  }
  if (record.state !== 'completed') return undefined;
  return {
    response: { status: record.responseStatus!, body: record.responseBody, headers: record.responseHeaders ?? {} },
    replayed: true,
  };
}

/** Another process took over our expired claim; its result (or its still-running claim) wins. */
async function afterLostLease(req: IdempotentRequest, fingerprint: string): Promise<IdempotentResult> {
  const record = await getRecord(req.db, req.companyId, req.key);
  const answer = record ? answerFrom(record, fingerprint) : undefined;
  if (answer) return answer;
  throw inProgress();
}

function inProgress(): ConflictError {
  return new ConflictError(
    'A request with this Idempotency-Key is still being processed; retry after the Retry-After delay',
    'request_in_progress',
    RETRY_AFTER_SECONDS,
  );
}

class LeaseLost extends Error {}
