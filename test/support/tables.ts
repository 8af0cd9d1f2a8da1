import type { Knex } from 'knex';
import type { CallRow } from '../../src/store/calls/calls.js';
import type { CompanyRow } from '../../src/store/shared/companies.js';
import type { CustomerRow } from '../../src/store/borrowers/rows.js';
import type { ScheduledCallRow } from '../../src/store/scheduled-calls/rows.js';
import type { Db } from '../../src/store/shared/db.js';
import type { WebhookDeliveryRow } from '../../src/store/webhooks/webhooks.js';

/**
 * The tables as a test sees them when it must look inside the database (or plant a row no API
 * writes): one Knex builder per table, typed with the table's columns, so a misspelt column or a
 * value of the wrong kind fails the typecheck instead of a test at run time. Use the store's own
 * functions where one does what the test needs; these are for what only the test reads or writes.
 *
 * The row types of src/store are the camel-cased shapes the store returns, not the columns, so the
 * columns are written here, one interface per table, as the migrations leave them (`npx knex` on
 * SQLite; Postgres has the same names). `StoreColumns` below keeps the two in step: a field a store
 * row type gains without a column of that name fails the typecheck here.
 */
export function tables(db: Db | Knex.Transaction) {
  return {
    achAuthorizationEvents: () => db<AchAuthorizationEventsColumns>('ach_authorization_events'),
    achPayments: () => db<AchPaymentsColumns>('ach_payments'),
    achReturnHistory: () => db<AchReturnHistoryColumns>('ach_return_history'),
    achReturnRateEvents: () => db<AchReturnRateEventsColumns>('ach_return_rate_events'),
    achReturnRateLevels: () => db<AchReturnRateLevelsColumns>('ach_return_rate_levels'),
    achSettlements: () => db<AchSettlementsColumns>('ach_settlements'),
    apiKeys: () => db<ApiKeysColumns>('api_keys'),
    voiceAccountAlerts: () => db<VoiceAccountAlertsColumns>('voice_account_alerts'),
    voiceAccounts: () => db<VoiceAccountsColumns>('voice_accounts'),
    companyDialTurns: () => db<CompanyDialTurnsColumns>('company_dial_turns'),
    callTransfers: () => db<CallTransfersColumns>('call_transfers'),
    applications: () => db<ApplicationsColumns>('applications'),
    authRevision: () => db<AuthRevisionColumns>('auth_revision'),
    batchJobSlices: () => db<BatchJobSlicesColumns>('batch_job_slices'),
    batchJobs: () => db<BatchJobsColumns>('batch_jobs'),
    batchRowOutcomes: () => db<BatchRowOutcomesColumns>('batch_row_outcomes'),
    cadences: () => db<CadencesColumns>('cadences'),
    callEvents: () => db<CallEventsColumns>('call_events'),
    callbackInbox: () => db<CallbackInboxColumns>('callback_inbox'),
    calls: () => db<CallsColumns>('calls'),
    companies: () => db<CompaniesColumns>('companies'),
    consentEvents: () => db<ConsentEventsColumns>('consent_events'),
    consoleAudit: () => db<ConsoleAuditColumns>('console_audit'),
    consoleSessions: () => db<ConsoleSessionsColumns>('console_sessions'),
    consoleSignInFailures: () => db<ConsoleSignInFailuresColumns>('console_sign_in_failures'),
    consoleUsers: () => db<ConsoleUsersColumns>('console_users'),
    contactDecisions: () => db<ContactDecisionsColumns>('contact_decisions'),
    contactRestrictions: () => db<ContactRestrictionsColumns>('contact_restrictions'),
    customers: () => db<CustomersColumns>('customers'),
    emailSuppressions: () => db<EmailSuppressionsColumns>('email_suppressions'),
    idempotencyRecords: () => db<IdempotencyRecordsColumns>('idempotency_records'),
    inboundReviews: () => db<InboundReviewsColumns>('inbound_reviews'),
    jobQueue: () => db<JobQueueColumns>('job_queue'),
    loans: () => db<LoansColumns>('loans'),
    paymentLinks: () => db<PaymentLinksColumns>('payment_links'),
    paymentMethods: () => db<PaymentMethodsColumns>('payment_methods'),
    payments: () => db<PaymentsColumns>('payments'),
    promises: () => db<PromisesColumns>('promises'),
    rateLimits: () => db<RateLimitsColumns>('rate_limits'),
    reassignedNumberAnswers: () => db<ReassignedNumberAnswersColumns>('reassigned_number_answers'),
    scheduledCalls: () => db<ScheduledCallsColumns>('scheduled_calls'),
    scheduledMessages: () => db<ScheduledMessagesColumns>('scheduled_messages'),
    schedules: () => db<SchedulesColumns>('schedules'),
    smsEarlyStatuses: () => db<SmsEarlyStatusesColumns>('sms_early_statuses'),
    smsOptOuts: () => db<SmsOptOutsColumns>('sms_opt_outs'),
    smsNumbers: () => db<SmsNumbersColumns>('sms_numbers'),
    smsHolds: () => db<SmsHoldsColumns>('sms_holds'),
    webhookDeliveries: () => db<WebhookDeliveriesColumns>('webhook_deliveries'),
    webhookEndpoints: () => db<WebhookEndpointsColumns>('webhook_endpoints'),
  };
}

/** A boolean column: SQLite stores 0 or 1 and returns them; Postgres returns true or false. */
type Bool = boolean | number;
/** A bigint column: pg returns int8 as a string; SQLite returns a number. */
type Int8 = number | string;
/** A datetime column: text on SQLite; pg returns a timestamp as a Date. */
type Timestamp = string | Date;
/** A json column: text on SQLite, parsed on Postgres; a test parses what it reads (`any`, as response bodies are). */
type Json = any; // nullable too

/** `firstDialLeaseAt` → `first_dial_lease_at`. */
type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}`
  : S;
/** The fields of a store row type that have no column of their snake-cased name (never, when in step). */
type Unmatched<Row, Columns> = Exclude<Snake<keyof Row & string>, keyof Columns>;
type Never<T extends never> = T;
/** Compile-time only: each store row type's fields are columns of its table. */
export type StoreColumns = [
  Never<Unmatched<ScheduledCallRow, ScheduledCallsColumns>>,
  Never<Unmatched<CustomerRow, CustomersColumns>>,
  Never<Unmatched<CallRow, CallsColumns>>,
  Never<Unmatched<CompanyRow, CompaniesColumns>>,
  Never<Unmatched<WebhookDeliveryRow, WebhookDeliveriesColumns>>,
];

/** `ach_authorization_events` */
export type AchAuthorizationEventsColumns = {
  id: string;
  company_id: string;
  payment_method_id: string;
  event: string;
  source: string;
  capture_method: string | null;
  evidence_ref: string | null;
  return_code: string | null;
  occurred_at: Timestamp;
  created_at: Timestamp;
};

/** `ach_payments` */
export type AchPaymentsColumns = {
  payment_row_id: string;
  company_id: string;
  status: string;
  ach_submitted_date: string | null;
  ach_settlement_date: string | null;
  ach_return_date: string | null;
  ach_return_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** `ach_return_history` */
export type AchReturnHistoryColumns = {
  id: string;
  company_id: string;
  payment_row_id: string;
  customer_id: string;
  payment_method_id: string | null;
  dedupe_key: string;
  event_date: string;
  is_return: Bool;
  ach_return_code: string | null;
  ach_return_reason: string | null;
  ach_return_date: string | null;
  ach_correction_code: string | null;
  ach_corrected_aba_number: string | null;
  ach_corrected_account_number: string | null;
  ach_correction_date: string | null;
  debit_status: string | null;
  debit_decline_reason: string | null;
  overall_return_code: string | null;
  returns_for_method_60d: number;
  returns_for_customer_180d: number;
  representments_180d: number;
  action_category: string;
  retry_allowed: Bool;
  account_unusable: Bool;
  authorization_revoked: Bool;
  stop_payment: Bool;
  correction_applied: Bool;
  created_at: Timestamp;
};

/** `ach_return_rate_events` */
export type AchReturnRateEventsColumns = {
  id: string;
  company_id: string;
  rate: string;
  level: string;
  previous_level: string;
  numerator: number;
  denominator: number;
  window_start: string;
  window_end: string;
  created_at: Timestamp;
};

/** `voice_account_alerts` (migration _045) */
export type CompanyDialTurnsColumns = {
  company_id: string;
  last_claimed_at: Timestamp;
};

export type VoiceAccountsColumns = {
  id: string;
  via_company_id: string | null;
  concurrency_limit: number | null;
  reserved_inbound: number;
  outside_calls: number;
  read_at: Timestamp | null;
};

export type VoiceAccountAlertsColumns = {
  id: string;
  company_id: string;
  provider: string;
  kind: string;
  detail: string;
  provider_call_id: string | null;
  raised_at: Timestamp;
  resumed_at: Timestamp | null;
  resumed_by: string | null;
};

/** `call_transfers` (migration _046) */
export type CallTransfersColumns = {
  provider: string;
  event_id: string;
  company_id: string;
  scheduled_call_id: string;
  provider_call_id: string;
  step: string;
  destination: string | null;
  received_at: Timestamp;
};

/** `ach_return_rate_levels` */
export type AchReturnRateLevelsColumns = {
  company_id: string;
  rate: string;
  level: string;
  updated_at: Timestamp;
};

/** `ach_settlements` */
export type AchSettlementsColumns = {
  id: string;
  company_id: string;
  processor_transaction_id: string;
  payment_row_id: string;
  settlement_date: string;
  system_source: string | null;
  created_at: Timestamp;
};

/** `api_keys` */
export type ApiKeysColumns = {
  id: string;
  company_id: string;
  key_hash: string;
  key_prefix: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
};

/** `applications` */
export type ApplicationsColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  loan_id: string;
  created_at: Timestamp;
};

/** `auth_revision` */
export type AuthRevisionColumns = {
  id: number;
  revision: Int8;
};

/** `batch_job_slices` */
export type BatchJobSlicesColumns = {
  job_id: string;
  from_index: number;
  to_index: number;
  company_id: string;
  rows: string;
  refs: string;
  finished: Bool;
  finished_at: Timestamp | null;
};

/** `batch_jobs` */
export type BatchJobsColumns = {
  id: string;
  company_id: string;
  kind: string;
  status: string;
  total: number;
  processed: number;
  failed: number;
  error_message: string | null;
  created_at: Timestamp;
  processing_started_at: Timestamp | null;
  processing_completed_at: Timestamp | null;
};

/** `batch_row_outcomes` */
export type BatchRowOutcomesColumns = {
  job_id: string;
  row_index: number;
  company_id: string;
  status: string;
  customer_ref: string | null;
  loan_ref: string | null;
  message: string | null;
  result: Json;
  finished_at: Timestamp;
};

/** `cadences` */
export type CadencesColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  application_id: string;
  task_type: string;
  cadence: string;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  ended_at: Timestamp | null;
};

/** `call_events` */
export type CallEventsColumns = {
  provider: string;
  event_id: string;
  call_id: string;
  type: string;
  applied: Bool;
  received_at: Timestamp;
};

/** `callback_inbox` */
export type CallbackInboxColumns = {
  seq: number;
  provider: string;
  event_id: string;
  scheduled_call_id: string;
  event: string;
  received_at: Timestamp;
  lease_until: Timestamp | null;
  applied_at: Timestamp | null;
  outcome: string | null;
};

/** `calls` */
export type CallsColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  scheduled_call_id: string;
  provider: string;
  provider_call_id: string;
  to_phone_number: string;
  from_phone_number: string | null;
  state: string;
  timestamp: Timestamp;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  duration_ms: number | null;
  disconnection_reason: string | null;
  answered_by: string | null;
  transcript: string;
  summarization: string;
  flags: Json;
  outcome_values: Json;
  provider_recording_url: string | null;
  recording_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** `companies` */
export type CompaniesColumns = {
  id: string;
  name: string;
  config: Json;
  created_at: Timestamp;
};

/** `inbound_reviews` */
export type InboundReviewsColumns = {
  id: string;
  company_id: string;
  address: string;
  body: string;
  rule: string;
  provider_message_id: string | null;
  status: string;
  received_at: Timestamp;
  warn_at: Timestamp;
  due_at: Timestamp;
  warned_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by: string | null;
  decision_note: string | null;
};

/** `reassigned_number_answers` */
export type ReassignedNumberAnswersColumns = {
  id: string;
  company_id: string;
  phone_number: string;
  customer_id: string | null;
  consent_date: string;
  answer: string;
  database: string;
  channel: string;
  subject_id: string | null;
  queried_at: Timestamp;
};

/** `consent_events` */
export type ConsentEventsColumns = {
  seq: number;
  id: string;
  company_id: string;
  address: string;
  channel: string;
  kind: string;
  consent_type: string | null;
  source: string;
  evidence_ref: string | null;
  customer_id: string | null;
  captured_at: Timestamp;
  recorded_at: Timestamp;
};

/** `console_audit` */
export type ConsoleAuditColumns = {
  id: string;
  company_id: string;
  user_id: string;
  email: string;
  action: string;
  target: string | null;
  status: number | null;
  at: Timestamp;
};

/** `console_sessions` */
export type ConsoleSessionsColumns = {
  id: string;
  company_id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
};

/** `console_sign_in_failures` */
export type ConsoleSignInFailuresColumns = {
  subject: string;
  failures: number;
  last_failure_at: Timestamp;
};

/** `console_users` */
export type ConsoleUsersColumns = {
  id: string;
  company_id: string;
  email: string;
  role: string;
  password_hash: string;
  created_at: Timestamp;
};

/** `contact_decisions` */
export type ContactDecisionsColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  channel: string;
  subject_id: string;
  decided_at: Timestamp;
  verdict: string;
  recipient: string | null;
  rules: Json;
  catalog_version: string;
  consent: Json;
  reason: string | null;
};

/** `contact_restrictions` */
export type ContactRestrictionsColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  loan_id: string | null;
  kind: string;
  source: string;
  created_at: Timestamp;
  lifted_at: Timestamp | null;
  reason: string | null;
  call_id: string | null;
  lifted_by: string | null;
  lift_reason: string | null;
};

/** `customers` */
export type CustomersColumns = {
  company_id: string;
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  birthday: string | null;
  ssn_last_four: string | null;
  language: string | null;
  timezone: string | null;
  phone_number: string | null;
  street_address1: string | null;
  street_address2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  do_not_call: Bool;
  is_test: Bool;
  task_type: string | null;
  external_metadata: Json;
  loan_ids: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** `email_suppressions` */
export type EmailSuppressionsColumns = {
  company_id: string;
  address: string;
  reason: string;
  detail: string | null;
  created_at: Timestamp;
};

/** `idempotency_records` */
export type IdempotencyRecordsColumns = {
  company_id: string;
  key: string;
  operation: string;
  fingerprint: string;
  state: string;
  lock_token: string | null;
  locked_until: Timestamp | null;
  response_status: number | null;
  response_body: Json;
  response_headers: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
};

/** `job_queue` */
export type JobQueueColumns = {
  id: string;
  queue: string;
  data: string;
  state: string;
  attempts: number;
  max_attempts: number;
  retry_delay_ms: number;
  timeout_ms: number;
  run_at: Int8;
  locked_until: Int8 | null;
  last_error: string | null;
  created_at: Int8;
};

/** `loans` */
export type LoansColumns = {
  company_id: string;
  customer_id: string;
  id: string;
  type: string | null;
  application_status: string | null;
  servicing_status: string | null;
  origination_date: string | null;
  start_date: string | null;
  due_date: string | null;
  chargeoff_date: string | null;
  total_balance: string | null;
  amount_due: string | null;
  original_funded_amount: string | null;
  original_total_owed: string | null;
  interest_rate: string | null;
  apr: string | null;
  payoff_amount: string | null;
  total_payoff_amount: string | null;
  balance_at_transfer: string | null;
  pre_transfer_payments: string | null;
  chargeoff_amount: string | null;
  payment_plan_min_percentage: string | null;
  payment_plan_max_percentage: string | null;
  is_settled: Bool | null;
  autopay_enabled: Bool | null;
  is_visible_in_borrower_portal: Bool | null;
  days_past_due_at_boarding: number | null;
  days_since_origination_at_boarding: number | null;
  external_lms_metadata: Json;
  portfolio_id: string | null;
  task_type: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** `payment_methods` */
export type PaymentMethodsColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  type: string;
  is_default: Bool;
  last4: string;
  account_type: string | null;
  brand: string | null;
  routing_number: string | null;
  account_number: string | null;
  ach_auth_status: string;
  ach_authorized_at: Timestamp | null;
  ach_revoked_at: Timestamp | null;
  ach_unusable_code: string | null;
  ach_unusable_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** `payments` */
export type PaymentsColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  loan_id: string;
  payment_id: string;
  payment_method_id: string | null;
  status: string | null;
  payment_date: string | null;
  payment_amount_cents: Int8 | null;
  payment_type: string | null;
  system_source: string | null;
  payment_reversed: Bool;
  payment_reverse_date: string | null;
  payment_reverse_reason_code: string | null;
  payment_reverse_comments: string | null;
  debit_status: string | null;
  debit_decline_reason: string | null;
  overall_return_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** `rate_limits` */
export type RateLimitsColumns = {
  company_id: string;
  policy: string;
  hits: number;
  window_ends_at: Int8;
};

/** `scheduled_calls` */
export type ScheduledCallsColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  schedule_id: string;
  loan_id: string | null;
  task_type: string;
  purpose: string;
  scheduled_time: Timestamp;
  phone_number: string;
  transfer_destination: string;
  step: string;
  step_index: number;
  fallback: Bool;
  status: string;
  call_id: string | null;
  post_processing_flags: Json;
  explanation: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
  dial_attempts: number;
  dial_lease_until: Timestamp | null;
  claimed_at: Timestamp | null;
  dialed_at: Timestamp | null;
  provider: string | null;
  provider_call_id: string | null;
  status_reason: string | null;
  reconcile_lease_until: Timestamp | null;
  first_dial_lease_at: Timestamp | null;
  dial_account: string | null;
};

/** `scheduled_messages` */
export type ScheduledMessagesColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  schedule_id: string;
  loan_id: string | null;
  task_type: string;
  purpose: string;
  channel: string;
  step: string;
  step_index: number;
  template: string;
  scheduled_time: Timestamp;
  status: string;
  recipient: string | null;
  subject: string | null;
  content: string | null;
  sandbox: Bool | null;
  provider_message_id: string | null;
  status_reason: string | null;
  explanation: Json;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** `schedules` */
export type SchedulesColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  cadence_id: string | null;
  channel: string;
  source: string;
  task_type: string;
  cadence: string;
  loan_id: string | null;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  cancelled_at: Timestamp | null;
};

/** `sms_early_statuses` */
export type SmsEarlyStatusesColumns = {
  provider_message_id: string;
  status: string;
  status_reason: string | null;
  received_at: Timestamp;
};

/** `sms_opt_outs` */
export type SmsOptOutsColumns = {
  company_id: string;
  phone_number: string;
  keyword: string;
  created_at: Timestamp;
};

/** `sms_numbers` */
export type SmsNumbersColumns = {
  company_id: string;
  phone_number: string;
  line_type: string | null;
  carrier_name: string | null;
  looked_up_at: Timestamp | null;
  unusable_code: number | null;
  unusable_reason: string | null;
  unusable_at: Timestamp | null;
};

/** `sms_holds` */
export type SmsHoldsColumns = {
  company_id: string;
  account: string;
  code: number;
  reason: string;
  held_at: Timestamp;
  retry_at: Timestamp;
};

/** `webhook_deliveries` */
export type WebhookDeliveriesColumns = {
  id: string;
  company_id: string;
  endpoint_id: string;
  event_type: string;
  event_key: string;
  subject_id: string;
  payload: string | null;
  status: string;
  enqueued: Bool;
  attempts: number;
  next_attempt_at: Int8;
  window_started_at: Int8;
  created_at: string;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
};

/** `webhook_endpoints` */
export type WebhookEndpointsColumns = {
  id: string;
  company_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Int8 | null;
  created_at: string;
};

/** A table's name, for a test's helper that takes one (counting rows, say); misspelt, it fails the typecheck. */
export type TableName = keyof TableColumns;
type TableColumns = {
  ach_authorization_events: AchAuthorizationEventsColumns;
  ach_payments: AchPaymentsColumns;
  ach_return_history: AchReturnHistoryColumns;
  ach_return_rate_events: AchReturnRateEventsColumns;
  ach_return_rate_levels: AchReturnRateLevelsColumns;
  voice_account_alerts: VoiceAccountAlertsColumns;
  voice_accounts: VoiceAccountsColumns;
  company_dial_turns: CompanyDialTurnsColumns;
  call_transfers: CallTransfersColumns;
  ach_settlements: AchSettlementsColumns;
  api_keys: ApiKeysColumns;
  applications: ApplicationsColumns;
  auth_revision: AuthRevisionColumns;
  batch_job_slices: BatchJobSlicesColumns;
  batch_jobs: BatchJobsColumns;
  batch_row_outcomes: BatchRowOutcomesColumns;
  cadences: CadencesColumns;
  call_events: CallEventsColumns;
  callback_inbox: CallbackInboxColumns;
  calls: CallsColumns;
  companies: CompaniesColumns;
  consent_events: ConsentEventsColumns;
  console_audit: ConsoleAuditColumns;
  console_sessions: ConsoleSessionsColumns;
  console_sign_in_failures: ConsoleSignInFailuresColumns;
  console_users: ConsoleUsersColumns;
  contact_decisions: ContactDecisionsColumns;
  contact_restrictions: ContactRestrictionsColumns;
  customers: CustomersColumns;
  email_suppressions: EmailSuppressionsColumns;
  idempotency_records: IdempotencyRecordsColumns;
  job_queue: JobQueueColumns;
  loans: LoansColumns;
  payment_methods: PaymentMethodsColumns;
  payments: PaymentsColumns;
  rate_limits: RateLimitsColumns;
  scheduled_calls: ScheduledCallsColumns;
  scheduled_messages: ScheduledMessagesColumns;
  schedules: SchedulesColumns;
  sms_early_statuses: SmsEarlyStatusesColumns;
  sms_opt_outs: SmsOptOutsColumns;
  sms_numbers: SmsNumbersColumns;
  sms_holds: SmsHoldsColumns;
  webhook_deliveries: WebhookDeliveriesColumns;
  webhook_endpoints: WebhookEndpointsColumns;
};

/** `promises` (migration _043). */
export type PromisesColumns = {
  company_id: string;
  id: string;
  customer_id: string;
  loan_id: string | null;
  call_id: string;
  amount: string | number;
  promised_date: string;
  status: string;
  paid_amount: string | number;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** `payment_links` (migration _056). */
export type PaymentLinksColumns = {
  id: string;
  company_id: string;
  customer_id: string;
  loan_id: string | null;
  amount: string | number | null;
  task_type: string;
  channel: string;
  source: string;
  promise_id: string | null;
  scheduled_message_id: string | null;
  scheduled_call_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  first_opened_at: Timestamp | null;
  last_opened_at: Timestamp | null;
  open_count: number;
};
