/**
 * The store kit's column readers and writers: the two drivers return different JS types for the
 * same column type (see toolchain notes); every store reads through these so callers see one shape.
 */

/**
 * A column value as text. Drivers hand back scalars (string, number, bigint, Date) for the columns we
 * read as text; anything else keeps String()'s rendering, as these readers always did.
 */
function columnText(value: unknown): string {
  if (typeof value === 'string') return value;
  return String(value);
}

/** Nullable text (ids, codes, exact decimals kept as text). */
export function readText(value: unknown): string | null {
  return value === null || value === undefined ? null : columnText(value);
}

export function readInstant(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  const s = columnText(value);
  // SQLite keeps what was written; we always write ISO-8601 UTC, but be tolerant of "YYYY-MM-DD HH:MM:SS".
  return s.includes('T') ? new Date(s).toISOString() : new Date(`${s.replace(' ', 'T')}Z`).toISOString();
}

export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

export function fromJson<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function toJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/**
 * How a row function writes its JSON columns: as text (`toJson`, what Knex's inserts bind) or as the
 * value itself (`jsonValue`) for a row sent inside one JSON record, which spares a stringify and a
 * parse per column on the request path.
 */
export type JsonColumn = (value: unknown) => unknown;
export const jsonValue: JsonColumn = (value) => value ?? null;

/**
 * A row to send as one JSON record (read back by json_populate_record[set]): its JSON-text columns
 * become embedded JSON values, so a jsonb column stores the value, not a string holding it.
 */
export function withJsonValues(row: Record<string, unknown>, jsonColumns: readonly string[]): Record<string, unknown> {
  if (jsonColumns.length === 0) return row;
  const out = { ...row };
  for (const c of jsonColumns) if (typeof out[c] === 'string') out[c] = JSON.parse(out[c]);
  return out;
}

/** Date-only columns, as 'YYYY-MM-DD'. */
export function toDateOnly(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return columnText(value).slice(0, 10);
}

/** A table or column name for SQL text. Ours come from row functions, never from input; quoted all the same. */
export function sqlIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
}
