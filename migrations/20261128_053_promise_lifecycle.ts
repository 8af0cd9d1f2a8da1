import type { Knex } from 'knex';
import { createIndex, dropIndex, type IndexDef } from './online-indexes.js';

/**
 * What the promise lifecycle needs (docs/partners/outcomes.md#promises-to-pay), on `promises`
 * (owned by src/store/promises/): the window payments count in (`made_on` … `due_date`, the promised
 * date plus the company's grace, and `due_at`, the instant it closes in the borrower's zone, which
 * the deadline sweep reads by index), the scheduled call it was made on (the follow-up's schedule,
 * number and task type), the reminder text and the follow-up call. Columns are added nullable or
 * with a constant default (instant on both databases), the indexes built without blocking writes
 * (online-indexes.ts), and rows written before this migration are given a window in batches.
 */
export const config = { transaction: false };

/** The deadline sweep: open promises whose window has closed. */
const OPEN_DUE: IndexDef = {
  name: 'promises_open_due_idx',
  table: 'promises',
  columns: 'due_at',
  where: "status = 'open'",
};
/** The follow-up sweep: broken promises whose follow-up is still to be scheduled. */
const FOLLOW_UP_DUE: IndexDef = {
  name: 'promises_follow_up_due_idx',
  table: 'promises',
  columns: 'company_id, id',
  where: 'follow_up_due = TRUE',
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('promises', (t) => {
    t.string('scheduled_call_id', 36).nullable();
    t.string('made_on', 10).nullable();
    t.string('due_date', 10).nullable();
    t.timestamp('due_at', { useTz: true }).nullable();
    t.string('reminder_message_id', 36).nullable();
    // true from the moment the promise breaks until the follow-up is scheduled (or found impossible).
    t.boolean('follow_up_due').notNullable().defaultTo(false);
    t.string('follow_up_call_id', 36).nullable();
    t.text('follow_up_reason').nullable();
  });
  await createIndex(knex, OPEN_DUE);
  await createIndex(knex, FOLLOW_UP_DUE);
  // Rows made before: the default grace (3 days) and a window closing at noon UTC the day after,
  // never earlier than midnight in any US zone. A few rows at most (the table is new), still batched.
  for (;;) {
    const rows = await knex('promises')
      .whereNull('due_at')
      .select('company_id', 'id', 'promised_date', 'created_at')
      .limit(1000);
    if (rows.length === 0) break;
    for (const r of rows as Array<{ company_id: string; id: string; promised_date: string; created_at: unknown }>) {
      const due = new Date(`${r.promised_date}T00:00:00Z`);
      due.setUTCDate(due.getUTCDate() + 3);
      const closes = new Date(due.getTime() + 36 * 3_600_000);
      const created = r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at));
      const made = new Date(created.getTime() - 86_400_000);
      await knex('promises')
        .where({ company_id: r.company_id, id: r.id })
        .update({
          due_date: due.toISOString().slice(0, 10),
          due_at: closes.toISOString(),
          made_on: made.toISOString().slice(0, 10),
        });
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await dropIndex(knex, OPEN_DUE);
  await dropIndex(knex, FOLLOW_UP_DUE);
  await knex.schema.alterTable('promises', (t) => {
    for (const c of [
      'scheduled_call_id',
      'made_on',
      'due_date',
      'due_at',
      'reminder_message_id',
      'follow_up_due',
      'follow_up_call_id',
      'follow_up_reason',
    ])
      t.dropColumn(c);
  });
}
