// Checks the Prism sandbox answers every operation: for each documented 2xx response it sends the
// contract's example request (Prefer: code=<status>) and validates the answer against the schema.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const base = process.argv[2];
const doc = JSON.parse(readFileSync(new URL('../generated/openapi.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc, 'doc');

const pointer = (...parts) => parts.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const resolve = (obj) =>
  obj && obj.$ref
    ? resolve(
        obj.$ref
          .slice(2)
          .split('/')
          .reduce((o, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc),
      )
    : obj;

function exampleOf(media) {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = media.examples && Object.values(media.examples)[0];
  return first ? resolve(first).value : undefined;
}

function paramValue(param) {
  const p = resolve(param);
  if (p.example !== undefined) return p.example;
  const s = resolve(p.schema) || {};
  if (s.example !== undefined) return s.example;
  if (s.examples) return s.examples[0];
  if (s.format === 'uuid') return randomUUID();
  if (s.type === 'integer') return s.minimum ?? 1;
  return 'example';
}

let checked = 0;
const failures = [];
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (!op || !op.operationId) continue;
    const params = [...(item.parameters || []), ...(op.parameters || [])].map(resolve);
    for (const [status, response] of Object.entries(op.responses)) {
      if (!/^2/.test(status)) continue;
      let url = path;
      const headers = { 'X-API-Key': 'sandbox-key', Prefer: `code=${status}` };
      for (const p of params) {
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(paramValue(p)));
        if (p.in === 'header' && p.required) headers[p.name] = String(paramValue(p));
        if (p.in === 'query' && p.required)
          url += `${url.includes('?') ? '&' : '?'}${p.name}=${encodeURIComponent(paramValue(p))}`;
      }
      const body = exampleOf(resolve(op.requestBody)?.content?.['application/json']);
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      // Provider callbacks are form-encoded (Twilio's webhooks).
      const form = exampleOf(resolve(op.requestBody)?.content?.['application/x-www-form-urlencoded']);
      if (form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
      // Schedule sync needs the header only in enrollment mode; send it when the example enrolls.
      if (body && body.scheduleMode === 'enroll' && !headers['Idempotency-Key'])
        headers['Idempotency-Key'] = 'sandbox-key-1';
      const sent =
        form !== undefined
          ? new URLSearchParams(form).toString()
          : body === undefined
            ? undefined
            : JSON.stringify(body);
      const res = await fetch(base + url, { method: method.toUpperCase(), headers, body: sent });
      const text = await res.text();
      checked++;
      if (String(res.status) !== status) {
        failures.push(`${op.operationId} ${status}: mock answered ${res.status} ${text.slice(0, 300)}`);
        continue;
      }
      if (!resolve(response).content?.['application/json']) continue;
      const schemaRef =
        'doc#' + pointer('', 'paths', path, method, 'responses', status, 'content', 'application/json', 'schema');
      const validate = ajv.getSchema(schemaRef) || ajv.compile({ $ref: schemaRef });
      if (!validate(JSON.parse(text))) failures.push(`${op.operationId} ${status}: ${ajv.errorsText(validate.errors)}`);
    }
  }
}
console.log(`prism-mock: ${checked - failures.length} passed, ${failures.length} failed`);
for (const f of failures) console.log(`  ${f}`);
process.exit(failures.length ? 1 : 0);
