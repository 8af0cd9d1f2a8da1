import type { CompanyContext } from '../shared/context.js';
import { ConflictError, type DomainError } from '../shared/errors.js';
import { writeEnrollment } from '../../store/enrollment/enrollments.js';
import type { FirstRun } from '../../store/shared/idempotency.js';
import {
  requireIdempotencyKey,
  runIdempotent,
  runIdempotentAtOnce,
  type StoredResponse,
} from '../shared/idempotency.js';
import { enforceRateLimit, type RatePolicy, type RateWindow } from '../shared/rate-limit.js';
import { executeEnrollment, planNewEnrollment, prepareEnrollment, type EnrollmentResult } from './enroll.js';
import type { EnrollmentInput } from './enrollment-input.js';
import { replaceSchedule, type ReplaceResult } from './replace.js';
import { syncMode, validateEnrollmentBody, validateReplaceBody } from './validate.js';

/** Interface specification, Limits: 60 requests per minute per company, shared by both modes. */
export const SCHEDULE_SYNC_LIMIT: RatePolicy = {
  name: 'schedule-sync',
  limit: 60,
  windowSeconds: 60,
  noun: 'schedule sync requests',
};

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

/**
 * POST /customers/schedule/sync: rate limit, then the mode's rules. Every request is counted; an
 * enrollment is counted in its own transaction (with its claim, work and stored response), a request
 * refused before it (mode, key, body) on its own, where a 429 still takes precedence.
 */
export async function syncSchedule(
  ctx: CompanyContext,
  request: { body: unknown; idempotencyKey: string | string[] | undefined },
  respond: EnrollmentResponder,
): Promise<SyncOutcome> {
  let enrollment: { key: string; input: EnrollmentInput } | null;
  try {
    enrollment =
      syncMode(request.body) === 'replace'
        ? null
        : {
            key: requireIdempotencyKey(request.idempotencyKey, 'when scheduleMode is enroll'),
            input: prepareEnrollment(ctx, validateEnrollmentBody(request.body)),
          };
  } catch (err) {
    await enforceRateLimit(ctx, SCHEDULE_SYNC_LIMIT);
    throw err;
  }
  if (!enrollment) {
    const rateWindow = await enforceRateLimit(ctx, SCHEDULE_SYNC_LIMIT);
    return { mode: 'replace', result: await replaceSchedule(ctx, validateReplaceBody(request.body)), rateWindow };
  }
  const { response, replayed, rateWindow } = await enrollOnce(
    ctx,
    enrollment.key,
    request.body,
    enrollment.input,
    respond,
    SCHEDULE_SYNC_LIMIT,
  );
  return { mode: 'enroll', response, replayed, rateWindow: rateWindow! };
}

/**
 * One enrollment, exactly once per (company, key): the first request runs it, a retry gets the
 * stored response. 200s and 409 conflicts are stored; validation failures and 5xx are not.
 * `rate`: the request is counted in the enrollment's transaction (batch rows are not counted).
 * A new customer, outside a batch slice's transaction, is enrolled in one store call with its key
 * and count; anything else (or a race lost to a concurrent request) takes the claim-first path.
 */
export function enrollOnce(
  ctx: CompanyContext,
  key: string,
  body: unknown,
  input: EnrollmentInput,
  respond: EnrollmentResponder,
  rate?: RatePolicy,
) {
  const request = {
    db: ctx.db,
    companyId: ctx.companyId,
    key,
    operation: ENROLLMENT_OPERATION,
    body,
    now: ctx.now,
    rate,
  };
  const work = async (trx: CompanyContext['db']) =>
    respond.enrolled(await executeEnrollment({ ...ctx, db: trx }, input));
  const outcomeOf = (err: unknown) => (err instanceof ConflictError ? respond.conflict(err) : undefined);
  // A slice's rows run in its transaction, where a failed statement would abort the slice.
  const fresh = ctx.db.isTransaction ? null : planNewEnrollment(ctx, input);
  if (!fresh) return runIdempotent(request, work, outcomeOf);
  const firstRun = (run: FirstRun) =>
    writeEnrollment(ctx.db, ctx.companyId, fresh.enrollment, { as: 'first-run', run });
  return runIdempotentAtOnce(request, respond.enrolled(fresh.result), firstRun, work, outcomeOf);
}
