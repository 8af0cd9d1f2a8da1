import { randomUUID } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import { loadOpenApiDocument } from '../../src/contract/openapi-document.js';
import { createAjv } from '../../src/lib/ajv.js';

/** One operation of the served contract, as a test needs it. */
export interface SpecOperation {
  operationId: string;
  method: string;
  /** Path template, e.g. `/customers/{id}`. */
  path: string;
  pathParams: { name: string; schema: Record<string, unknown> }[];
  queryParams: { name: string; schema: Record<string, unknown> }[];
  hasBody: boolean;
  secured: boolean;
}

type Json = Record<string, any>;
const doc = loadOpenApiDocument() as Json;

function resolve(node: Json): { node: Json; pointer?: string } {
  let pointer: string | undefined;
  while (node && typeof node.$ref === 'string') {
    pointer = node.$ref.slice(1);
    node = pointer
      .split('/')
      .slice(1)
      .reduce((n: Json, k: string) => n[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return { node, pointer };
}

export function specOperations(): SpecOperation[] {
  const ops: SpecOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (!op?.operationId) continue;
      const params = [...((item as Json).parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => resolve(p).node);
      ops.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        hasBody: Boolean(op.requestBody),
        secured: !(Array.isArray(op.security) && op.security.length === 0),
      });
    }
  }
  return ops;
}

/** A syntactically valid value for a path parameter (a uuid where the contract wants one). */
export function sampleParam(schema: Record<string, unknown>): string {
  return schema.format === 'uuid' ? randomUUID() : 'x-1';
}

export function fillPath(op: SpecOperation, values: Record<string, string> = {}): string {
  return op.path.replace(
    /\{(\w+)\}/g,
    (_m, name: string) => values[name] ?? sampleParam(op.pathParams.find((p) => p.name === name)!.schema),
  );
}

const ajv = createAjv({ allErrors: true, validateSchema: false, strict: false });
ajv.addSchema(doc, 'contract');
const validators = new Map<string, ValidateFunction | null>();

/**
 * Why a response body does not match what the operation documents for this status, or null when it
 * matches. An undocumented status is a problem too.
 */
export function responseProblems(operationId: string, status: number, body: unknown): string | null {
  const key = `${operationId} ${status}`;
  if (!validators.has(key)) {
    const found = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([, op]) => op?.operationId === operationId)
        .map(([method]) => ({ path, method })),
    )[0];
    if (!found) throw new Error(`No operation ${operationId}`);
    const responseRef = `#/paths/${found.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${found.method}/responses/${status}`;
    const raw = doc.paths[found.path][found.method].responses[String(status)];
    if (!raw) validators.set(key, null);
    else if (!resolve(raw).node.content?.['application/json'] && resolve(raw).node.content?.['text/html'])
      // A page a person reads (GET /pay/{token}): its body is text.
      validators.set(
        key,
        ((body: unknown) => typeof body === 'string' && body.includes('<h1>')) as unknown as ValidateFunction,
      );
    else {
      const { pointer } = resolve(raw);
      const base = pointer ?? responseRef.slice(1);
      validators.set(key, ajv.compile({ $ref: `contract#${base}/content/application~1json/schema` }));
    }
  }
  const validate = validators.get(key);
  if (!validate) return `status ${status} is not documented for ${operationId}`;
  return validate(body) ? null : ajv.errorsText(validate.errors);
}

/** The operation's documented request example (the first one), or an empty object. */
export function exampleBody(operationId: string): Record<string, unknown> {
  const op = operationObject(operationId);
  const media = op.requestBody ? resolve(op.requestBody).node.content?.['application/json'] : undefined;
  if (!media) return {};
  if (media.example !== undefined) return structuredClone(media.example);
  const first = Object.values((media.examples ?? {}) as Json)[0];
  if (first) return structuredClone(resolve(first).node.value);
  const schema = resolve(media.schema ?? {}).node;
  return structuredClone(schema.example ?? schema.examples?.[0] ?? {});
}

/** Top-level property names of the operation's request body schema (through $ref, allOf, anyOf, oneOf). */
export function bodyFields(operationId: string): string[] {
  const op = operationObject(operationId);
  const media = op.requestBody ? resolve(op.requestBody).node.content?.['application/json'] : undefined;
  const names = new Set<string>();
  const visit = (schema: Json | undefined, depth: number) => {
    if (!schema || depth > 4) return;
    const s = resolve(schema).node;
    for (const k of Object.keys(s.properties ?? {})) names.add(k);
    for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(part, depth + 1);
  };
  visit(media?.schema, 0);
  return [...names];
}

function operationObject(operationId: string): Json {
  for (const item of Object.values(doc.paths as Json)) {
    for (const op of Object.values(item as Json)) if (op?.operationId === operationId) return op;
  }
  throw new Error(`No operation ${operationId}`);
}
