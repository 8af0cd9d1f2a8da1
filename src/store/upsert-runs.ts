/**
 * Set-based upserts of many rows: one statement per run of consecutive rows that send the same
 * fields (a batch is usually a single run), since one INSERT … ON CONFLICT DO UPDATE can only merge
 * one column list. A statement never holds one key twice (Postgres refuses that) and statements run
 * in row order, so a later row for the same key wins exactly as it would one by one.
 */
export async function upsertInRuns<R>(
  rows: R[],
  keyOf: (row: R) => string,
  sentFields: (row: R) => object,
  write: (run: R[]) => Promise<void>,
): Promise<void> {
  let run: R[] = [];
  let shape = '';
  let keys = new Set<string>();
  for (const row of rows) {
    const rowShape = Object.keys(sentFields(row)).sort().join(',');
    const key = keyOf(row);
    if (run.length > 0 && (rowShape !== shape || keys.has(key))) {
      await write(run);
      run = [];
      keys = new Set();
    }
    shape = rowShape;
    run.push(row);
    keys.add(key);
  }
  if (run.length > 0) await write(run);
}
