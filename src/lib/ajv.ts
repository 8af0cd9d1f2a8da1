import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, Options } from 'ajv';
import { MAX_DEPTH_KEYWORD, nestingDepth } from '../contract/json-limits.js';

// Under NodeNext these CommonJS modules' default imports are typed as the module namespace,
// not the callable export (toolchain notes); unwrap once here.
type AjvClass = typeof Ajv2020Module.default;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;
type AddFormats = typeof addFormatsModule.default;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as AddFormats;

export type Ajv = InstanceType<AjvClass>;

/** Ajv on JSON Schema draft 2020-12 (what OpenAPI 3.1 uses), with the formats the spec relies on. */
export function createAjv(opts: Options = {}): Ajv {
  const ajv = new Ajv2020({ allErrors: true, strict: false, ...opts });
  addFormats(ajv);
  ajv.addKeyword({ keyword: MAX_DEPTH_KEYWORD, schemaType: 'number', errors: true, validate: maxDepth });
  return ajv;
}

/** `x-maxDepth`: free-form objects may nest at most that many levels (see src/contract/json-limits.ts). */
function maxDepth(limit: number, data: unknown): boolean {
  if (nestingDepth(data, limit) <= limit) return true;
  maxDepth.errors = [{ keyword: MAX_DEPTH_KEYWORD, message: `must not nest objects or arrays more than ${limit} levels deep`, params: { limit } }];
  return false;
}
maxDepth.errors = [] as Partial<ErrorObject>[];
