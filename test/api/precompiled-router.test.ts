import { OpenAPIRouter, type Document, type Request } from 'openapi-backend';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOpenApiDocument } from '../../src/contract/openapi-document.js';
import { operationHandlers } from '../../src/handlers/index.js';
import { createApi } from '../../src/http/api.js';
import type { RequestEnv } from '../../src/http/handler-types.js';
import { PrecompiledRouter } from '../../src/http/precompiled-router.js';

const definition = structuredClone(loadOpenApiDocument()) as unknown as Document;
const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'];

/** The library's answer: an operationId, or the 404/405 error it throws. */
function outcome(router: OpenAPIRouter, method: string, path: string): string {
  try {
    return router.matchOperation({ method, path, headers: {} }, true).operationId!;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('PrecompiledRouter', () => {
  afterEach(() => vi.restoreAllMocks());

  it('routes every path and method exactly as openapi-backend does', () => {
    const library = new OpenAPIRouter({ definition });
    const ours = new PrecompiledRouter({ definition });
    const paths = Object.keys(definition.paths ?? {}).flatMap((p) => {
      const concrete = p.replace(/\{[^}]+\}/g, 'x-1');
      return [concrete, `${concrete}/`, `${concrete}/extra`, p.replace(/\{[^}]+\}/g, 'batch'), `${concrete}?a=1`];
    });
    paths.push('/', '/nope', '//customers', '/customers/', '/customers/a/b/c/d', '');
    let compared = 0;
    for (const path of paths) {
      for (const method of METHODS) {
        expect(outcome(ours, method, path), `${method} ${path}`).toBe(outcome(library, method, path));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(ours.getOperations()).toEqual(library.getOperations());
    for (const op of library.getOperations()) expect(ours.getOperation(op.operationId!)).toEqual(op);
  });

  it('does no per-request rebuild of the operation list or path patterns', { timeout: 120_000 }, async () => {
    const api = await createApi(loadOpenApiDocument(), operationHandlers());
    expect(api.router).toBeInstanceOf(PrecompiledRouter);
    expect(api.validator.router).toBe(api.router);
    // The library's own implementations rebuild the list (getOperations) and compile a RegExp per template (matchOperation).
    const rebuild = vi.spyOn(OpenAPIRouter.prototype, 'getOperations');
    const librarySearch = vi.spyOn(OpenAPIRouter.prototype, 'matchOperation');
    // No key is presented: the key cache answers "unknown" (the templated GET is a 401).
    const env = {
      services: { keys: { authenticate: async () => null } },
      requestId: 'r',
      company: null,
    } as unknown as RequestEnv;
    const health = (await api.handleRequest({ method: 'GET', path: '/healthz', headers: {} }, env)) as {
      status: number;
    };
    const templated = (await api.handleRequest({ method: 'GET', path: '/customers/c-1', headers: {} }, env)) as {
      status: number;
    };
    const missing = (await api.handleRequest({ method: 'GET', path: '/nowhere', headers: {} }, env)) as {
      status: number;
    };
    expect([health.status, templated.status, missing.status]).toEqual([200, 401, 404]);
    api.validateResponse({ status: 'ok' }, 'getHealth', 200);
    expect(rebuild).not.toHaveBeenCalled();
    expect(librarySearch).not.toHaveBeenCalled();
  });

  it('parses requests exactly as openapi-backend does', () => {
    // The contract's operations plus query styles it does not use yet (non-exploded arrays, JSON content).
    const styled = structuredClone(definition);
    styled.paths!['/things/{a}.{b}'] = {
      get: {
        operationId: 'styledThings',
        parameters: [
          { name: 'tags', in: 'query', explode: false, schema: { type: 'array', items: { type: 'string' } } },
          {
            name: 'piped',
            in: 'query',
            style: 'pipeDelimited',
            explode: false,
            schema: { type: 'array', items: { type: 'string' } },
          },
          {
            name: 'spaced',
            in: 'query',
            style: 'spaceDelimited',
            explode: false,
            schema: { type: 'array', items: { type: 'string' } },
          },
          { name: 'filter', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
        ],
        responses: { 200: { description: 'ok' } },
      },
    } as never;
    const library = new OpenAPIRouter({ definition: styled });
    const ours = new PrecompiledRouter({ definition: styled });
    const headers = () => ({
      'X-API-Key': 'k',
      'Content-Type': 'application/json',
      Cookie: 'a=1; b=two',
      'idempotency-key': 'i-1',
    });
    const requests: Request[] = [
      { method: 'GET', path: '/healthz', headers: headers() },
      {
        method: 'get',
        path: '/customers/c%20%C3%A9-1?limit=5',
        headers: headers(),
        query: { limit: '5', offset: ['1', '2'] },
      },
      { method: 'POST', path: '/customers', headers: headers(), body: { id: 'c-1', nested: { a: [1, 2] } } },
      { method: 'POST', path: '/customers', headers: headers(), body: '{"id":"c-2"}' },
      { method: 'POST', path: '/customers', headers: headers(), body: '{not json' },
      { method: 'GET', path: '/customers/c-3/', headers: {}, query: 'limit=7&offset=1' },
      { method: 'GET', path: '/customers/c-4?limit=9', headers: { cookie: ['x=1', 'y=2'] } },
      {
        method: 'GET',
        path: '/things/x%2Fy.z',
        headers: headers(),
        query: { tags: 'a,b%2Cc', piped: 'a|b', spaced: 'a b', filter: '{"q":1}', other: '' },
      },
      {
        method: 'GET',
        path: '/things/x.z',
        headers: headers(),
        query: { tags: ['a', 'b'], filter: '{bad', piped: ['p|q'] },
      },
    ];
    let compared = 0;
    for (const req of requests) {
      const op = library.matchOperation(req);
      for (const operation of [undefined, op]) {
        const expected = library.parseRequest(structuredClone(req), operation);
        expect(
          ours.parseRequest(structuredClone(req), operation),
          `${req.method} ${req.path} ${operation?.operationId}`,
        ).toStrictEqual(expected);
        compared++;
      }
      expect(ours.parseRequestQuery(structuredClone(req))).toStrictEqual(
        library.parseRequestQuery(structuredClone(req)),
      );
    }
    expect(compared).toBe(requests.length * 2);
  });

  it('parses each handled request once, not once per routing and validation step', { timeout: 120_000 }, async () => {
    const api = await createApi(loadOpenApiDocument(), operationHandlers());
    // Without the memo the headers are parsed four times per validated request (twice on a 401, once on a 404),
    // and without the override the library's own parse (lodash, cookies, a path template compiled per call) runs each time.
    const headerParse = vi.spyOn(
      PrecompiledRouter.prototype as unknown as { parseHeaders: () => unknown },
      'parseHeaders',
    );
    const libraryParse = vi.spyOn(OpenAPIRouter.prototype, 'parseRequest');
    const env = {
      services: { keys: { authenticate: async () => null } },
      requestId: 'r',
      company: null,
    } as unknown as RequestEnv;
    const shared = { 'x-request-id': 'same-object-every-time' } as Record<string, string>;
    const health = (await api.handleRequest({ method: 'GET', path: '/healthz', headers: shared }, env)) as {
      status: number;
    };
    expect(headerParse).toHaveBeenCalledTimes(1);
    const templated = (await api.handleRequest({ method: 'GET', path: '/customers/c-1', headers: shared }, env)) as {
      status: number;
    };
    const missing = (await api.handleRequest({ method: 'GET', path: '/nowhere', headers: shared }, env)) as {
      status: number;
    };
    expect([health.status, templated.status, missing.status]).toEqual([200, 401, 404]);
    expect(headerParse).toHaveBeenCalledTimes(3);
    expect(libraryParse).not.toHaveBeenCalled();
    // Cookies go through the library's parser, once.
    await api.handleRequest({ method: 'GET', path: '/healthz', headers: { Cookie: 'a=1' } }, env);
    expect(libraryParse).toHaveBeenCalledTimes(1);
    // A caller that reuses its header object and changes it between requests is parsed afresh.
    let seen: unknown;
    const probe = {
      services: { keys: { authenticate: async (key: string) => ((seen = key), null) } },
      requestId: 'r',
      company: null,
    } as unknown as RequestEnv;
    shared['X-API-Key'] = 'changed';
    await api.handleRequest({ method: 'GET', path: '/customers/c-1', headers: shared }, probe);
    expect(seen).toBe('changed');
  });
});
