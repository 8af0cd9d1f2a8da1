import type { ErrorObject, ValidateFunction } from 'ajv';
import type { components } from '../../../generated/api-types.js';
import { loadOpenApiDocument } from '../../contract/openapi-document.js';
import { createAjv } from '../../lib/ajv.js';
import { InvalidInputError, UnprocessableError } from '../shared/errors.js';

export type EnrollmentBody = components['schemas']['EnrollmentRequest'];
export type ReplaceBody = components['schemas']['ScheduleSyncReplaceRequest'];

// The request validator defers every body error of this operation to here (src/http/request-validation.ts):
// the two modes answer schema errors differently (enrollment 422, replacement 400), so each mode's
// component schema is compiled from the contract and applied once the mode is known.
let validators: { enroll: ValidateFunction; replace: ValidateFunction } | undefined;

function compiled() {
  if (!validators) {
    const ajv = createAjv({ allErrors: true, allowUnionTypes: true });
    ajv.addSchema(loadOpenApiDocument(), 'contract');
    validators = {
      enroll: ajv.compile({ $ref: 'contract#/components/schemas/EnrollmentRequest' }),
      replace: ajv.compile({ $ref: 'contract#/components/schemas/ScheduleSyncReplaceRequest' }),
    };
  }
  return validators;
}

/**
 * The mode chosen by `scheduleMode` (`enroll`; `replace` or omitted — omission never selects
 * enrollment). A body that is not a JSON object, or an unknown mode, is 400 in either mode.
 */
export function syncMode(body: unknown): 'enroll' | 'replace' {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new InvalidInputError('Request body must be a JSON object');
  }
  const mode = (body as { scheduleMode?: unknown }).scheduleMode;
  if (mode === 'enroll') return 'enroll';
  if (mode === undefined || mode === 'replace') return 'replace';
  throw new InvalidInputError(`scheduleMode: must be "enroll", "replace" or omitted (got ${JSON.stringify(mode)})`);
}

/** Enrollment schema (unknown fields, null flags, types, bounds): 422 `invalid_request` naming the field. */
export function validateEnrollmentBody(body: unknown): EnrollmentBody {
  const v = compiled().enroll;
  if (!v(body)) throw new UnprocessableError(describe(v.errors ?? []));
  return body as EnrollmentBody;
}

/** Replacement schema: 400. Its required fields are checked by the use case, which words that message. */
export function validateReplaceBody(body: unknown): ReplaceBody {
  const v = compiled().replace;
  if (!v(body)) {
    const errors = (v.errors ?? []).filter((e) => !(e.keyword === 'required' && e.instancePath === ''));
    if (errors.length > 0) throw new InvalidInputError(describe(errors));
  }
  return body as ReplaceBody;
}

/** One clause per problem, each naming the field, e.g. `oneOff: must be boolean`, `Unrecognized field: city`. */
function describe(errors: ErrorObject[]): string {
  const lines = errors.map((e) => {
    const field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'additionalProperties') return `Unrecognized field: ${String(params.additionalProperty)}`;
    if (e.keyword === 'required') return `${field ? field + '.' : ''}${String(params.missingProperty)}: is required`;
    if (e.keyword === 'enum')
      return `${field}: must be one of ${(params.allowedValues as unknown[]).map((x) => JSON.stringify(x)).join(', ')}`;
    if (e.keyword === 'const') return `${field}: must be ${JSON.stringify(params.allowedValue)}`;
    return `${field || 'body'}: ${e.message}`;
  });
  return [...new Set(lines)].join('; ');
}
