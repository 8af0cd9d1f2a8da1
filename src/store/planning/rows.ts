// The rows of an application, a cadence and a schedule as every store folder may know them (no
// statement here): the types and the insert rows (docs/architecture/decisions/table-owners.md#row-files).

export type CadenceStatus = 'active' | 'paused' | 'finished' | 'cancelled';

/** Mirrors `applications`. */
export interface ApplicationRow {
  id: string;
  companyId: string;
  customerId: string;
  loanId: string;
  createdAt: string;
}

/** Mirrors `cadences`, plus the application's loanId. */
export interface CadenceRow {
  id: string;
  companyId: string;
  customerId: string;
  applicationId: string;
  loanId: string;
  taskType: string;
  cadence: string;
  status: CadenceStatus;
  createdAt: string;
  updatedAt: string;
  endedAt: string | null;
}

export type NewApplication = Omit<ApplicationRow, 'companyId'>;

/** A new application's row as every insert writes it (column names as keys). */
export function applicationInsertRow(companyId: string, row: NewApplication): Record<string, unknown> {
  return {
    id: row.id,
    company_id: companyId,
    customer_id: row.customerId,
    loan_id: row.loanId,
    created_at: row.createdAt,
  };
}

export interface NewCadence {
  id: string;
  customerId: string;
  applicationId: string;
  taskType: string;
  cadence: string;
  at: string;
}

/** A new (active) cadence's row as every insert writes it (column names as keys). */
export function cadenceInsertRow(companyId: string, row: NewCadence): Record<string, unknown> {
  return {
    id: row.id,
    company_id: companyId,
    customer_id: row.customerId,
    application_id: row.applicationId,
    task_type: row.taskType,
    cadence: row.cadence,
    status: 'active',
    created_at: row.at,
    updated_at: row.at,
  };
}

export interface NewSchedule {
  id: string;
  customerId: string;
  cadenceId: string | null;
  source: 'enrollment' | 'replace' | 'integration' | 'loan' | 'payment_link';
  /** call, email or sms (default call). */
  channel?: 'call' | 'email' | 'sms';
  taskType: string;
  cadence: string;
  loanId: string | null;
  at: string;
}

/** A new (active) schedule's row as every insert writes it (column names as keys). */
export function scheduleInsertRow(companyId: string, s: NewSchedule): Record<string, unknown> {
  return {
    id: s.id,
    company_id: companyId,
    customer_id: s.customerId,
    cadence_id: s.cadenceId,
    channel: s.channel ?? 'call',
    source: s.source,
    task_type: s.taskType,
    cadence: s.cadence,
    loan_id: s.loanId,
    status: 'active',
    created_at: s.at,
    updated_at: s.at,
  };
}
