import { jsonValue, sqlIdentifier } from '../shared/columns.js';
import type { Db } from '../shared/db.js';
import { completedRecordRow, type FirstRunOutcome } from '../shared/idempotency.js';
import type { EnrollmentRun } from './new-enrollments.js';
import { preparedShape, runPrepared } from '../shared/prepared.js';

/**
 * Postgres: the first runs of one turn of the event loop in ONE statement (one commit), each with
 * the outcome it would have had alone (enrollment-batches.ts says which): a data-modifying CTE over a
 * `jsonb` array of the runs. The runs are all of one shape, as the one builder of an enrollment's
 * rows makes them (enrollment-rows.ts; JSON columns as values, `jsonValue`).
 */
export async function storeFirstRunsOnPostgres(db: Db, runs: EnrollmentRun[]): Promise<FirstRunOutcome[]> {
  let callColumns: string[] | undefined;
  const entries = runs.map((run, i) => {
    callColumns ??= run.rows.calls[0] && Object.keys(run.rows.calls[0]);
    return entryOf(run, i);
  });
  const rows = await runPrepared(db, preparedShape('enrollments_once', statementFor(entries, callColumns)), [
    JSON.stringify(entries),
  ]);
  return rows.map((r) => ({
    committed: true,
    stored: r.stored === true,
    hits: Number(r.hits),
    windowEndsAt: Number(r.window_ends_at),
  }));
}

interface Entry {
  i: number;
  company_id: string;
  key: string;
  customer_id: string;
  policy: string | null;
  now_ms: number | null;
  window_ms: number | null;
  lim: number | null;
  customer: Record<string, unknown>;
  application: Record<string, unknown>;
  cadence: Record<string, unknown>;
  schedule: Record<string, unknown>;
  /** The columns every call of the enrollment has alike (company, customer, schedule, loan, times…), sent once. */
  call_base: Record<string, unknown>;
  /** Each call's other columns. */
  calls: Array<Record<string, unknown>>;
  record: Record<string, unknown>;
}

/** A run as one JSON record of the statement (`i` its place), with its enrollment's rows as enrollmentRows built them. */
function entryOf({ companyId, customerId, rows, run }: EnrollmentRun, i: number): Entry {
  const { base, own } = splitAlike(rows.calls);
  return {
    i,
    company_id: companyId,
    key: run.key,
    customer_id: customerId,
    policy: run.rate?.policy ?? null,
    now_ms: run.rate?.nowMs ?? null,
    window_ms: run.rate?.windowMs ?? null,
    lim: run.rate?.limit ?? null,
    customer: rows.customer,
    application: rows.application,
    cadence: rows.cadence,
    schedule: rows.schedule,
    call_base: base,
    calls: own,
    record: completedRecordRow(companyId, run.key, run.record, jsonValue),
  };
}

/**
 * Rows as the scalar columns they all hold alike and each row's other columns. An enrollment's calls
 * repeat ~330 bytes of such columns each (two thirds of a call without its explanation), which
 * Postgres would parse again per call; the statement puts them back (jsonb_populate_recordset's base).
 */
function splitAlike(rows: Array<Record<string, unknown>>): {
  base: Record<string, unknown>;
  own: Array<Record<string, unknown>>;
} {
  if (rows.length === 0) return { base: {}, own: [] };
  const first = rows[0];
  const alike = Object.keys(first).filter((k) => {
    const v = first[k];
    return (v === null || typeof v !== 'object') && rows.every((r) => r[k] === v);
  });
  const base: Record<string, unknown> = {};
  for (const k of alike) base[k] = first[k];
  const own = rows.map((r) => {
    const rest: Record<string, unknown> = {};
    for (const k in r) if (!(k in base)) rest[k] = r[k];
    return rest;
  });
  return { base, own };
}

/**
 * `e` the runs; `counted` each company's number of counted runs; `hit` the rate windows counted by
 * that number at once (restarted when ended); `ranked` each run with the count it would have seen
 * alone; `gate` those within their limit whose key is unused; `cust` the new customers among them;
 * `ok` the runs whose customer was inserted, the only ones whose other rows and record are stored.
 * Rate windows, customers and records are inserted in key order (`ORDER BY`): two statements that
 * share a row then lock in one order and cannot deadlock. The key check is a per-run index probe
 * (`OFFSET 0` keeps the planner from a hash anti-join that scans the table, which a prepared
 * statement planned while the table was small would keep).
 */
function statementFor(entries: Entry[], callColumns: string[] | undefined): string {
  const sample = entries[0];
  // INSERT INTO table (columns) SELECT p.columns FROM <from> CROSS JOIN LATERAL reader(<base>, <value>) p; base NULL::table: no defaults
  const insert = (
    table: string,
    names: string[],
    from: string,
    value: string,
    reader = 'jsonb_populate_record',
    base = `NULL::${sqlIdentifier(table)}`,
  ) => {
    const columns = names.map(sqlIdentifier);
    return `INSERT INTO ${sqlIdentifier(table)} (${columns.join(', ')}) SELECT ${columns.map((c) => `p.${c}`).join(', ')} FROM ${from} CROSS JOIN LATERAL ${reader}(${base}, ${value}) p`;
  };
  const keys = Object.keys;
  return `WITH e AS (
  SELECT * FROM jsonb_to_recordset(?::jsonb) AS x(i int, company_id text, key text, customer_id text, policy text, now_ms bigint, window_ms bigint, lim int,
    customer jsonb, application jsonb, cadence jsonb, schedule jsonb, call_base jsonb, calls jsonb, record jsonb)
), counted AS (
  SELECT company_id, policy, count(*)::int AS n, max(now_ms) AS now_ms, max(now_ms + window_ms) AS ends_at FROM e WHERE policy IS NOT NULL GROUP BY company_id, policy
), hit AS (
  INSERT INTO rate_limits (company_id, policy, hits, window_ends_at) SELECT company_id, policy, n, ends_at FROM counted ORDER BY company_id, policy
  ON CONFLICT (company_id, policy) DO UPDATE SET
    hits = CASE WHEN rate_limits.window_ends_at <= (SELECT now_ms FROM counted c WHERE c.company_id = EXCLUDED.company_id AND c.policy = EXCLUDED.policy)
      THEN EXCLUDED.hits ELSE rate_limits.hits + EXCLUDED.hits END,
    window_ends_at = CASE WHEN rate_limits.window_ends_at <= (SELECT now_ms FROM counted c WHERE c.company_id = EXCLUDED.company_id AND c.policy = EXCLUDED.policy)
      THEN EXCLUDED.window_ends_at ELSE rate_limits.window_ends_at END
  RETURNING company_id, policy, hits, window_ends_at
), ranked AS (
  SELECT e.*, h.window_ends_at AS ends_at, h.hits - c.n + row_number() OVER (PARTITION BY e.company_id, e.policy ORDER BY e.i) AS hits
  FROM e LEFT JOIN hit h ON h.company_id = e.company_id AND h.policy = e.policy LEFT JOIN counted c ON c.company_id = e.company_id AND c.policy = e.policy
), gate AS (
  SELECT * FROM ranked r WHERE (r.policy IS NULL OR r.hits <= r.lim)
    AND NOT EXISTS (SELECT 1 FROM idempotency_records k WHERE k.company_id = r.company_id AND k.key = r.key OFFSET 0)
), cust AS (
  ${insert('customers', keys(sample.customer), '(SELECT customer FROM gate ORDER BY company_id, customer_id) g', 'g.customer')}
  ON CONFLICT (company_id, id) DO NOTHING RETURNING company_id, id
), ok AS (
  SELECT g.* FROM gate g JOIN cust ON cust.company_id = g.company_id AND cust.id = g.customer_id
), app AS (
  ${insert('applications', keys(sample.application), 'ok', 'ok.application')}
), cad AS (
  ${insert('cadences', keys(sample.cadence), 'ok', 'ok.cadence')}
), sch AS (
  ${insert('schedules', keys(sample.schedule), 'ok', 'ok.schedule')}
), ${
    callColumns
      ? `calls AS (
  ${insert('scheduled_calls', callColumns, 'ok', 'ok.calls', 'jsonb_populate_recordset', 'jsonb_populate_record(NULL::scheduled_calls, ok.call_base)')}
), `
      : ''
  }rec AS (
  ${insert('idempotency_records', keys(sample.record), '(SELECT record FROM ok ORDER BY company_id, key) o', 'o.record')} RETURNING company_id, key
)
SELECT r.i, coalesce(r.hits, 0) AS hits, coalesce(r.ends_at, 0) AS window_ends_at,
  EXISTS (SELECT 1 FROM rec WHERE rec.company_id = r.company_id AND rec.key = r.key) AS stored
FROM ranked r ORDER BY r.i`;
}
