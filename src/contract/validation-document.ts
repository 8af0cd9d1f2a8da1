/** Keywords that annotate a schema without constraining the value. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

const alwaysValid = (schema: unknown): boolean =>
  schema === true || (typeof schema === 'object' && schema !== null && !Array.isArray(schema) && Object.keys(schema).every((k) => ANNOTATIONS.has(k)));

/**
 * The contract as the request validator should see it: an `anyOf` with a member that accepts any
 * value (the batch rows, "validated when its row runs") accepts any value, so it is dropped.
 * Ajv 2020 evaluates every member of such an `anyOf` anyway (it tracks evaluated properties for
 * `unevaluated*`), which cost ~50 µs per row of a 10,000-row batch at submission, for nothing.
 * The contract uses no `unevaluated*` keyword whose outcome the dropped members could change;
 * the document served at /openapi.json keeps them. Mutates and returns `doc`.
 */
export function withoutAlwaysValidUnions<T>(doc: T): T {
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    const schema = node as Record<string, unknown>;
    if (Array.isArray(schema.anyOf) && schema.anyOf.some(alwaysValid) && !('unevaluatedProperties' in schema) && !('unevaluatedItems' in schema)) delete schema.anyOf;
    Object.values(schema).forEach(walk);
  };
  walk(doc);
  return doc;
}
