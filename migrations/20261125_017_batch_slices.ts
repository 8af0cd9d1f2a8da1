import type { Knex } from 'knex';
import { isPostgres } from './online-indexes.js';

/** A stored slice, as `down` reads it back. */
interface SliceRow {
  job_id: string;
  from_index: number;
  company_id: string;
  rows: string;
  refs: string;
  finished: boolean | number;
  finished_at: Date | string | null;
}

/** A stored row outcome, as `down` reads it back. */
interface OutcomeRow {
  job_id: string;
  row_index: number;
  status: string;
  message: string | null;
  result: unknown;
  finished_at: Date | string;
}

/**
 * Submitted batch rows are stored by slice (the 25 rows of one queue message in one row), and a row's
 * outcome only when the row finishes on its own. Before, every submitted row was a row of
 * `batch_job_rows` and every finished row an UPDATE of it: storing a 10,000-row batch cost Postgres
 * ~200 ms (10,000 tuples and index entries) where 400 slice rows cost ~50 ms, and succeeded rows
 * were written twice. Existing jobs are carried over as they stand (pending rows stay pending).
 *
 * - `batch_job_slices`: the rows as sent (`rows`, a JSON array of them; JSON text, never parsed by
 *   the database, so it keeps what it holds exactly), their references for failure items (`refs`,
 *   a JSON array of [customer, loan] references), and `finished` once every row of the slice ended.
 * - `batch_row_outcomes`: a row that failed, that keeps a result, or that succeeded while other
 *   rows of its slice wait for a retry. A row of a finished slice without one succeeded.
 */
export async function up(knex: Knex): Promise<void> {
  const pg = isPostgres(knex);
  await knex.schema.createTable('batch_job_slices', (t) => {
    t.string('job_id', 36).notNullable().references('id').inTable('batch_jobs').onDelete('CASCADE');
    t.integer('from_index').notNullable();
    t.integer('to_index').notNullable();
    t.string('company_id', 36).notNullable();
    t.text('rows').notNullable();
    t.text('refs').notNullable();
    t.boolean('finished').notNullable().defaultTo(false);
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.primary(['job_id', 'from_index']);
  });
  await knex.schema.createTable('batch_row_outcomes', (t) => {
    t.string('job_id', 36).notNullable().references('id').inTable('batch_jobs').onDelete('CASCADE');
    t.integer('row_index').notNullable();
    t.string('company_id', 36).notNullable();
    t.string('status', 16).notNullable(); // succeeded | failed
    t.text('customer_ref').nullable();
    t.text('loan_ref').nullable();
    t.text('message').nullable();
    t.json('result').nullable();
    t.timestamp('finished_at', { useTz: true }).notNullable();
    t.primary(['job_id', 'row_index']);
  });

  // Carry existing jobs over: slices of 25 rows (the slice size every job was cut into).
  const rows = pg
    ? `'[' || string_agg(payload, ',' ORDER BY row_index) || ']'`
    : `'[' || group_concat(payload, ',' ORDER BY row_index) || ']'`;
  const refs = pg
    ? `json_agg(json_build_array(customer_ref, loan_ref) ORDER BY row_index)::text`
    : `json_group_array(json_array(customer_ref, loan_ref) ORDER BY row_index)`;
  const finished = pg ? `bool_and(status <> 'pending')` : `min(status <> 'pending')`;
  await knex.raw(`
    INSERT INTO batch_job_slices (job_id, from_index, to_index, company_id, rows, refs, finished, finished_at)
    SELECT job_id, min(row_index), max(row_index) + 1, min(company_id), ${rows}, ${refs}, ${finished}, max(finished_at)
    FROM batch_job_rows GROUP BY job_id, row_index / 25`);
  await knex.raw(`
    INSERT INTO batch_row_outcomes (job_id, row_index, company_id, status, customer_ref, loan_ref, message, result, finished_at)
    SELECT job_id, row_index, company_id, status, customer_ref, loan_ref, message, result, finished_at FROM batch_job_rows WHERE status <> 'pending'`);
  await knex.schema.dropTable('batch_job_rows');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('batch_job_rows', (t) => {
    t.string('job_id', 36).notNullable().references('id').inTable('batch_jobs').onDelete('CASCADE');
    t.integer('row_index').notNullable();
    t.string('company_id', 36).notNullable();
    t.text('payload').notNullable();
    t.string('status', 16).notNullable();
    t.text('customer_ref').nullable();
    t.text('loan_ref').nullable();
    t.text('message').nullable();
    t.json('result').nullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.primary(['job_id', 'row_index']);
  });
  // Rows as they stand: pending unless a row or its finished slice recorded an outcome.
  const slices = await knex<SliceRow>('batch_job_slices').select();
  const outcomes = new Map(
    (await knex<OutcomeRow>('batch_row_outcomes').select()).map((o) => [`${o.job_id}:${o.row_index}`, o]),
  );
  for (const s of slices) {
    const payloads = JSON.parse(s.rows) as unknown[];
    const refs = JSON.parse(s.refs) as [string | null, string | null][];
    const rows = payloads.map((payload, i) => {
      const index = Number(s.from_index) + i;
      const o = outcomes.get(`${s.job_id}:${index}`);
      return {
        job_id: s.job_id,
        row_index: index,
        company_id: s.company_id,
        payload: JSON.stringify(payload),
        customer_ref: refs[i][0],
        loan_ref: refs[i][1],
        status: o ? o.status : s.finished ? 'succeeded' : 'pending',
        message: o?.message ?? null,
        result: o?.result ?? null,
        finished_at: o?.finished_at ?? (s.finished ? s.finished_at : null),
      };
    });
    for (let i = 0; i < rows.length; i += 50) await knex('batch_job_rows').insert(rows.slice(i, i + 50));
  }
  await knex.schema.dropTable('batch_row_outcomes');
  await knex.schema.dropTable('batch_job_slices');
}
