import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../../src/contract/openapi-document.js';
import { useTestService } from '../support/suite.js';

type Media = { example?: unknown; schema?: unknown };
type Operation = {
  operationId: string;
  security?: unknown[];
  responses: Record<string, { $ref?: string; content?: Record<string, Media> }>;
};

/** Every operation that documents a 401: its example is exactly what the server answers without a key. */
function documented401s() {
  const doc = loadOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components: { responses: Record<string, unknown> };
  };
  const rows: { method: string; path: string; operationId: string; example: unknown }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      let response = op?.responses?.['401'];
      // Provider callbacks and signed links are authenticated by signatures, not by X-API-Key.
      if (!response || (Array.isArray(op.security) && op.security.length === 0)) continue;
      if (response.$ref) response = doc.components.responses[response.$ref.split('/').pop()!] as typeof response;
      const example = response.content?.['application/json']?.example;
      const concrete = path.replace(/\{[^}]+\}/g, 'x-1');
      rows.push({ method: method.toUpperCase(), path: concrete, operationId: op.operationId, example });
    }
  }
  return rows;
}

describe('spec examples match the server', () => {
  const suite = useTestService('sqlite');
  const rows = documented401s();

  it('documents a 401 example on every authenticated operation', () => {
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(r.example, r.operationId).toBeDefined();
  });

  it.each(rows)('$operationId: the 401 example is the answer without a key', async ({ method, path, example }) => {
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
    const res = await suite.t.call(method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(example);
  });
});
