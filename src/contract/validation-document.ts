/** Keywords that annotate a schema without constraining the value. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);

/** Marks a schema of the contract that the service checks row by row when a batch job runs. */
export const PER_ROW = 'x-validated-per-row';

/**
 * The contract as the request validator should see it: a schema marked `x-validated-per-row` (the
 * batch rows) keeps only its annotations, so it accepts any value. The published schema is precise,
 * so generated clients type the rows; the service checks each row when it runs (the row processors
 * compile the same component schemas) and a bad row fails alone. Checking the rows at submission
 * would only repeat that work: Ajv 2020 evaluates every member of the rows' `anyOf` (it tracks
 * evaluated properties for `unevaluated*`), ~50 µs per row of a 10,000-row batch. The document
 * served at /openapi.json keeps the schemas. Mutates and returns `doc`.
 */
export function withRowsValidatedPerRow<T>(doc: T): T {
  const seen = new Set<object>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    const schema = node as Record<string, unknown>;
    if (schema[PER_ROW] === true) {
      for (const key of Object.keys(schema)) if (!ANNOTATIONS.has(key)) delete schema[key];
      return;
    }
    Object.values(schema).forEach(walk);
  };
  walk(doc);
  return doc;
}
