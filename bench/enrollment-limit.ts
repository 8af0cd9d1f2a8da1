/**
 * The physical limit of enrollment: the rows and index entries one enrollment of a new customer
 * writes, executed as raw SQL with nothing of the service around them (no HTTP, validation, planning
 * or JSON parameters). The rows are those the service stored for one real enrollment, copied with
 * fresh ids, so a change to what an enrollment writes moves both figures alike. Batched as the
 * service batches a turn's enrollments: on Postgres one statement per batch (a data-modifying CTE,
 * one commit), on SQLite one transaction per batch with the service's statements per enrollment.
 *
 * That enrollment must be stored on the clock of the service measured beside these (http.ts: the
 * same OUTREACH_CLOCK). Its calls' times are copied as they are, and calls overdue to that service
 * are work for its dial workers, which claim and move each one while the raw SQL runs. On SQLite
 * that made a second writer, in another process, to the database's one write lock (the service has
 * it alone during its own enrollments): raw 351/s beside the service's 2,237/s, and the service busy
 * for 20 s and more after each raw run.
 */
import { newId } from '../src/domain/shared/ids.js';
import { dialectOf, type Db } from '../src/store/shared/db.js';
import { inSqliteTransaction, preparedShape, runPrepared } from '../src/store/shared/prepared.js';

/** The tables an enrollment inserts into, in foreign-key order, and the columns naming its rows. */
const TABLES = [
  { table: 'customers', owner: 'id', ids: ['id'] },
  { table: 'applications', owner: 'customer_id', ids: ['id'] },
  { table: 'cadences', owner: 'customer_id', ids: ['id'] },
  { table: 'schedules', owner: 'customer_id', ids: ['id'] },
  { table: 'scheduled_calls', owner: 'customer_id', ids: ['id'] },
] as const;

type Row = Record<string, unknown>;

/** One stored enrollment: its inserted rows by table, and the rate-limit row its request counted in. */
export interface EnrollmentTemplate {
  companyId: string;
  inserts: Array<{ table: string; rows: Row[] }>;
  rate: { policy: string; windowEndsAt: number } | null;
}

/** The rows the service stored for the enrollment of `customerId` under idempotency key `key` (on the measured service's clock: see the header). */
export async function storedEnrollment(
  db: Db,
  companyId: string,
  customerId: string,
  key: string,
): Promise<EnrollmentTemplate> {
  const inserts: EnrollmentTemplate['inserts'] = [];
  for (const { table, owner } of TABLES) {
    inserts.push({
      table,
      rows: await db<Row>(table)
        .where({ company_id: companyId, [owner]: customerId })
        .orderBy('id'),
    });
  }
  inserts.push({
    table: 'idempotency_records',
    rows: await db<Row>('idempotency_records').where({ company_id: companyId, key }),
  });
  for (const { table, rows } of inserts)
    if (rows.length === 0) throw new Error(`enrollment of ${customerId}: no ${table} row stored`);
  const rate = await db<{ company_id: string; policy: string; window_ends_at: number | string }>('rate_limits')
    .where({ company_id: companyId })
    .first();
  return {
    companyId,
    inserts,
    rate: rate ? { policy: String(rate.policy), windowEndsAt: Number(rate.window_ends_at) } : null,
  };
}

/** What one enrollment writes to a table: rows, the table's indexes, and the index entries those rows add (partial indexes counted by their predicate). */
export interface TableWrites {
  table: string;
  rows: number;
  indexes: number;
  entries: number;
}

/** Rows and index entries of the template, per table, from the database's own catalog. */
export async function writesOf(db: Db, t: EnrollmentTemplate): Promise<TableWrites[]> {
  const out: TableWrites[] = [];
  for (const { table, rows } of t.inserts) {
    const indexes = await indexesOf(db, table);
    let entries = 0;
    for (const index of indexes) {
      if (!index.where) {
        entries += rows.length;
        continue;
      }
      // The stored rows matching the partial index's predicate, counted by the database itself.
      const key = table === 'idempotency_records' ? 'key' : 'id';
      const found = await db(table)
        .where('company_id', t.companyId)
        .whereIn(
          key,
          rows.map((r) => r[key] as string),
        )
        .andWhereRaw(index.where)
        .count({ n: '*' });
      entries += Number(found[0].n);
    }
    out.push({ table, rows: rows.length, indexes: indexes.length, entries });
  }
  return out;
}

async function indexesOf(db: Db, table: string): Promise<Array<{ name: string; where: string | null }>> {
  const predicate = (sql: string | null) => (sql ? (/\sWHERE\s+([\s\S]+)$/i.exec(sql)?.[1]?.trim() ?? null) : null);
  if (dialectOf(db) === 'pg') {
    const r = await db.raw<{ rows: Array<{ indexname: string; indexdef: string }> }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ?`,
      [table],
    );
    return r.rows.map((x) => ({
      name: x.indexname,
      where: predicate(x.indexdef),
    }));
  }
  // SQLite: the table's own b-tree (keyed by rowid) is not an index; a primary key other than an integer one is (an autoindex, sql null).
  const rows = await db.raw<Array<{ name: string; sql: string | null }>>(
    `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`,
    [table],
  );
  return rows.map((x) => ({ name: x.name, where: predicate(x.sql) }));
}

/**
 * `n` copies of the template, every id fresh (references between its rows follow). Fresh ids are
 * made as the service makes its own (ids.ts: time-ordered, so each index takes them on its last
 * pages), the customer's id and key too, which the bench's load names in sequence. Random ones put
 * each row on a page of its own in every index, pages the service's enrollments do not write: on
 * SQLite they halved the raw rate.
 */
function copies(t: EnrollmentTemplate, n: number, pg: boolean): Array<Array<{ table: string; rows: Row[] }>> {
  const idsOf = new Set<string>();
  for (const { table, rows } of t.inserts) {
    const columns = table === 'idempotency_records' ? ['key'] : ['id'];
    for (const r of rows) for (const c of columns) idsOf.add(String(r[c]));
  }
  const value = (v: unknown) =>
    pg && v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
  return Array.from({ length: n }, () => {
    const fresh = new Map([...idsOf].map((id) => [id, newId()]));
    return t.inserts.map(({ table, rows }) => ({
      table,
      rows: rows.map((r) =>
        Object.fromEntries(
          Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && fresh.has(v) ? fresh.get(v)! : value(v)]),
        ),
      ),
    }));
  });
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `INSERT INTO table (columns) VALUES (?, …), …` of rows of one shape, and its bindings. */
function insertValues(table: string, rows: Row[]): { sql: string; bindings: unknown[] } {
  const columns = Object.keys(rows[0]);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  return {
    sql: `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`,
    bindings: rows.flatMap((r) => columns.map((c) => r[c] ?? null)),
  };
}

/**
 * The rate-limit count of `n` requests (the service's upsert, window kept), in a row of the
 * template's company per worker: the service's load spreads over many companies, so its batches do
 * not queue on one row's lock, and neither do these.
 */
function rateHit(t: EnrollmentTemplate, n: number, worker: number): { sql: string; bindings: unknown[] } | null {
  if (!t.rate) return null;
  return {
    sql: `INSERT INTO rate_limits (company_id, policy, hits, window_ends_at) VALUES (?, ?, ?, ?)
  ON CONFLICT (company_id, policy) DO UPDATE SET hits = rate_limits.hits + EXCLUDED.hits`,
    bindings: [t.companyId, `${t.rate.policy}#raw-${worker}`, n, t.rate.windowEndsAt],
  };
}

/**
 * Stores a batch of enrollments as the service does: one prepared statement (Postgres), or one
 * transaction of prepared statements run synchronously on the connection (SQLite).
 */
async function storeBatch(
  db: Db,
  t: EnrollmentTemplate,
  batch: ReturnType<typeof copies>,
  worker: number,
): Promise<void> {
  if (dialectOf(db) === 'pg') {
    const parts: string[] = [];
    const bindings: unknown[] = [];
    const hit = rateHit(t, batch.length, worker);
    const statements = [
      ...(hit ? [hit] : []),
      ...t.inserts.map(({ table }, i) =>
        insertValues(
          table,
          batch.flatMap((e) => e[i].rows),
        ),
      ),
    ];
    statements.forEach((s, i) => {
      if (i < statements.length - 1) parts.push(`w${i} AS (${s.sql})`);
      bindings.push(...s.bindings);
    });
    await runPrepared(
      db,
      preparedShape('raw_enrollments', `WITH ${parts.join(',\n')}\n${statements.at(-1)!.sql}`),
      bindings,
    );
    return;
  }
  await inSqliteTransaction(db, (run) => {
    for (const e of batch) {
      const hit = rateHit(t, 1, worker);
      if (hit) run(preparedShape('raw_rate', hit.sql), hit.bindings);
      for (const { table, rows } of e) {
        const s = insertValues(table, rows);
        run(preparedShape(`raw_${table}`, s.sql), s.bindings);
      }
    }
  });
}

export interface RawResult {
  enrollments: number;
  seconds: number;
  perSecond: number;
}

/**
 * Raw enrollments for `seconds` (or exactly `count`): `concurrency` batches in flight, each of
 * `perBatch` enrollments (Postgres; SQLite has one writer, so its batches go one at a time).
 */
export async function rawEnrollments(
  db: Db,
  t: EnrollmentTemplate,
  opts: { perBatch: number; concurrency: number; seconds?: number; count?: number },
): Promise<RawResult> {
  const pg = dialectOf(db) === 'pg';
  const started = process.hrtime.bigint();
  const deadline = opts.seconds === undefined ? Infinity : Date.now() + opts.seconds * 1000;
  let left = opts.count ?? Infinity;
  let done = 0;
  const worker = async (w: number) => {
    while (left > 0 && Date.now() < deadline) {
      const n = Math.min(opts.perBatch, left);
      left -= n;
      await storeBatch(db, t, copies(t, n, pg), w);
      done += n;
    }
  };
  await Promise.all(Array.from({ length: pg ? opts.concurrency : 1 }, (_, w) => worker(w)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { enrollments: done, seconds, perSecond: done / seconds };
}
