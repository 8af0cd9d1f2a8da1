import type { Db } from '../shared/db.js';
import { type NewSchedule, scheduleInsertRow } from './rows.js';

export { type NewSchedule, scheduleInsertRow };

/** The `schedules` columns these statements read or filter on. */
interface ScheduleColumns {
  id: string;
  company_id: string;
  customer_id: string;
  cadence_id: string | null;
  loan_id: string | null;
  source: string;
  channel: string;
  task_type: string;
  status: string;
  created_at: string;
}

export async function insertSchedule(db: Db, companyId: string, s: NewSchedule): Promise<void> {
  await db('schedules').insert(scheduleInsertRow(companyId, s));
}

/** The id of the cadence's schedule that is still active (its calls: src/store/scheduled-calls/). */
export async function activeScheduleIdOfCadence(db: Db, companyId: string, cadenceId: string): Promise<string | null> {
  const s = await db<ScheduleColumns>('schedules')
    .where({ company_id: companyId, cadence_id: cadenceId, status: 'active' })
    .orderBy('created_at', 'desc')
    .first('id');
  return s ? String(s.id) : null;
}

/** Ids of the customer's active schedules of the given channels (default all). */
export async function activeScheduleIds(
  db: Db,
  companyId: string,
  customerId: string,
  channels?: string[],
): Promise<string[]> {
  const q = db('schedules').where({ company_id: companyId, customer_id: customerId, status: 'active' });
  return (await (channels ? q.whereIn('channel', channels) : q).select('id')).map((r: { id: unknown }) => String(r.id));
}

/** Cancels these schedules where still active; their pending calls and messages are their owners' to cancel. */
export async function cancelSchedulesById(
  db: Db,
  companyId: string,
  ids: readonly string[],
  at: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  return db('schedules')
    .where({ company_id: companyId, status: 'active' })
    .whereIn('id', ids)
    .update({ status: 'cancelled', cancelled_at: at, updated_at: at });
}

/** A schedule's status and cadence (null: a schedule without one, or none with this id). */
export async function getSchedule(
  db: Db,
  companyId: string,
  id: string,
): Promise<{ status: string; cadenceId: string | null } | null> {
  const r = await db<ScheduleColumns>('schedules').where({ company_id: companyId, id }).first('cadence_id', 'status');
  return r ? { status: String(r.status), cadenceId: r.cadence_id == null ? null : String(r.cadence_id) } : null;
}

/** The schedule ran its course (its cadence reached the applicant). */
export async function completeSchedule(db: Db, companyId: string, id: string, at: string): Promise<void> {
  await db('schedules').where({ company_id: companyId, id }).update({ status: 'completed', updated_at: at });
}
