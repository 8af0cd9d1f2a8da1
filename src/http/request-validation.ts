import type { ErrorObject } from 'ajv';
import { unstorableText } from '../contract/json-limits.js';
import type { ParsedContext } from './handler-types.js';

/**
 * Operations whose request body the domain validates itself, because the rules depend on the company
 * or on the request: required customer fields vary with `sync` and the company's contract version;
 * batch rows must fail one by one (never the whole batch); schedule sync validates per mode (replace
 * answers 400, enrollment 422). For these, the spec's body schema documents today's contract and the
 * listed errors are left to the domain.
 */
const DEFERRED: Record<string, (e: ErrorObject) => boolean> = {
  createCustomer: (e) => e.instancePath === '/requestBody' && (e.keyword === 'required' || e.keyword === 'if'),
  createCustomerBatch: (e) =>
    e.instancePath.startsWith('/requestBody/customers/') ||
    isRowCount(e, 'customers') ||
    /^\/header\/idempotency-key/i.test(e.instancePath) ||
    isMissingHeader(e, 'idempotency-key'),
  // Row-count limits answer with the batch's own codes/messages (empty_batch, batch_too_large).
  createLoanBatch: (e) => e.instancePath.startsWith('/requestBody/loans/') || isRowCount(e, 'loans'),
  syncCustomerSchedule: (e) =>
    e.instancePath.startsWith('/requestBody') ||
    /^\/header\/idempotency-key/i.test(e.instancePath) ||
    isMissingHeader(e, 'idempotency-key'),
};

function isRowCount(e: ErrorObject, array: string): boolean {
  return e.instancePath === `/requestBody/${array}` && (e.keyword === 'minItems' || e.keyword === 'maxItems');
}

function isMissingHeader(e: ErrorObject, name: string): boolean {
  return (
    e.instancePath === '/header' &&
    e.keyword === 'required' &&
    (e.params as { missingProperty?: string }).missingProperty?.toLowerCase() === name
  );
}

/** The request-validation errors that should reject the request before the handler runs. */
export function blockingErrors(operationId: string, errors: ErrorObject[]): ErrorObject[] {
  const deferred = DEFERRED[operationId];
  return deferred ? errors.filter((e) => !deferred(e)) : errors;
}

/** Batch operations' row arrays: their rows are checked when they run, so a bad row fails alone. */
const ROW_ARRAYS: Record<string, string> = {
  createCustomerBatch: 'customers',
  createLoanBatch: 'loans',
  createAchReturnBatch: 'returns',
  createAchConfirmBatch: 'confirms',
  createContactAttemptBatch: 'attempts',
};

/** The 400 message for the first parameter or body field holding text no database can store (rows of a batch excepted), or null. */
export function unstorableTextInRequest(operationId: string, c: ParsedContext): string | null {
  const { params, query, requestBody } = c.request;
  const rows = ROW_ARRAYS[operationId];
  let body: unknown = requestBody;
  if (rows && body && typeof body === 'object' && !Array.isArray(body)) {
    const { [rows]: _rows, ...envelope } = body as Record<string, unknown>;
    body = envelope;
  }
  return unstorableText(params, '') ?? unstorableText(query, '') ?? unstorableText(body, '');
}
