import type { ErrorObject } from 'ajv';

/**
 * Operations whose request body the domain validates itself, because the rules depend on the company
 * or on the request: required customer fields vary with `sync` and the company's contract version;
 * batch rows must fail one by one (never the whole batch); schedule sync validates per mode (replace
 * answers 400, enrollment 422). For these, the spec's body schema documents today's contract and the
 * listed errors are left to the domain.
 */
const DEFERRED: Record<string, (e: ErrorObject) => boolean> = {
  createCustomer: (e) => e.instancePath === '/requestBody' && (e.keyword === 'required' || e.keyword === 'if'),
  createCustomerBatch: (e) => e.instancePath.startsWith('/requestBody/customers/') || isRowCount(e, 'customers') || /^\/header\/idempotency-key/i.test(e.instancePath) || isMissingHeader(e, 'idempotency-key'),
  // Row-count limits answer with the batch's own codes/messages (empty_batch, batch_too_large).
  createLoanBatch: (e) => isRowCount(e, 'loans'),
  syncCustomerSchedule: (e) => e.instancePath.startsWith('/requestBody') || /^\/header\/idempotency-key/i.test(e.instancePath) || isMissingHeader(e, 'idempotency-key'),
};

function isRowCount(e: ErrorObject, array: string): boolean {
  return e.instancePath === `/requestBody/${array}` && (e.keyword === 'minItems' || e.keyword === 'maxItems');
}

function isMissingHeader(e: ErrorObject, name: string): boolean {
  return e.instancePath === '/header' && e.keyword === 'required' && (e.params as { missingProperty?: string }).missingProperty?.toLowerCase() === name;
}

/** The request-validation errors that should reject the request before the handler runs. */
export function blockingErrors(operationId: string, errors: ErrorObject[]): ErrorObject[] {
  const deferred = DEFERRED[operationId];
  return deferred ? errors.filter((e) => !deferred(e)) : errors;
}

/** One readable sentence per problem, e.g. `email: must match format "email"`. */
export function describeErrors(errors: ErrorObject[]): string {
  const lines = errors
    .filter((e) => e.keyword !== 'if' && e.keyword !== 'oneOf' && e.keyword !== 'anyOf')
    .map((e) => {
      const where = e.instancePath.replace(/^\/(requestBody|path|query|header)/, '').replace(/^\//, '').replace(/\//g, '.');
      const scope = e.instancePath.startsWith('/header') ? 'header ' : e.instancePath.startsWith('/query') ? 'query parameter ' : e.instancePath.startsWith('/path') ? 'path parameter ' : '';
      if (e.keyword === 'required') {
        const missing = (e.params as { missingProperty: string }).missingProperty;
        return `${scope}${where ? where + '.' : ''}${missing}: is required`;
      }
      if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
        const extra = (e.params as { additionalProperty?: string; unevaluatedProperty?: string });
        return `${where ? where + '.' : ''}${extra.additionalProperty ?? extra.unevaluatedProperty}: is not a recognized field`;
      }
      if (e.keyword === 'enum') return `${scope}${where || 'body'}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
      return `${scope}${where || 'body'}: ${e.message}`;
    });
  return [...new Set(lines)].join('; ') || 'The request does not match the contract';
}
