import { syncSchedule } from '../domain/enrollment/sync.js';
import { deprecationHeaders } from '../http/deprecation-headers.js';
import { enrollmentResponses } from '../http/enrollment-responses.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentReplacement } from '../http/presenters/enrollment.js';
import { rateLimitHeaders } from '../http/rate-limit-headers.js';
import { companyContext } from './context.js';

/** POST /customers/schedule/sync, both modes. Enrollment responses are stored and replayed as they were. */
export const syncCustomerSchedule: OperationHandler<'syncCustomerSchedule'> = async (c, env) => {
  const outcome = await syncSchedule(
    companyContext(env),
    { body: c.request.requestBody, idempotencyKey: c.request.headers['idempotency-key'] },
    enrollmentResponses,
  );
  if (outcome.mode === 'replace') {
    return {
      status: 200,
      body: presentReplacement(outcome.result),
      headers: { ...deprecationHeaders(outcome.result.deprecated), ...rateLimitHeaders(outcome.rateWindow) },
    };
  }
  const { response, replayed } = outcome;
  const headers = {
    ...response.headers,
    ...rateLimitHeaders(outcome.rateWindow),
    ...(replayed ? { 'Idempotency-Replayed': 'true' } : {}),
  };
  return { status: response.status, body: response.body, headers };
};
