/** The shape of a company's configuration (`outreach company config get|set`); its rules are in company-config.ts. */

export type TaskPurpose = 'origination' | 'collections';

export interface TaskTypeConfig {
  name: string;
  /** Drives which call-frequency rules apply (marketing/origination vs debt collection). */
  purpose: TaskPurpose;
  /**
   * Email and SMS steps of the task type's workflow, next to its call cadence (the scheduler
   * section). Each names a template; times follow the same day/at/offset rules as call steps.
   */
  messages?: MessageStepConfig[];
}

export type MessageChannel = 'email' | 'sms';

export interface MessageStepConfig {
  id: string;
  channel: MessageChannel;
  /** Customer-local calendar days after the schedule is created (0 = that day). */
  day?: number;
  /** Customer-local "HH:mm" on that day; omitted = creation time + `day` days. */
  at?: string;
  offsetMinutes?: number;
  /** Name of an entry in `templates`. */
  template: string;
}

/** Handlebars text: `{{customer.firstName}}`, `{{loan.amountDue}}`… HTML-escaped by default. */
export interface MessageTemplate {
  /** Email only. */
  subject?: string;
  body: string;
  /**
   * The same template in other languages, by supported language (`es`): a customer whose language
   * resolves to one gets that version; others get `subject`/`body` (the company's default language).
   */
  languages?: Record<string, { subject?: string; body: string }>;
}

export interface ChannelLimits {
  /** At most this many messages of the channel to one customer per rolling 24 h. */
  maxPerDay?: number;
  /** At most this many messages of the channel to one customer per rolling 7 days. */
  maxPer7Days?: number;
}

export interface ChannelsConfig {
  email?: ChannelLimits & { from?: string };
  /**
   * `provider`: the company's own Twilio account (real customers' texts; the auth token stored sealed).
   * `messagingServiceSid`: a Twilio Messaging Service (`MG…`) that sends instead of `from`: Twilio
   * picks the sender from its pool and applies its Advanced Opt-Out (docs/operators/sms-provider.md).
   */
  sms?: ChannelLimits & {
    from?: string;
    messagingServiceSid?: string;
    provider?: { accountSid: string; authToken: string };
  };
}

/** An integration of the legacy create-scheduled-calls operation: the calls it creates. */
export interface IntegrationConfig {
  /** The identifier sent as `scheduleType`; must also be listed in `scheduleTypes`. */
  scheduleType: string;
  /** Task type whose purpose (caps) and transfer routing the calls use. */
  taskType: string;
  /** Call steps, like a cadence's (day, at, offsetMinutes, phone, fallback). */
  steps: Array<Record<string, unknown>>;
}

/** When a loan row's outreach stops, and which loans get collections outreach at all. */
export interface LoanWorkflowConfig {
  /** servicingStatus values (case-insensitive) that end the loan's outreach. */
  closedServicingStatuses?: string[];
  /** isSettled: true ends the loan's outreach (default true). */
  stopWhenSettled?: boolean;
  /** A chargeoffDate ends the loan's outreach (default true). */
  stopWhenChargedOff?: boolean;
}

/** Per-company configuration, managed with `outreach company config get|set`. */
export interface CompanyConfig {
  /** `announced` opts the company in early to the announced POST /customers contract changes. */
  customerContract: 'current' | 'announced';
  taskTypes: TaskTypeConfig[];
  /** Integration identifiers accepted by the legacy create-scheduled-calls operation. */
  scheduleTypes: string[];
  /**
   * The language of a customer without a supported `language` (BCP 47 primary subtag of
   * SUPPORTED_LANGUAGES; default `en`): its texts, emails and agent (docs/partners/languages.md).
   */
  defaultLanguage?: 'en' | 'es';
  /** Scheduler overrides; may only tighten the defaults (see src/scheduler). */
  scheduler?: Record<string, unknown>;
  /** Definitions of `scheduleTypes` entries; an entry without one places a single call. */
  integrations?: IntegrationConfig[];
  /** Message templates referenced by task types' message steps. */
  templates?: Record<string, MessageTemplate>;
  /** Sender and per-channel frequency caps of email and SMS. */
  channels?: ChannelsConfig;
  loanWorkflow?: LoanWorkflowConfig;
  /** Call dispatch (docs/partners/calls.md). */
  calls?: CallsConfig;
  /** The company's loan management system, read by `sync: true` and `loanIds` (docs/partners/lms.md). */
  lms?: LmsConfig;
  /** ACH returns (docs/partners/ach.md). */
  ach?: AchConfig;
  /** TCPA consent for AI-voice calls and texts (docs/partners/consent.md); unset = every supplied number carries express consent. */
  consent?: ConsentConfig;
  /** Promises to pay (docs/partners/outcomes.md#promises-to-pay). */
  promises?: PromisesConfig;
  /** Pay by link (docs/partners/outcomes.md#pay-by-link); unset = no payment link is issued. */
  paymentLinks?: PaymentLinksConfig;
}

export interface PromisesConfig {
  /** How far ahead a promised date may be, in days from the call (default 60); later ones go to review. */
  horizonDays?: number;
  /** Calendar days after the promised date in which a payment still keeps it (default 3). */
  graceDays?: number;
  /**
   * A text before the promised date, through the usual dispatch (consent, quiet hours, caps at send
   * time): the template (an entry of `templates`; it may read `{{promise.amount}}` and
   * `{{promise.promisedDate}}`), days before the date (default 1) and the borrower's local time
   * (default 10:00). Unset = no reminder.
   */
  reminder?: { template: string; daysBefore?: number; at?: string };
}

/**
 * The lender's payment page and how links to it go out. A link is the service's own short URL
 * (`GET /pay/{token}`, signed, expiring) that redirects to `urlTemplate` filled for the link.
 */
export interface PaymentLinksConfig {
  /**
   * The lender's payment page: an https URL with any of the placeholders `{customerId}`, `{loanId}`,
   * `{amount}` (decimal, `150.00`; empty when unknown) and `{reference}` (the link's id), each
   * percent-encoded, only after the host.
   */
  urlTemplate: string;
  /** Hours a link stays usable after it is issued (1–720, default 72). */
  expiresInHours?: number;
  /** After a promise to pay is recorded: one message with the link, by this channel and template (it must use `{{paymentLink}}`). */
  afterPromise?: { channel: MessageChannel; template: string };
}

export interface AchConfig {
  /** Outreach on a return; absent or `enabled: false` (the default) = none. */
  returnOutreach?: ReturnOutreachConfig;
}

/**
 * A return on a collections loan enrolls the customer in a task type's call cadence (the scheduler
 * section's cadence of that task type, like any other), under every contact rule.
 */
export interface ReturnOutreachConfig {
  enabled: boolean;
  /** A collections task type of the catalog; its cadence is the payment-returned cadence. */
  taskType: string;
  /** The return codes that start it; omitted = every return code. */
  returnCodes?: string[];
}

export type ConsentType = 'express' | 'express_written';

/** What a task type's calls need, and what a number the lender supplied carries before anything is recorded. */
export interface ConsentPolicy {
  /** Consent a supplied number carries by default: `express` (default; the credit application), `express_written`, or `none` (only recorded consent counts). */
  suppliedNumbers?: ConsentType | 'none';
  /** Consent an AI-voice call needs: `express` (default) or `express_written` (telemarketing). */
  required?: ConsentType;
}

export interface ConsentConfig {
  /** The policy of every task type not listed in `taskTypes`. */
  default?: ConsentPolicy;
  /** Per task type name, replacing `default` for its calls. */
  taskTypes?: Record<string, ConsentPolicy>;
  /**
   * What a revocation stops: `all-channels` (default) stops calls and texts to the number whatever
   * channel it came by (and an email address's revocation stops the customer's numbers too);
   * `channel` stops only the channel it came by.
   */
  revocationScope?: 'all-channels' | 'channel';
  /**
   * The lender attests that its application flow captures prior express written consent
   * (47 CFR 64.1200(f)(9)) for the application numbers (`phoneNumber`, `mobilePhone`) of the task
   * types named (default: every task type): the form and its version are the evidence reference,
   * the customer's enrollment time the capture date. A grant recorded for a number takes precedence.
   */
  attestation?: { form: string; version: string; taskTypes?: string[] };
  /**
   * Lets a task type's `required` stay below the law's floor for its purpose (origination: express
   * written). Explicit, with the reason and who approved it; every dial-time decision it decides
   * says so, and setting it is logged.
   */
  belowLawOverride?: { reason: string; approvedBy: string };
  /**
   * Business days after an unsure inbound text at which `inbound_message.review_due` warns that its
   * review is running out (1–9, default 8); at 10 (47 CFR 64.1200(a)(10)) it is applied as a revocation.
   */
  reviewWarnBusinessDays?: number;
  /**
   * The Reassigned Numbers Database check before a call or text (docs/operators/compliance.md#reassigned-numbers):
   * `queryAfterDays` (default 45, the minimum aging of a disconnected number before it may be
   * reassigned, 47 CFR 52.15(f)(1)(ii)): a number whose consent is older is asked about before it
   * is called or texted; `noData` (default `hold`): what a "no data" answer does: `hold` waits for
   * consent recorded after it, `proceed` calls or texts without the safe harbor.
   */
  reassignedNumbers?: { queryAfterDays?: number; noData?: 'hold' | 'proceed' };
}

export interface CallsConfig {
  /** Calls of the company in `dialing` at once (default OUTREACH_CALLS_MAX_CONCURRENT_PER_COMPANY). */
  maxConcurrentCalls?: number;
  /**
   * The provider account the company dials through, by a name of the operator's choosing: companies
   * sharing a Retell workspace name the same account and share its concurrency limit
   * (docs/operators/voice-provider.md#account-concurrency). Unset: `company:<id>` when the company
   * has its own `provider`, else the operator's account, `operator`.
   */
  account?: string;
  /**
   * Slots of the account kept free for inbound calls and the lender's own use (default 0; the larger
   * of this and Retell's `reserved_inbound_concurrency` holds).
   */
  reservedInbound?: number;
  /**
   * Provider agent per task type: an agent id Retell issued (`agent.create`), or one per language
   * (`{ "en": "agent_…", "es": "agent_…" }`). Live calls of a task type without one are not placed
   * (docs/operators/voice-provider.md#agents-outreach-voice-agents); the sandbox's agents are `agent-<taskType>`.
   */
  agents?: Record<string, string | Record<string, string>>;
  /**
   * The company's caller ids (E.164), each a number its Retell account owns; `states` (two-letter
   * codes) prefers a number for customers in those states. Unset = the operator's
   * OUTREACH_VOICE_FROM_NUMBER, which a company with its own account never uses.
   */
  callerIds?: Array<{ number: string; states?: string[] }>;
  /**
   * The company's own Retell account (its API key, stored sealed): its real customers' calls are
   * placed with it; unset = the operator's (OUTREACH_VOICE_API_KEY). `webhookKey` is the account's
   * API key with the webhook badge, the only one Retell signs webhooks with (sealed; default
   * `apiKey`): https://docs.retellai.com/features/secure-webhook
   */
  provider?: { apiKey: string; webhookKey?: string };
  /**
   * What collections agents say on a voicemail: a Reg F limited-content message composed from these
   * (src/domain/calls/limited-content.ts) and set on the agents by `outreach voice agents`.
   */
  voicemail?: { businessName: string; agentName: string; callbackNumber: string };
}

export interface LmsConfig {
  kind: 'loanpro';
  /** API root, e.g. https://loanpro.simnang.com/api/public/api/1 (OData paths are appended). */
  baseUrl: string;
  /** LoanPro's tenant id, sent as `Autopal-Instance-Id`. */
  instanceId: string;
  /** API token; stored encrypted (`enc:v1:…`), printed masked. */
  token: string;
  /** Per LMS request; default 5000. */
  timeoutMs?: number;
  /** Extra attempts of a read after a timeout, network error, 429 or 5xx; default 2. */
  retries?: number;
  /** Requests in flight to the LMS per company and process; default 4. */
  maxConcurrency?: number;
  /**
   * Seconds a dial-time read of the LMS (the loan's status and sub-status, the customer's phone
   * flags) is reused for the company's next collections calls; default 300, 0: every call reads.
   */
  dialCheckCacheSeconds?: number;
  /**
   * LoanPro loan sub-status names (compared without case and spacing around dashes) and what each
   * does at dial time; absent: DEFAULT_SUB_STATUS_EFFECTS, LoanPro's default sub-statuses
   * (docs/partners/lms.md#at-dial-time). Given, it replaces the defaults.
   */
  subStatusEffects?: Record<string, SubStatusEffect>;
}

/**
 * What a loan sub-status does to collections calls at dial time: `paid_off`, `settled` and
 * `charged_off` cancel the loan's pending collections calls; the others are the contact restriction
 * of that kind (customer-wide, source `lms`).
 */
export type SubStatusEffect =
  'paid_off' | 'settled' | 'charged_off' | 'bankruptcy' | 'attorney_representation' | 'deceased';
