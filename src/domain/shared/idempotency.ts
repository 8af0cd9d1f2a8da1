import { createHash } from 'node:crypto';
import type { Db } from '../../store/shared/db.js';
import { claimKey, finishKey, type FirstRun, type FirstRunOutcome } from '../../store/shared/idempotency.js';
import { inTransaction } from '../../store/shared/transactions.js';
import { ConflictError, type DomainError, InvalidInputError, RateLimitedError, UnprocessableError } from './errors.js';
import { enforceRateLimit, windowOrThrow, type RatePolicy, type RateWindow } from './rate-limit.js';

/**
 * Durable idempotency (docs/architecture/decisions/idempotency.md), shared by single enrollment, batch enrollment rows and batch
 * submissions. One transaction per request: the claim (one statement; the database arbitrates, so it
 * holds across API processes), the business work, then one statement that stores the outcome and
 * counts the request against its rate window; one commit. A retry of a finished request gets the
 * stored response back; the same key running elsewhere answers 409 request_in_progress at once.
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
  /** Counts every request (whatever its answer) in the same transaction; over the limit: 429. */
  rate?: RatePolicy;
}

export interface IdempotentResult {
  response: StoredResponse;
  replayed: boolean;
  /** The window the request was counted in, when counted against `rate`. */
  rateWindow: RateWindow | null;
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const RETENTION_DAYS = 30;
/**
 * How long a claim may sit idle before another process may assume its owner died and take over
 * (Postgres ends the session of a transaction idle that long, which drops its claim and its work).
 */
export const LEASE_SECONDS = 30;
const RETRY_AFTER_SECONDS = 1;

/** Checks the Idempotency-Key header value (400 missing_idempotency_key / invalid_idempotency_key). */
export function requireIdempotencyKey(value: string | string[] | undefined, when: string): string {
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || key === '')
    throw new InvalidInputError(`Idempotency-Key header is required ${when}`, 'missing_idempotency_key');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new InvalidInputError(
      `Idempotency-Key must be 1 to 128 characters matching ${IDEMPOTENCY_KEY_PATTERN.source}`,
      'invalid_idempotency_key',
    );
  }
  return key;
}

/** SHA-256 of the operation and the body as canonical JSON (object keys sorted), so key order never matters. */
export function requestFingerprint(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${canonicalJson(body)}`, 'utf8')
    .digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Runs `work` at most once per (company, key). `work` runs inside the transaction that claims the
 * key and stores its response. When it throws, `outcomeOf` decides: a business outcome (e.g. a 409
 * conflict) is stored as the response (in a transaction of its own, without the work's writes);
 * anything else (validation failure, server error) stores nothing and is rethrown, so the same
 * request can be retried. Either way the request is counted against `rate`.
 */
export async function runIdempotent(
  req: IdempotentRequest,
  work: (trx: Db) => Promise<StoredResponse>,
  outcomeOf: (err: unknown) => StoredResponse | undefined,
  counted: RateWindow | null = null,
): Promise<IdempotentResult> {
  const fingerprint = requestFingerprint(req.operation, req.body);
  let settle = work;
  for (let attempt = 0; attempt < 3; attempt++) {
    let answer: Answer;
    try {
      answer = await claimAndSettle(req, fingerprint, settle);
    } catch (err) {
      if (err instanceof CompletedElsewhere) continue; // the next claim sees that record and replays it
      if (err instanceof OverLimit) {
        await countAlone(req); // rolled back with the rest: count it now (throws 429)
        continue;
      }
      const outcome = settle === work ? outcomeOf(err) : undefined;
      if (outcome === undefined) {
        await countAlone(req);
        throw err;
      }
      settle = async () => outcome;
      continue;
    }
    if ('error' in answer) throw answer.error;
    return counted ? { ...answer, rateWindow: counted } : answer;
  }
  throw inProgress();
}

/**
 * runIdempotent for a request that, when its key is new, can do all its work in one store call:
 * `firstRun` stores the work with `response` under the key and counts the request, all or only the
 * count (key used before, work not possible at once, over the limit: 429 here), or writes nothing
 * (a concurrent request stored the key first). A first run that did not store takes runIdempotent's
 * path, which then does not count the request again. One round trip for the common case instead of
 * a transaction of claim, work and finish.
 */
export async function runIdempotentAtOnce(
  req: IdempotentRequest,
  response: StoredResponse,
  firstRun: (run: FirstRun) => Promise<FirstRunOutcome>,
  work: (trx: Db) => Promise<StoredResponse>,
  outcomeOf: (err: unknown) => StoredResponse | undefined,
): Promise<IdempotentResult> {
  const nowMs = req.now.getTime();
  const record = {
    operation: req.operation,
    fingerprint: requestFingerprint(req.operation, req.body),
    response,
    at: req.now.toISOString(),
    expiresAt: expiryOf(nowMs),
  };
  const rate = req.rate
    ? { policy: req.rate.name, nowMs, windowMs: req.rate.windowSeconds * 1000, limit: req.rate.limit }
    : null;
  const outcome = await firstRun({ key: req.key, record, rate });
  if (!outcome.committed) return runIdempotent(req, work, outcomeOf);
  const counted = req.rate ? windowOrThrow(req.rate, outcome.hits, outcome.windowEndsAt, nowMs) : null;
  if (outcome.stored) return { response, replayed: false, rateWindow: counted };
  return runIdempotent({ ...req, rate: undefined }, work, outcomeOf, counted);
}

function expiryOf(nowMs: number): string {
  return new Date(nowMs + RETENTION_DAYS * 86_400_000).toISOString();
}

type Answer = IdempotentResult | { error: DomainError };

/** One transaction: claim, work (when the key is free), store the outcome and count the request. */
function claimAndSettle(
  req: IdempotentRequest,
  fingerprint: string,
  work: (trx: Db) => Promise<StoredResponse>,
): Promise<Answer> {
  const at = req.now.toISOString();
  const nowMs = req.now.getTime();
  return inTransaction(req.db, async (trx) => {
    const claim = await claimKey(trx, req.companyId, req.key, at, LEASE_SECONDS);
    let answer: { response: StoredResponse; replayed: boolean } | { error: DomainError };
    if (claim.state !== 'free' && claim.fingerprint !== null && claim.fingerprint !== fingerprint)
      answer = { error: reused() };
    else if (claim.state === 'completed') answer = { response: claim.response, replayed: true };
    else if (claim.state === 'busy') answer = { error: inProgress() };
    else answer = { response: await work(trx), replayed: false };
    const expiresAt = expiryOf(nowMs);
    const record =
      'response' in answer && !answer.replayed
        ? { operation: req.operation, fingerprint, response: answer.response, at, expiresAt }
        : null;
    const rate = req.rate ? { policy: req.rate.name, nowMs, windowMs: req.rate.windowSeconds * 1000 } : null;
    const done = await finishKey(trx, req.companyId, req.key, record, rate);
    if (record && !done.stored) throw new CompletedElsewhere();
    let rateWindow: RateWindow | null = null;
    if (req.rate) {
      try {
        rateWindow = windowOrThrow(req.rate, done.hits, done.windowEndsAt, nowMs);
      } catch (err) {
        if (err instanceof RateLimitedError) throw new OverLimit();
        throw err;
      }
    }
    return 'error' in answer ? answer : { ...answer, rateWindow };
  });
}

/** Counts a request whose transaction rolled back (it did not change anything else); over the limit it throws 429. */
async function countAlone(req: IdempotentRequest): Promise<void> {
  if (req.rate) await enforceRateLimit({ db: req.db, companyId: req.companyId, now: req.now }, req.rate);
}

function reused(): UnprocessableError {
  return new UnprocessableError(
    'Idempotency-Key was already used with a different request body',
    'idempotency_key_reused',
  );
}

function inProgress(): ConflictError {
  return new ConflictError(
    'A request with this Idempotency-Key is still being processed; retry after the Retry-After delay',
    'request_in_progress',
    RETRY_AFTER_SECONDS,
  );
}

/** A completed record was stored under the key after this transaction's claim read it: roll back and replay it. */
class CompletedElsewhere extends Error {}
/** The request is over its rate limit: nothing of it may commit but the count. */
class OverLimit extends Error {}
