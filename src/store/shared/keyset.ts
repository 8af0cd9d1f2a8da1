import type { Knex } from 'knex';
import { dialectOf, type Db } from './db.js';

/**
 * Keyset paging: a page starts strictly after the last row of the previous one, compared on the
 * list's whole sort key (a timestamp, then tie-breakers ending with the id), so an index on that
 * key serves page 10,000 as cheaply as page 1 and rows inserted between pages neither repeat nor
 * shift the next page.
 */
export interface KeysetAfter {
  /** The sort timestamp exactly as the database holds it: SQLite's stored text, Postgres' microseconds. */
  at: string;
  /** The tie-breakers after the timestamp, in sort order (the last is the id). */
  ties: Array<string | number>;
}

export interface KeysetPage<T> {
  rows: T[];
  /** Where the next page starts; null on the last page. */
  next: KeysetAfter | null;
}

/** Alias of the selected exact sort timestamp (see keysetAt). */
const AT = 'keyset_at';

/** Selects `column`'s exact value as text: JS Dates keep milliseconds, Postgres keeps microseconds. */
export function keysetAt(db: Db, column: string): Knex.Raw {
  return dialectOf(db) === 'pg'
    ? db.raw(`to_char(?? at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${AT}`, [column])
    : db.raw(`?? as ${AT}`, [column]);
}

/**
 * Restricts `q` to the rows after `after` in the order `(column, ...ties)`, all ascending or all
 * descending; a row-value comparison, which both databases match against an index on those columns.
 */
export function whereAfter(
  db: Db,
  q: Knex.QueryBuilder,
  column: string,
  ties: string[],
  direction: 'asc' | 'desc',
  after: KeysetAfter | undefined,
): Knex.QueryBuilder {
  if (!after) return q;
  const op = direction === 'asc' ? '>' : '<';
  const at = dialectOf(db) === 'pg' ? '?::timestamptz' : '?';
  const columns = [column, ...ties].map(() => '??').join(', ');
  const values = [at, ...ties.map(() => '?')].join(', ');
  return q.whereRaw(`(${columns}) ${op} (${values})`, [column, ...ties, after.at, ...after.ties]);
}

/**
 * Cuts the `limit + 1` rows fetched into the page and, when the extra row shows that more follow,
 * the key of the page's last row.
 */
export function keysetPage<T>(
  raw: Array<Record<string, unknown>>,
  limit: number,
  ties: string[],
  toRow: (r: Record<string, unknown>) => T,
): KeysetPage<T> {
  const more = raw.length > limit;
  const page = more ? raw.slice(0, limit) : raw;
  const last = page[page.length - 1];
  const next = more && last ? { at: String(last[AT]), ties: ties.map((t) => last[t] as string | number) } : null;
  return { rows: page.map(toRow), next };
}
