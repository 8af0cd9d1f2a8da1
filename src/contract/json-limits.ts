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
 * The first string value or object key no database can store as sent, as the 400 message naming
 * its field path (`externalMetadata.note: …`, `id: …`), or null. Two kinds: the NUL character
 * (U+0000; Postgres text cannot hold it) and an unpaired UTF-16 surrogate (`"\ud800"` in JSON is
 * not Unicode text: written as UTF-8 it would become U+FFFD on one path and fail on another). The
 * service rejects both everywhere instead of letting one database decide. Call on depth-capped
 * values (recursion is bounded by the depth).
 */
export function unstorableText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return problemOf(value, path || 'body');
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    const found = problemOf(k, here) ?? unstorableText(v, here);
    if (found) return found;
  }
  return null;
}

const UNPAIRED_SURROGATE = /\p{Cs}/u; // in u-mode a well-formed pair is one code point, not Cs

function problemOf(text: string, path: string): string | null {
  if (text.includes('\u0000')) return `${path}: must not contain the NUL character (U+0000)`;
  if (UNPAIRED_SURROGATE.test(text))
    return `${path}: must be Unicode text: it contains an unpaired UTF-16 surrogate (U+D800 to U+DFFF)`;
  return null;
}
