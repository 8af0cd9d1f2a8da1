import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/http/api.js';
import { loadOpenApiDocument, operationIds } from '../../src/contract/openapi-document.js';
import { operationHandlers } from '../../src/handlers/index.js';
import { NOT_YET_IMPLEMENTED } from '../../src/handlers/not-implemented.js';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';

describe('handler registration is strict', () => {
  const doc = loadOpenApiDocument();

  it('registers exactly the contract operations', async () => {
    expect(Object.keys(operationHandlers()).sort()).toEqual(operationIds(doc).sort());
  });

  it('fails at start when an operation has no handler', async () => {
    const { getHealth: _dropped, ...rest } = operationHandlers();
    await expect(createApi(doc, rest)).rejects.toThrow(/Without handler: \[getHealth\]/);
  });

  it('fails at start when a handler has no operation', async () => {
    await expect(
      createApi(doc, { ...operationHandlers(), deleteEverything: async () => ({ status: 204 }) }),
    ).rejects.toThrow(/without operation: \[deleteEverything\]/);
  });
});

describe.each(DIALECTS)('service basics on %s', (dialect) => {
  let key: string;

  const suite = useTestService(dialect);
  beforeAll(async () => {
    key = (await suite.t.company()).apiKey;
  });

  it('serves health, readiness and the contract without a key', async () => {
    expect(await suite.t.call('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await suite.t.call('GET', '/readyz')).toMatchObject({
      status: 200,
      body: { status: 'ready', database: 'ok', migrations: 'current' },
    });
    const spec = await suite.t.call('GET', '/openapi.json');
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toBe('3.1.0');
    expect(spec.body.info.version).toBe('1.0.0');
  });

  it('answers an unknown route with 404 in the {error, message} shape', async () => {
    const res = await suite.t.call('GET', '/nope', { key });
    expect(res).toMatchObject({ status: 404, body: { error: 404, message: 'No route for GET /nope' } });
  });

  it('sets a request id and safe headers, and never a stack trace', async () => {
    const res = await suite.t.call('GET', '/healthz', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('no operation of the contract answers 501: the not-implemented list is empty', async () => {
    expect(NOT_YET_IMPLEMENTED).toEqual([]);
    const res = await suite.t.call('GET', '/emails/some-customer', { key });
    expect(res).toMatchObject({ status: 404, body: { error: 404, message: 'Customer some-customer not found' } });
  });
});
