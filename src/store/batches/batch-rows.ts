import { fromJson, toJson } from '../shared/columns.js';
import { type Db, dialectOf } from '../shared/db.js';

export interface NewBatchRow {
  index: number;
  payload: unknown;
  customerRef: string | null;
  loanRef: string | null;
}

export interface RowOutcome {
  index: number;
  /** Absent when the row succeeded. */
  failure?: string;
  /** Stored for rows that produce a result (enrollment, failed rows included); customer and loan rows have none. */
  result?: unknown;
}

/** A slice whose row outcomes a unit records; `finished` when all its rows end now (its message is acked with them). */
export interface RecordedSlice {
  from: number;
  to: number;
  finished: boolean;
}

/**
 * Every submitted row, by slice, in the caller's transaction: ONE statement with ONE JSON
 * parameter, read by json_to_recordset (Postgres) or json_each (SQLite); 400 slice rows for a
 * 10,000-row batch instead of 10,000 rows. A slice's rows travel as JSON text inside a JSON string
 * and are stored as that text, so whatever a row holds (a \u0000 or lone-surrogate escape) is
 * stored as sent; references are well-formed (refOf). `rows` are in index order, from 0.
 */
export async function insertBatchRows(
  trx: Db,
  companyId: string,
  jobId: string,
  rows: NewBatchRow[],
  slices: [number, number][],
): Promise<void> {
  const records = JSON.stringify(
    slices.map(([from, to]) => {
      const part = rows.slice(from, to);
      return {
        f: from,
        t: to,
        r: JSON.stringify(part.map((r) => r.payload)),
        c: JSON.stringify(part.map((r) => [r.customerRef, r.loanRef])),
      };
    }),
  );
  const source =
    dialectOf(trx) === 'pg'
      ? `SELECT ?, r.f, r.t, ?, r.r, r.c FROM json_to_recordset(?::json) AS r(f int, t int, r text, c text)`
      : `SELECT ?, value ->> '$.f', value ->> '$.t', ?, value ->> '$.r', value ->> '$.c' FROM json_each(?)`;
  await trx.raw(`INSERT INTO batch_job_slices (job_id, from_index, to_index, company_id, rows, refs) ${source}`, [
    jobId,
    companyId,
    records,
  ]);
}

/**
 * Rows of the slices starting at `ranges`' starts that have not finished yet: a slice delivered
 * twice skips what is done (a finished slice whole, a row recorded on its own by its outcome).
 */
export async function pendingBatchRows(
  db: Db,
  companyId: string,
  jobId: string,
  ranges: [number, number][],
): Promise<{ index: number; payload: unknown }[]> {
  const slices: { from_index: unknown; rows: unknown }[] = await db('batch_job_slices')
    .where({ company_id: companyId, job_id: jobId, finished: false })
    .whereIn(
      'from_index',
      ranges.map(([from]) => from),
    )
    .orderBy('from_index')
    .select('from_index', 'rows');
  if (slices.length === 0) return [];
  const starts = slices.map((s) => Number(s.from_index));
  const ended = new Set(
    await outcomeIndexes(db, companyId, jobId, Math.min(...starts), Math.max(...ranges.map(([, to]) => to))),
  );
  const out: { index: number; payload: unknown }[] = [];
  slices.forEach((s, k) => {
    (JSON.parse(String(s.rows)) as unknown[]).forEach((payload, i) => {
      const index = starts[k] + i;
      if (!ended.has(index)) out.push({ index, payload });
    });
  });
  return out;
}

/** Indexes in [from, to) of rows whose outcome is recorded on their own. */
async function outcomeIndexes(db: Db, companyId: string, jobId: string, from: number, to: number): Promise<number[]> {
  const found = await db('batch_row_outcomes')
    .where({ company_id: companyId, job_id: jobId })
    .andWhere('row_index', '>=', from)
    .andWhere('row_index', '<', to)
    .pluck('row_index');
  return found.map(Number);
}

/**
 * Records finished rows and advances the job's counters by the rows that actually ended now, so a
 * slice recorded twice counts once. The unit's slices are locked first, in index order (Postgres
 * row locks; SQLite has one writer), so a second recording of a slice waits for the first and then
 * sees it. Failed rows, rows with a result and rows of a slice that does not finish now get an
 * outcome row of their own; a `finished` slice is marked, and its other rows succeeded (nothing is
 * written per row). The job becomes `completed` in the statement that counts its last row.
 */
export async function recordRowOutcomes(
  trx: Db,
  companyId: string,
  jobId: string,
  slices: RecordedSlice[],
  outcomes: RowOutcome[],
  at: string,
  beforeCounters?: () => Promise<void>,
): Promise<{ processed: number; failed: number }> {
  const finishing = new Set(slices.filter((s) => s.finished).map((s) => s.from));
  let locking = trx<Record<string, unknown>>('batch_job_slices')
    .where({ company_id: companyId, job_id: jobId })
    .whereIn(
      'from_index',
      slices.map((s) => s.from),
    )
    .orderBy('from_index')
    .select('from_index', 'to_index', 'finished', 'refs');
  if (dialectOf(trx) === 'pg') locking = locking.forUpdate();
  const open = (await locking)
    .filter((s) => !s.finished)
    .map((s) => ({
      from: Number(s.from_index),
      to: Number(s.to_index),
      finishing: finishing.has(Number(s.from_index)),
      refs: String(s.refs),
    }));

  let succeeded = 0;
  let failed = 0;
  if (open.length > 0) {
    const ended = new Set(await outcomeIndexes(trx, companyId, jobId, open[0].from, open[open.length - 1].to));
    const sliceOf = (index: number) => open.find((s) => index >= s.from && index < s.to);
    const refsOf = new Map<number, [string | null, string | null][]>();
    const rows: Record<string, unknown>[] = [];
    for (const o of outcomes) {
      const slice = sliceOf(o.index);
      if (!slice || ended.has(o.index)) continue; // ended by an earlier delivery of its slice
      if (o.failure === undefined && o.result === undefined && slice.finishing) continue; // counted with its slice below
      if (!refsOf.has(slice.from)) refsOf.set(slice.from, JSON.parse(slice.refs) as [string | null, string | null][]);
      const [customerRef, loanRef] = refsOf.get(slice.from)![o.index - slice.from];
      rows.push({
        job_id: jobId,
        row_index: o.index,
        company_id: companyId,
        status: o.failure === undefined ? 'succeeded' : 'failed',
        customer_ref: customerRef,
        loan_ref: loanRef,
        message: o.failure ?? null,
        result: toJson(o.result),
        finished_at: at,
      });
      ended.add(o.index);
      if (o.failure === undefined) succeeded += 1;
      else failed += 1;
    }
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await trx('batch_row_outcomes').insert(rows.slice(i, i + INSERT_CHUNK));
    const closing = open.filter((s) => s.finishing);
    if (closing.length > 0) {
      await trx('batch_job_slices')
        .where({ company_id: companyId, job_id: jobId })
        .whereIn(
          'from_index',
          closing.map((s) => s.from),
        )
        .update({ finished: true, finished_at: at });
      // Every other row of these slices ended with this unit's outcome for it: it succeeded.
      for (const s of closing) for (let index = s.from; index < s.to; index++) if (!ended.has(index)) succeeded += 1;
    }
  }
  const done = succeeded + failed;
  // The job row is the one row every slice of a job updates: lock it last, just before COMMIT.
  await beforeCounters?.();
  if (done > 0) await countRows(trx, companyId, jobId, done, failed, at);
  return { processed: done, failed };
}

const INSERT_CHUNK = 100; // outcome rows a statement (9 bindings each; well under SQLite's variable limit)

/** Advances the job's counters; the job becomes `completed` in the same statement when its last row is counted. */
async function countRows(
  trx: Db,
  companyId: string,
  jobId: string,
  done: number,
  failed: number,
  at: string,
): Promise<void> {
  const completing = `status IN ('pending', 'processing') AND processed + ? >= total`;
  await trx('batch_jobs')
    .where({ company_id: companyId, id: jobId })
    .update({
      processed: trx.raw('processed + ?', [done]),
      failed: trx.raw('failed + ?', [failed]),
      status: trx.raw(
        `CASE WHEN ${completing} THEN 'completed' WHEN status = 'pending' THEN 'processing' ELSE status END`,
        [done],
      ),
      processing_started_at: trx.raw('COALESCE(processing_started_at, ?)', [at]),
      processing_completed_at: trx.raw(`CASE WHEN ${completing} THEN ? ELSE processing_completed_at END`, [done, at]),
    });
}

export async function listBatchFailures(db: Db, companyId: string, jobId: string) {
  const rows = await db<Record<string, unknown>>('batch_row_outcomes')
    .where({ company_id: companyId, job_id: jobId, status: 'failed' })
    .orderBy('row_index')
    .select('row_index', 'customer_ref', 'loan_ref', 'message');
  return rows.map((r) => ({
    index: Number(r.row_index),
    customerRef: r.customer_ref as string | null,
    loanRef: r.loan_ref as string | null,
    message: String(r.message),
  }));
}

export async function listBatchResults(
  db: Db,
  companyId: string,
  jobId: string,
): Promise<{ index: number; result: unknown }[]> {
  const rows = await db<Record<string, unknown>>('batch_row_outcomes')
    .where({ company_id: companyId, job_id: jobId })
    .whereNotNull('result')
    .orderBy('row_index')
    .select('row_index', 'result');
  return rows.map((r) => ({ index: Number(r.row_index), result: fromJson(r.result) }));
}
