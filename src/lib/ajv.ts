import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject, Options } from 'ajv';

// Under NodeNext these CommonJS modules' default imports are typed as the module namespace,
// not the callable export (toolchain notes); unwrap once here.
type AjvClass = typeof Ajv2020Module.default;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;
type AddFormats = typeof addFormatsModule.default;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  addFormatsModule) as AddFormats;

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
  maxDepth.errors = [
    {
      keyword: MAX_DEPTH_KEYWORD,
      message: `must not nest objects or arrays more than ${limit} levels deep`,
      params: { limit },
    },
  ];
  return false;
}
maxDepth.errors = [] as Partial<ErrorObject>[];

/** Schema keyword bounding how deep a free-form object (externalMetadata, …) may nest. */
export const MAX_DEPTH_KEYWORD = 'x-maxDepth';

/** Levels of nested objects/arrays (a scalar is 0, `{}` is 1); counting stops above `stopAbove`. */
export function nestingDepth(value: unknown, stopAbove: number): number {
  if (value === null || typeof value !== 'object') return 0;
  if (stopAbove <= 0) return 1;
  let deepest = 0;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, nestingDepth(child, stopAbove - 1));
    if (deepest >= stopAbove) break;
  }
  return 1 + deepest;
}
