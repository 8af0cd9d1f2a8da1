/**
 * Limits on the shape of JSON the service reads, shared by request validation (src/http) and batch
 * rows (validated when they run). They exist so that validation, not a stack overflow in
 * JSON.stringify or a database's own limits, decides what is accepted.
 */

/**
 * Nothing deeper than this is read in a request body: deeper values are replaced by null before
 * validation. Every field of the contract is far shallower, and free-form fields are bounded by
 * `x-maxDepth` (16, see src/lib/ajv.ts), so a body that reached this depth is rejected by that rule
 * or lay in an ignored field; either way the replacement cannot change what is stored.
 */
export const READ_DEPTH = 64;

/** The value with every object/array deeper than `maxDepth` levels replaced by null (a copy only where needed). */
export function capDepth(value: unknown, maxDepth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (maxDepth <= 0) return null;
  if (Array.isArray(value)) return value.map((v) => capDepth(v, maxDepth - 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = capDepth(v, maxDepth - 1);
  return out;
}

/**
 * Where the first NUL character (U+0000) is, in a string value or an object key, as a field path
 * (`externalMetadata.note`, `loans.3.id`), or null. No stored text may contain NUL (Postgres text
 * cannot hold it), so the service rejects it everywhere instead of letting one database decide.
 * Call on depth-capped values (recursion is bounded by the depth).
 */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return here;
    const found = nulPath(v, here);
    if (found) return found;
  }
  return null;
}

export function nulMessage(path: string): string {
  return `${path}: must not contain the NUL character (U+0000)`;
}
