import { ValidationContext } from 'openapi-backend';
import { type Ajv, createAjv } from '../lib/ajv.js';

/**
 * The Ajv instances openapi-backend compiles its validators with: one per context and coercion mode
 * instead of a new one (its formats and the draft 2020-12 meta-schema compiled anew) for every
 * validator of every operation. No contract schema has an `$id`, so compiles cannot collide.
 * Request and response contexts stay apart so that the response validators can be let go as a whole.
 */
export function sharedAjvs() {
  const instances = new Map<string, Ajv>();
  return {
    get(context: ValidationContext, coerceTypes: boolean): Ajv {
      const key = `${context}:${coerceTypes}`;
      let ajv = instances.get(key);
      if (!ajv) instances.set(key, (ajv = createAjv({ allErrors: true, coerceTypes })));
      return ajv;
    },
    /** Drops the response contexts' instances (each keeps every schema it compiled) so they can be collected. */
    forgetResponses(): void {
      for (const context of [ValidationContext.Response, ValidationContext.ResponseHeaders]) {
        for (const coerce of [true, false]) instances.delete(`${context}:${coerce}`);
      }
    },
  };
}
