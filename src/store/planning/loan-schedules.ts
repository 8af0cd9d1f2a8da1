import type { Db } from '../shared/db.js';

/** Active schedules a loan row started (source `loan`), any channel. */
export async function activeLoanSchedules(
  db: Db,
  companyId: string,
  customerId: string,
  loanId: string,
): Promise<Array<{ id: string; channel: string; taskType: string }>> {
  const rows = await db<{
    id: string;
    company_id: string;
    customer_id: string;
    loan_id: string | null;
    source: string;
    status: string;
    channel: string;
    task_type: string;
  }>('schedules')
    .where({ company_id: companyId, customer_id: customerId, loan_id: loanId, source: 'loan', status: 'active' })
    .select('id', 'channel', 'task_type');
  return rows.map((r) => ({ id: String(r.id), channel: String(r.channel), taskType: String(r.task_type) }));
}
