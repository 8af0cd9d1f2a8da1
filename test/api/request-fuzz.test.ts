import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { validCustomer } from '../support/customers.js';
import {
  bodyFields,
  exampleBody,
  fillPath,
  responseProblems,
  specOperations,
  type SpecOperation,
} from '../support/contract.js';

/**
 * Property-based fuzz over the served contract: for every operation, generated bad requests (odd
 * path parameters and percent-escapes, bad query values, bodies of any JSON shape, a documented
 * example with one field replaced by a hostile value, malformed JSON, missing or wrong keys) must
 * never get a 5xx, and every error must be a documented status in the operation's error shape.
 * Bounded: FUZZ_RUNS requests per operation (default 12).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

const nested = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    '',
    '\u0000',
    'a\u0000b',
    'x'.repeat(5000),
    '%ZZ',
    '../../etc',
    '\uD83D\uDE00'.repeat(300),
    'ZZ',
    'Mars/Olympus',
    '+44 20 7183 8750',
  ),
  fc.constantFrom(1e300, -1e300, 0.30000000000000004, 2 ** 53 + 1, -1, 0, 1.5, 1.2345678901234568e29),
  fc.constantFrom(nested(20), nested(300), [], {}, null, true, [null, 1, 'a']),
);

const pathValue: fc.Arbitrary<string> = fc.oneof(
  fc
    .string({ unit: 'grapheme', maxLength: 40 })
    .filter((s) => s !== '' && s !== '.' && s !== '..')
    .map(encodeURIComponent),
  fc.constantFrom(
    '%ZZ',
    '%C3%28',
    '%',
    '%00',
    'a%00b',
    '%E0%A4%A',
    '%FF',
    'x'.repeat(300),
    '%F0%9F%98%80',
    '-1',
    '00000000-0000-0000-0000-000000000000',
  ),
);

const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('{', '[', 'nul', '{"a":}', '\u0000', '{"id": "\\ud800"}', '"just a string"', '123', 'null', '[]'),
  fc.string({ maxLength: 60 }),
);

type Request = {
  path: string;
  query: string;
  body?: unknown;
  raw?: string;
  key: 'valid' | 'none' | 'wrong';
  idempotencyKey?: string;
};

function requests(op: SpecOperation): fc.Arbitrary<Request> {
  const params = fc.record(
    Object.fromEntries(op.pathParams.map((p) => [p.name, fc.option(pathValue, { nil: undefined })])),
  ) as fc.Arbitrary<Record<string, string | undefined>>;
  const query = fc
    .array(
      fc.tuple(
        fc.constantFrom(...op.queryParams.map((q) => q.name).concat(['unknown', 'limit', 'offset'])),
        fc.oneof(
          fc.string({ maxLength: 10 }),
          fc.constantFrom('-1', '1e400', '99999999999999999999', '0', 'abc', '%ZZ'),
        ),
      ),
      { maxLength: 3 },
    )
    .map((pairs) =>
      pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v.startsWith('%') ? v : encodeURIComponent(v)}`).join('&'),
    );
  const fields = bodyFields(op.operationId);
  const example = exampleBody(op.operationId);
  const mutated = fc
    .tuple(fc.constantFrom(...(fields.length ? fields : ['id'])), hostileValue)
    .map(([field, value]) => ({ ...example, [field]: value }));
  const body = op.hasBody
    ? fc.oneof(mutated, mutated, fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined))
    : fc.constant(undefined);
  const batchBody = fc
    .array(fc.oneof(hostileValue, mutated), { minLength: 1, maxLength: 4 })
    .map((rows) => ({ [op.operationId === 'createLoanBatch' ? 'loans' : 'customers']: rows }));
  return fc
    .record({
      params,
      query,
      body:
        op.operationId === 'createCustomerBatch' || op.operationId === 'createLoanBatch'
          ? fc.oneof(body, batchBody)
          : body,
      raw: op.hasBody ? fc.option(rawBody, { nil: undefined, freq: 4 }) : fc.constant(undefined),
      key: fc.constantFrom<'valid' | 'none' | 'wrong'>('valid', 'valid', 'valid', 'valid', 'none', 'wrong'),
      idempotencyKey: fc.option(
        fc.oneof(
          fc.constantFrom('k-1', 'bad key!', 'x'.repeat(200)),
          fc.string({ maxLength: 20 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
        ),
        { nil: undefined },
      ),
    })
    .map((r) => ({
      path: fillPath(
        op,
        Object.fromEntries(Object.entries(r.params).filter(([, v]) => v !== undefined)) as Record<string, string>,
      ),
      query: r.query,
      body: r.body,
      raw: r.raw,
      key: r.key,
      idempotencyKey: r.idempotencyKey,
    }));
}

describe.each(DIALECTS)('fuzzed bad requests on %s', (dialect) => {
  let key: string;
  const suite = useTestService(dialect);
  beforeAll(async () => {
    key = (await suite.t.company()).apiKey;
    expect((await suite.t.call('POST', '/customers', { key, body: validCustomer('x-1') })).status).toBe(201);
  });

  for (const op of specOperations()) {
    it(`${op.method} ${op.path} (${op.operationId}): no 5xx, errors in the documented shape`, async () => {
      await fc.assert(
        fc.asyncProperty(requests(op), async (req) => {
          const headers: Record<string, string> = {};
          if (req.idempotencyKey !== undefined) headers['Idempotency-Key'] = req.idempotencyKey;
          const res = await suite.t.call(op.method, req.query ? `${req.path}?${req.query}` : req.path, {
            key: req.key === 'valid' ? key : req.key === 'wrong' ? 'ok_wrong' : undefined,
            body: req.raw === undefined ? req.body : undefined,
            rawBody: req.raw,
            headers,
          });
          // 501 is the documented placeholder of an operation whose issue has not landed (src/handlers/not-implemented.ts).
          if (res.status === 501) return;
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          if (res.status >= 400) expect(responseProblems(op.operationId, res.status, res.body)).toBeNull();
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  }
});
