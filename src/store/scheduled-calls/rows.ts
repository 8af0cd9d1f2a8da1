import { fromJson, type JsonColumn, readInstant, readText, toBool, toJson } from '../shared/columns.js';

// The scheduled call's row as every store folder may know it (no statement here): the type, the
// mapper of a read row and the insert row (docs/architecture/decisions/table-owners.md#row-files).

/** pending → dialing → completed | failed | skipped; cancelled while pending (docs/partners/calls.md#scheduled-call-statuses). */
export type ScheduledCallStatus = 'pending' | 'dialing' | 'completed' | 'failed' | 'skipped' | 'cancelled';

/** Mirrors `scheduled_calls`, camel-cased. */
export interface ScheduledCallRow {
  id: string;
  companyId: string;
  customerId: string;
  scheduleId: string;
  loanId: string | null;
  taskType: string;
  purpose: string;
  scheduledTime: string;
  phoneNumber: string;
  transferDestination: string;
  step: string;
  stepIndex: number;
  fallback: boolean;
  status: ScheduledCallStatus;
  callId: string | null;
  postProcessingFlags: string[];
  explanation: unknown;
  createdAt: string;
  updatedAt: string;
  /** Dispatch (migration _006). */
  dialAttempts: number;
  dialedAt: string | null;
  provider: string | null;
  providerCallId: string | null;
  statusReason: string | null;
  /** Wall clock of the first dial lease (migration _020): the provider's calls since then may be this call's. */
  firstDialLeaseAt: string | null;
}

export type NewScheduledCall = Omit<
  ScheduledCallRow,
  | 'companyId'
  | 'status'
  | 'callId'
  | 'postProcessingFlags'
  | 'createdAt'
  | 'updatedAt'
  | 'dialAttempts'
  | 'dialedAt'
  | 'provider'
  | 'providerCallId'
  | 'statusReason'
  | 'firstDialLeaseAt'
>;

export function callFromRow(r: Record<string, unknown>): ScheduledCallRow {
  return {
    id: String(r.id),
    companyId: String(r.company_id),
    customerId: String(r.customer_id),
    scheduleId: String(r.schedule_id),
    loanId: readText(r.loan_id),
    taskType: String(r.task_type),
    purpose: String(r.purpose),
    scheduledTime: readInstant(r.scheduled_time)!,
    phoneNumber: String(r.phone_number),
    transferDestination: String(r.transfer_destination),
    step: String(r.step),
    stepIndex: Number(r.step_index),
    fallback: toBool(r.fallback),
    status: r.status as ScheduledCallStatus,
    callId: readText(r.call_id),
    postProcessingFlags: fromJson<string[]>(r.post_processing_flags) ?? [],
    explanation: fromJson(r.explanation),
    createdAt: readInstant(r.created_at)!,
    updatedAt: readInstant(r.updated_at)!,
    dialAttempts: Number(r.dial_attempts ?? 0),
    dialedAt: readInstant(r.dialed_at),
    provider: readText(r.provider),
    providerCallId: readText(r.provider_call_id),
    statusReason: readText(r.status_reason),
    firstDialLeaseAt: readInstant(r.first_dial_lease_at),
  };
}

/** A new (pending) scheduled call's row as every insert writes it (column names as keys). */
export function scheduledCallInsertRow(
  companyId: string,
  c: NewScheduledCall,
  at: string,
  json: JsonColumn = toJson,
): Record<string, unknown> {
  return {
    id: c.id,
    company_id: companyId,
    customer_id: c.customerId,
    schedule_id: c.scheduleId,
    loan_id: c.loanId,
    task_type: c.taskType,
    purpose: c.purpose,
    scheduled_time: c.scheduledTime,
    phone_number: c.phoneNumber,
    transfer_destination: c.transferDestination,
    step: c.step,
    step_index: c.stepIndex,
    fallback: c.fallback,
    status: 'pending',
    call_id: null,
    post_processing_flags: json([]),
    explanation: json(c.explanation),
    created_at: at,
    updated_at: at,
  };
}
