import { OpenAPIRouter, type Document } from 'openapi-backend';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOpenApiDocument } from '../src/contract/openapi-document.js';
import { operationHandlers } from '../src/handlers/index.js';
import { createApi } from '../src/http/api.js';
import type { RequestEnv } from '../src/http/handler-types.js';
import { PrecompiledRouter } from '../src/http/precompiled-router.js';

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
    const env = { services: { keys: { authenticate: async () => null } }, requestId: 'r', company: null } as unknown as RequestEnv;
    const health = (await api.handleRequest({ method: 'GET', path: '/healthz', headers: {} }, env)) as { status: number };
    const templated = (await api.handleRequest({ method: 'GET', path: '/customers/c-1', headers: {} }, env)) as { status: number };
    const missing = (await api.handleRequest({ method: 'GET', path: '/nowhere', headers: {} }, env)) as { status: number };
    expect([health.status, templated.status, missing.status]).toEqual([200, 401, 404]);
    api.validateResponse({ status: 'ok' }, 'getHealth', 200);
    expect(rebuild).not.toHaveBeenCalled();
    expect(librarySearch).not.toHaveBeenCalled();
  });
});
