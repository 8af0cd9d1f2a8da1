import type { RateWindow } from './rate-window.js';

/**
 * Typed domain errors, one class per kind. The HTTP layer maps each kind to a status and to the
 * error shape of the operation's family in one place (src/http/error-response.ts); errors carry
 * facts (a retry delay, a rate window), never statuses or headers.
 */
export abstract class DomainError extends Error {
  /** Machine-readable code, used as `detail.code` in the `{detail: {code, message}}` family. */
  abstract readonly code: string;
  /** Seconds after which the same request may succeed, when the error implies one. */
  retryAfterSeconds?: number;
  constructor(message: string) {
    // Messages can quote input (a list of bad fields); bounded so every error body stays within the contract.
    super(message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message);
    this.name = new.target.name;
  }
}

/** Longest error message (the contract allows more; see ErrorMessage.message). */
export const MAX_MESSAGE_LENGTH = 2000;

/** Required fields are absent. `fields` are in the contract's field-table order; `note` says why, after a semicolon. */
export class MissingFieldsError extends DomainError {
  readonly code = 'missing_required_fields';
  constructor(
    readonly fields: string[],
    note?: string,
  ) {
    super(`Missing required fields: ${fields.join(', ')}${note ? `; ${note}` : ''}`);
  }
}

/** The request is well-formed JSON but a value breaks a rule (400). */
export class InvalidInputError extends DomainError {
  constructor(
    message: string,
    readonly code: string = 'invalid_request',
  ) {
    super(message);
  }
}

/** Input that breaks a rule the contract answers with 422 (enrollment input, consent restoration…). */
export class UnprocessableError extends DomainError {
  constructor(
    message: string,
    readonly code: string = 'invalid_request',
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly code = 'not_found';
}

/** A signed link that is expired or was altered (403). */
export class ForbiddenError extends DomainError {
  readonly code = 'forbidden';
}

export class ConflictError extends DomainError {
  constructor(
    message: string,
    readonly code: string = 'conflict',
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class UnauthorizedError extends DomainError {
  readonly code = 'unauthorized';
  constructor(message = 'Missing or invalid X-API-Key header') {
    super(message);
  }
}

export class RateLimitedError extends DomainError {
  readonly code = 'rate_limited';
  constructor(
    message: string,
    readonly window: RateWindow,
  ) {
    super(message);
    this.retryAfterSeconds = window.resetSeconds;
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly code = 'payload_too_large';
}

/** An operation whose issue has not landed yet (see src/handlers/not-implemented.ts). */
export class NotImplementedError extends DomainError {
  readonly code = 'not_implemented';
}

/** A dependency is down for a moment; the caller may retry (with the same idempotency key). */
export class UnavailableError extends DomainError {
  /** The code the specification documents for 503 (ErrorDetailObject). */
  readonly code = 'service_unavailable';
  constructor(message: string, retryAfterSeconds = 1) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An outside system the company configured (its LMS) refused us or answered something unreadable (502); names what to fix. */
export class UpstreamError extends DomainError {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
