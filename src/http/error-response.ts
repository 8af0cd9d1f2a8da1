import {
  ConflictError,
  DomainError,
  ForbiddenError,
  InvalidInputError,
  MissingFieldsError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  UnprocessableError,
  UpstreamError,
} from '../domain/shared/errors.js';
import { errorBody, errorFamilyOf } from './error-family.js';
import { errorPage } from './error-page.js';
import type { HandlerResult } from './handler-types.js';
import { rateLimitHeaders } from './rate-limit-headers.js';

// One table from error kind to HTTP status; nothing else in the code base picks error statuses.
const STATUS = new Map<object, number>([
  [MissingFieldsError, 400],
  [InvalidInputError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [UnprocessableError, 422],
  [RateLimitedError, 429],
  [NotImplementedError, 501],
  [UpstreamError, 502],
  [UnavailableError, 503],
]);

/** The HTTP status of a domain error (also used for batch row failures: `<status>: <reason>`). */
export function statusOf(err: DomainError): number {
  return STATUS.get(err.constructor) ?? 500;
}

export function errorResult(operationId: string | undefined, err: DomainError): HandlerResult {
  const status = statusOf(err);
  if (errorFamilyOf(operationId) === 'page') return errorPage(status, err.message, errorHeaders(err));
  return {
    status,
    body: errorBody(errorFamilyOf(operationId), status, err.code, err.message),
    headers: errorHeaders(err),
  };
}

/** The headers an error's facts imply: Retry-After, and the rate window of a 429. */
function errorHeaders(err: DomainError): Record<string, string> {
  return {
    ...(err instanceof RateLimitedError ? rateLimitHeaders(err.window) : {}),
    ...(err.retryAfterSeconds !== undefined ? { 'Retry-After': String(err.retryAfterSeconds) } : {}),
  };
}

/** Anything that is not a DomainError is a bug: the caller gets a plain 500, the log gets the stack. */
export function internalErrorResult(operationId: string | undefined): HandlerResult {
  if (errorFamilyOf(operationId) === 'page') return errorPage(500, 'Something went wrong on our side.');
  return { status: 500, body: errorBody(errorFamilyOf(operationId), 500, 'internal_error', 'Internal server error') };
}

/** A dependency (the database) is briefly unavailable: 503 with Retry-After in the operation's family. */
export function unavailableResult(operationId: string | undefined): HandlerResult {
  return errorResult(
    operationId,
    new UnavailableError('The service is briefly unavailable; retry the same request', 1),
  );
}
