import type { Db } from '../shared/db.js';

/** Active schedules a loan row started (source `loan`), any channel. */
export async function activeLoanSchedules(
  db: Db,
  companyId: string,
  customerId: string,
  loanId: string,
): Promise<Array<{ id: string; channel: string; taskType: string }>> {
  const rows = await db('schedules')
    .where({ company_id: companyId, customer_id: customerId, loan_id: loanId, source: 'loan', status: 'active' })
    .select('id', 'channel', 'task_type');
  return rows.map((r) => ({ id: String(r.id), channel: String(r.channel), taskType: String(r.task_type) }));
}

/** Cancels these schedules with their pending calls and messages (in-flight ones finish); returns the cancelled calls' ids. */
export async function cancelSchedules(
  db: Db,
  companyId: string,
  ids: string[],
  at: string,
  reason: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const calls: Array<{ id: string }> = await db('scheduled_calls')
    .where({ company_id: companyId, status: 'pending' })
    .whereIn('schedule_id', ids)
    .update({ status: 'cancelled', status_reason: reason, updated_at: at })
    .returning('id');
  await db('scheduled_messages')
    .where({ company_id: companyId, status: 'pending' })
    .whereIn('schedule_id', ids)
    .update({ status: 'cancelled', status_reason: reason, updated_at: at });
  await db('schedules')
    .where({ company_id: companyId, status: 'active' })
    .whereIn('id', ids)
    .update({ status: 'cancelled', cancelled_at: at, updated_at: at });
  return calls.map((c) => String(c.id));
}
