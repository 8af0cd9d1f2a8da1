import type { ErrorObject } from 'ajv';

/** One readable sentence per problem, e.g. `email: must match format "email"`. */
export function describeErrors(errors: ErrorObject[]): string {
  const lines = errors
    .filter((e) => e.keyword !== 'if' && e.keyword !== 'oneOf' && e.keyword !== 'anyOf')
    .map((e) => {
      const where = e.instancePath
        .replace(/^\/(requestBody|path|query|header)/, '')
        .replace(/^\//, '')
        .replace(/\//g, '.');
      const scope = e.instancePath.startsWith('/header')
        ? 'header '
        : e.instancePath.startsWith('/query')
          ? 'query parameter '
          : e.instancePath.startsWith('/path')
            ? 'path parameter '
            : '';
      if (e.keyword === 'required') {
        const missing = (e.params as { missingProperty: string }).missingProperty;
        return `${scope}${where ? where + '.' : ''}${missing}: is required`;
      }
      if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
        const extra = e.params as { additionalProperty?: string; unevaluatedProperty?: string };
        return `${where ? where + '.' : ''}${extra.additionalProperty ?? extra.unevaluatedProperty}: is not a recognized field`;
      }
      if (e.keyword === 'enum')
        return `${scope}${where || 'body'}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
      return `${scope}${where || 'body'}: ${e.message}`;
    });
  return [...new Set(lines)].join('; ') || 'The request does not match the contract';
}
