import type { Knex } from 'knex';

/**
 * Slices of a batch job whose rows have all finished, recorded by the worker that acked the slice.
 * A row of such a slice that is still `pending` in `batch_job_rows` succeeded without a result:
 * one row here instead of an UPDATE (a new row version, and on Postgres an index entry) per row.
 * Failed rows and rows with a result are still recorded on their own row (src/store/batch-jobs.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('batch_job_finished_slices', (t) => {
    t.string('job_id', 36).notNullable().references('id').inTable('batch_jobs').onDelete('CASCADE');
    t.integer('from_index').notNullable();
    t.integer('to_index').notNullable();
    t.timestamp('finished_at', { useTz: true }).notNullable();
    t.primary(['job_id', 'from_index']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('batch_job_finished_slices');
}
