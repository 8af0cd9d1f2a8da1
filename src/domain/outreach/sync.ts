import type { CompanyContext } from '../context.js';
import { ConflictError, type DomainError } from '../errors.js';
import { requireIdempotencyKey, runIdempotent, type StoredResponse } from '../idempotency.js';
import { enforceRateLimit, type RatePolicy, type RateWindow } from '../rate-limit.js';
import { executeEnrollment, prepareEnrollment, type EnrollmentResult } from './enroll.js';
import type { EnrollmentInput } from './enrollment-input.js';
import { replaceSchedule, type ReplaceResult } from './replace.js';
import { syncMode, validateEnrollmentBody, validateReplaceBody } from './validate.js';

/** Interface specification, Limits: 60 requests per minute per company, shared by both modes. */
export const SCHEDULE_SYNC_LIMIT: RatePolicy = { name: 'schedule-sync', limit: 60, windowSeconds: 60, noun: 'schedule sync requests' };

/** Fingerprint scope of single enrollments (batch enrollment rows reuse it, so a row and a single request with one key are one request). */
export const ENROLLMENT_OPERATION = 'syncCustomerSchedule:enroll';

/** Turns enrollment outcomes into the stored (and replayed) responses; supplied by the HTTP layer. */
export interface EnrollmentResponder {
  enrolled(result: EnrollmentResult): StoredResponse;
  conflict(err: DomainError): StoredResponse;
}

export type SyncOutcome =
  | { mode: 'enroll'; response: StoredResponse; replayed: boolean; rateWindow: RateWindow }
  | { mode: 'replace'; result: ReplaceResult; rateWindow: RateWindow };

/** POST /customers/schedule/sync: rate limit, then the mode's rules. */
export async function syncSchedule(
  ctx: CompanyContext,
  request: { body: unknown; idempotencyKey: string | string[] | undefined },
  respond: EnrollmentResponder,
): Promise<SyncOutcome> {
  const rateWindow = await enforceRateLimit(ctx, SCHEDULE_SYNC_LIMIT);
  if (syncMode(request.body) === 'replace') {
    return { mode: 'replace', result: await replaceSchedule(ctx, validateReplaceBody(request.body)), rateWindow };
  }
  const key = requireIdempotencyKey(request.idempotencyKey, 'when scheduleMode is enroll');
  const input = prepareEnrollment(ctx, validateEnrollmentBody(request.body));
  const { response, replayed } = await enrollOnce(ctx, key, request.body, input, respond);
  return { mode: 'enroll', response, replayed, rateWindow };
}

/**
 * One enrollment, exactly once per (company, key): the first request runs it, a retry gets the
 * stored response. 200s and 409 conflicts are stored; validation failures and 5xx are not.
 */
export function enrollOnce(ctx: CompanyContext, key: string, body: unknown, input: EnrollmentInput, respond: EnrollmentResponder) {
  return runIdempotent(
    { db: ctx.db, companyId: ctx.companyId, key, operation: ENROLLMENT_OPERATION, body, now: ctx.now },
    async (trx) => respond.enrolled(await executeEnrollment({ ...ctx, db: trx }, input)),
    (err) => (err instanceof ConflictError ? respond.conflict(err) : undefined),
  );
}
