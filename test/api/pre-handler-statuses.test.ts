import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../../src/contract/openapi-document.js';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { fillPath, responseProblems, specOperations } from '../support/contract.js';

/**
 * The statuses the body parsers and the router answer before any handler runs, sent to the real
 * server: each must be declared on the operation it answers for, with a body of its documented
 * shape. 405 belongs to no operation; the overview documents it.
 */
const JSON_LIMIT = 10 * 1024 * 1024; // src/config/config.ts
const FORM_LIMIT = 100 * 1024; // src/main/app.ts
const FORM_PATHS = ['/webhooks/sms/', '/unsubscribe/email/'];
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const isForm = (path: string) => FORM_PATHS.some((p) => path.startsWith(p));
/** Operations that read a body: those declaring one, and the one-click opt-out mail clients post a form to. */
const readsBody = specOperations().filter((o) => o.hasBody || o.operationId === 'unsubscribeEmailOneClick');

/** One request with exactly these headers (fetch would choose Content-Length and encodings itself). */
function send(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<{ status: number; body: unknown; allow?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          /* keep text */
        }
        resolve({ status: res.statusCode!, body: parsed, allow: res.headers.allow });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(DIALECTS)('statuses answered before a handler runs, on %s', (dialect) => {
  const suite = useTestService(dialect);
  let key: string;
  beforeAll(async () => {
    key = (await suite.t.company()).apiKey;
  });

  for (const op of readsBody) {
    it(`${op.method} ${op.path} (${op.operationId}): the body parsers' 400, 413 and 415 are declared`, async () => {
      const form = isForm(op.path);
      const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
      const base = { 'X-API-Key': key, 'Content-Type': type };
      const probes: Array<[string, number, Record<string, string>, string | Buffer]> = [
        // The parser reads the whole body before it answers, so the probe really sends it.
        ['over the size limit', 413, base, Buffer.alloc((form ? FORM_LIMIT : JSON_LIMIT) + 1, 0x20)],
        ['an unsupported charset', 415, { ...base, 'Content-Type': `${type}; charset=latin1` }, '{}'],
        ['an unsupported content encoding', 415, { ...base, 'Content-Encoding': 'x-unknown' }, '{}'],
        ['malformed JSON', 400, { ...base, 'Content-Type': 'application/json' }, '{"a":'],
        ['a media type no parser reads', 400, { ...base, 'Content-Type': 'text/plain' }, 'hello'],
      ];
      const answers = [];
      for (const [what, expected, headers, body] of probes) {
        const res = await send(
          suite.t.url,
          op.method,
          fillPath(op),
          { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          body,
        );
        answers.push({ what, status: res.status, problem: responseProblems(op.operationId, res.status, res.body) });
        expect(res.status, what).toBe(expected);
      }
      expect(answers.filter((a) => a.problem)).toEqual([]);
    });
  }

  it('a path called with a method it does not have: 405 in the ErrorMessage family with Allow, documented in the overview', async () => {
    const doc = loadOpenApiDocument() as unknown as {
      info: { description: string };
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.info.description).toMatch(/answers 405 in the `ErrorMessage`\s+family, with `Allow`/);
    for (const [template, item] of Object.entries(doc.paths)) {
      const method = ['DELETE', 'PATCH', 'PUT', 'POST'].find((m) => !(m.toLowerCase() in item))!;
      const path = template.replace(/\{\w+\}/g, 'x-1');
      const res = await send(suite.t.url, method, path, { 'X-API-Key': key });
      expect(res.status, `${method} ${template}`).toBe(405);
      expect(res.body).toEqual({ error: 405, message: `Method ${method} is not allowed on ${path}` });
      // Every path template the URL matches contributes (GET /customers/batch is getCustomer with id "batch").
      const methods = new Set(
        Object.entries(doc.paths)
          .filter(([t]) => new RegExp(`^${t.replace(/\{\w+\}/g, '[^/]+')}$`).test(path))
          .flatMap(([, i]) =>
            Object.keys(i)
              .filter((m) => HTTP_METHODS.includes(m))
              .map((m) => m.toUpperCase()),
          ),
      );
      expect(res.allow?.split(', ').sort(), `Allow of ${path}`).toEqual([...methods].sort());
    }
  });
});
