import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../../src/contract/openapi-document.js';
import { operationHandlers } from '../../src/handlers/index.js';
import { createApi } from '../../src/http/api.js';

/** A body that breaks getCustomer's 200 schema (the id must be a string). */
const WRONG = { id: 42 };

describe('createApi validators', () => {
  it(
    'without response validation keeps no response validators, yet compiles one when a response is validated',
    { timeout: 120_000 },
    async () => {
      const api = await createApi(loadOpenApiDocument(), operationHandlers());
      expect(Object.keys(api.validator.responseValidators)).toHaveLength(0);
      expect(Object.keys(api.validator.statusBasedResponseValidators)).toHaveLength(0);
      expect(Object.keys(api.validator.responseHeadersValidators)).toHaveLength(0);
      expect(Object.keys(api.validator.requestValidators).length).toBeGreaterThan(10);
      expect(api.validateResponse(WRONG, 'getCustomer', 200).errors?.length).toBeGreaterThan(0);
    },
  );

  it(
    'with response validation compiles them at start, and they reject a body that breaks the contract',
    { timeout: 120_000 },
    async () => {
      const api = await createApi(loadOpenApiDocument(), operationHandlers(), { validateResponses: true });
      expect(api.validator.responseValidators.getCustomer).toBeTypeOf('function');
      expect(Object.keys(api.validator.responseHeadersValidators).length).toBeGreaterThan(10);
      expect(api.validateResponse(WRONG, 'getCustomer', 200).errors?.length).toBeGreaterThan(0);
    },
  );

  it(
    'validates request bodies with the shared Ajv instances (a body is never coerced)',
    { timeout: 120_000 },
    async () => {
      const api = await createApi(loadOpenApiDocument(), operationHandlers());
      const result = api.validateRequest({
        method: 'post',
        path: '/customers',
        headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
        body: { id: 7 },
      });
      expect(result.errors?.some((e) => e.instancePath.startsWith('/requestBody') && e.keyword === 'type')).toBe(true);
    },
  );
});
