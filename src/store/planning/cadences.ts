import type { Db } from '../shared/db.js';
import { readInstant } from '../shared/columns.js';
import {
  type ApplicationRow,
  type CadenceRow,
  type CadenceStatus,
  type NewApplication,
  type NewCadence,
  applicationInsertRow,
  cadenceInsertRow,
} from './rows.js';

export type { ApplicationRow, CadenceRow, CadenceStatus, NewApplication, NewCadence };
export { applicationInsertRow, cadenceInsertRow };

function applicationFromRow(r: Record<string, unknown>): ApplicationRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    loanId: String(r.loan_id),
    createdAt: readInstant(r.created_at)!,
  };
}

function cadenceFromRow(r: Record<string, unknown>): CadenceRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    applicationId: String(r.application_id),
    loanId: String(r.loan_id),
    taskType: String(r.task_type),
    cadence: String(r.cadence),
    status: r.status as CadenceStatus,
    createdAt: readInstant(r.created_at)!,
    updatedAt: readInstant(r.updated_at)!,
    endedAt: readInstant(r.ended_at),
  };
}

export async function getApplication(
  db: Db,
  companyId: string,
  customerId: string,
  loanId: string,
): Promise<ApplicationRow | null> {
  const r = await db<Record<string, unknown>>('applications')
    .where({ company_id: companyId, customer_id: customerId, loan_id: loanId })
    .first();
  return r ? applicationFromRow(r) : null;
}

/** Plain insert: a concurrent duplicate fails on the unique (company, customer, loan) and the caller retries. */
export async function insertApplication(db: Db, companyId: string, row: NewApplication): Promise<void> {
  await db('applications').insert(applicationInsertRow(companyId, row));
}

const cadenceColumns = ['c.*', 'a.loan_id'] as const;

/** The application's cadence that is not cancelled (at most one, by the partial unique index). */
export async function findLiveCadence(db: Db, companyId: string, applicationId: string): Promise<CadenceRow | null> {
  const r = await db<Record<string, unknown>>('cadences as c')
    .join('applications as a', 'a.id', 'c.application_id')
    .where({ 'c.company_id': companyId, 'c.application_id': applicationId })
    .whereNot('c.status', 'cancelled')
    .first<Record<string, unknown> | undefined>(...cadenceColumns);
  return r ? cadenceFromRow(r) : null;
}

/** The customer's active cadence (at most one, by the partial unique index). */
export async function findActiveCadenceOfCustomer(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<CadenceRow | null> {
  const r = await db<Record<string, unknown>>('cadences as c')
    .join('applications as a', 'a.id', 'c.application_id')
    .where({ 'c.company_id': companyId, 'c.customer_id': customerId, 'c.status': 'active' })
    .first<Record<string, unknown> | undefined>(...cadenceColumns);
  return r ? cadenceFromRow(r) : null;
}

export async function insertCadence(db: Db, companyId: string, row: NewCadence): Promise<void> {
  await db('cadences').insert(cadenceInsertRow(companyId, row));
}

/** Moves a cadence to another state; finished and cancelled record when it ended. */
export async function setCadenceStatus(
  db: Db,
  companyId: string,
  id: string,
  status: CadenceStatus,
  at: string,
): Promise<boolean> {
  const ended = status === 'finished' || status === 'cancelled' ? { ended_at: at } : {};
  return (
    (await db('cadences')
      .where({ company_id: companyId, id })
      .update({ status, updated_at: at, ...ended })) > 0
  );
}

/** Cancels the customer's active cadences (their outreach was stopped); returns how many. */
export async function cancelActiveCadences(db: Db, companyId: string, customerId: string, at: string): Promise<number> {
  return db('cadences')
    .where({ company_id: companyId, customer_id: customerId, status: 'active' })
    .update({ status: 'cancelled', updated_at: at, ended_at: at });
}
