/**
 * The voice provider port: an AI-voice calling service. The adapter (src/adapters/voice/) speaks
 * Retell through its official SDK; the simulator (src/simulators/voice/) is a Retell that SDK accepts.
 */
export interface VoiceProvider {
  /** `live` is the company's provider; `sandbox` the simulator that test customers always reach. */
  readonly name: ProviderName;
  /**
   * Places a call: ONE request, never retried by the adapter (the provider has no idempotency key; a
   * retried request could dial twice). Throws ProviderUnavailableError (retry later: nothing was
   * placed, or it is unknown whether it was) or ProviderRejectedError (it will never be accepted).
   */
  createCall(request: CreateCallRequest): Promise<PlacedCall>;
  /**
   * Whether the provider holds a call for this scheduled call (the dial protocol asks before any
   * attempt after the first: docs/architecture/decisions/at-most-one-dial.md).
   */
  findCall(lookup: CallLookup): Promise<CallLookupAnswer>;
  /**
   * The provider's current view of one call it placed (the reconciliation sweep reads it when the
   * callbacks did not arrive), or null when the provider does not know that call id.
   * Throws ProviderUnavailableError (ask again later) or ProviderRejectedError.
   */
  getCall(providerCallId: string): Promise<CallSnapshot | null>;
  /**
   * Authenticates a callback delivery (signature over its timestamp and raw body, timestamp within
   * 5 minutes of the wall clock: transport freshness, not the business clock) and reads it.
   * Throws CallbackRejectedError for a bad signature, a stale timestamp or an unreadable body.
   */
  readCallback(
    rawBody: Buffer,
    headers: Record<string, string | undefined>,
  ): Promise<VoiceEvent | TransferEvent | IgnoredEvent>;
  /**
   * Brings one agent to the setup the service needs (its post-call analysis fields, its voicemail
   * message) in its latest draft and publishes that draft; with `check`, only reports what differs
   * (in `version` when given, else the latest version). Throws ProviderRejectedError for an unknown
   * agent or version.
   */
  ensureAgent(agentId: string, setup: AgentSetup, opts: { check: boolean; version?: number }): Promise<AgentDrift>;
  /** The numbers the account owns (purchased or imported), E.164. */
  accountNumbers(): Promise<string[]>;
  /** The account's concurrency limit (ongoing calls at most) and its ongoing calls now. */
  accountConcurrency(): Promise<AccountConcurrency>;
  /**
   * Whether the key webhooks are verified with is a key of the account (it authenticates a read);
   * `separate` says whether it is another key than the one requests use.
   */
  webhookKeyCheck(): Promise<{ authenticates: boolean; separate: boolean }>;
  /** Downloads a recording the provider announced (only from the provider's own origin). */
  fetchRecording(url: string): Promise<{ bytes: Buffer; contentType: string }>;
}

export type ProviderName = 'live' | 'sandbox';

/**
 * An account's calls in progress and its limit (Retell's `current_concurrency` and
 * `concurrency_limit`), and the slots it reserves for inbound calls when the provider says
 * (`reserved_inbound_concurrency`): https://docs.retellai.com/api-references/get-concurrency
 */
export interface AccountConcurrency {
  current: number;
  limit: number;
  reservedInbound?: number;
}

/**
 * Calls the provider ended without dialing because the account had no room (Retell's disconnection
 * reasons, https://docs.retellai.com/reliability/debug-call-disconnect): not an attempt; the
 * scheduled call is dialed again with backoff (docs/operators/voice-provider.md#concurrency-refusals).
 */
export const CONCURRENCY_REFUSALS: readonly string[] = ['concurrency_limit_reached', 'no_concurrency_fallback'];

/**
 * Calls the provider ended because the account itself cannot place calls (same page): not an
 * attempt either, and they raise a `provider.alert` and pause dialing on the account until an
 * operator resumes it (docs/operators/voice-provider.md#alerts-and-pauses).
 */
export const ACCOUNT_ALERT_REASONS: readonly string[] = [
  'no_valid_payment',
  'marked_as_spam',
  'telephony_provider_permission_denied',
];

/** Both kinds: calls that never rang for the account's sake, which the dialer places again. */
export const NOT_ATTEMPTS: readonly string[] = [...CONCURRENCY_REFUSALS, ...ACCOUNT_ALERT_REASONS];

export interface CreateCallRequest {
  /** E.164. */
  to: string;
  /** The caller id, E.164 (configuration). */
  from: string;
  /** The agent or script for the task type. */
  agent: string;
  /** The agent's published version the call pins (`override_agent_version`); omitted = the provider's default. */
  agentVersion?: number;
  /** Where the agent transfers a live borrower, evaluated for business hours at dial time. */
  transferDestination: string;
  /**
   * The number's voicemail was full or not set up on a recent call (VOICEMAIL_FULL,
   * VOICEMAIL_NOT_SET_UP): on a voicemail the agent hangs up instead of leaving its message.
   */
  skipVoicemail?: boolean;
  /**
   * The agent's context (domain/calls/dynamic-variables.ts), sent as Retell's dynamic variables;
   * includes `transfer_destination`.
   */
  dynamicVariables: Record<string, string>;
  /** Echoed on every callback; identifies the scheduled call. */
  metadata: { scheduledCallId: string; companyId: string; customerId: string };
  /** Where the provider posts this call's events. */
  callbackUrl: string;
}

export interface PlacedCall {
  providerCallId: string;
  /** When the provider accepted it. */
  acceptedAt: Date;
}

export interface CallLookup {
  scheduledCallId: string;
  /** The number the call was to be placed to (E.164). */
  toNumber: string;
  /** When the scheduled call was first claimed: no earlier call can be one of its attempts. */
  since: Date;
}

/**
 * `found`: a call carrying this scheduled call's id; `none`: proven absent (the only answer that lets
 * the dialer dial again); `ambiguous`: a call to the number in the window that cannot be told apart.
 */
export type CallLookupAnswer =
  { kind: 'found'; call: PlacedCall } | { kind: 'none' } | { kind: 'ambiguous'; reason: string };

export interface AgentSetup {
  /** The voicemail the agent leaves (a Reg F limited-content message), or null to leave it as set. */
  voicemailMessage: string | null;
}

/**
 * What differed from the setup (field names; `is_published` when the version is an unpublished
 * draft); `changed` when the agent was updated or published; `publishedVersion` the published
 * version that has the setup (calls pin it), or null when there is none.
 */
export interface AgentDrift {
  agentId: string;
  differences: string[];
  changed: boolean;
  publishedVersion: number | null;
}

export type VoiceEventType = 'call_started' | 'call_ended' | 'call_analyzed';

/** A step of a transfer the agent made during a call, as the provider reports it. */
export type TransferStep = 'started' | 'bridged' | 'cancelled' | 'ended';

/**
 * A transfer event, authenticated and read (Retell's `transfer_*` webhooks): recorded per call
 * (call-transfers.ts), it decides SUCCESSFUL_TRANSFER, TRANSFER_FAILED and FALLBACK_TRANSFER.
 */
export interface TransferEvent {
  eventId: string;
  transfer: TransferStep;
  providerCallId: string;
  scheduledCallId: string;
  /** Where the call was being transferred (a number or a SIP URI); null when the event does not say (`ended`). */
  destination: string | null;
}

/** An authenticated delivery of an event the service does not use (acknowledged, nothing recorded). */
export interface IgnoredEvent {
  ignored: string;
}

/** A callback, already authenticated and read into the contract's terms. */
export interface VoiceEvent {
  eventId: string;
  type: VoiceEventType;
  providerCallId: string;
  scheduledCallId: string;
  /** The call as the provider saw it when it sent this event (every event carries the full snapshot). */
  call: CallFacts;
}

/**
 * The provider's call status: placed, never connected (final, nothing more comes), in progress,
 * over, or it failed.
 */
export type ProviderCallState = 'registered' | 'not_connected' | 'ongoing' | 'ended' | 'error';

/** A call read from the provider (getCall), in the same terms as a callback's snapshot. */
export interface CallSnapshot {
  providerCallId: string;
  /** From the call's metadata; null when the provider lost it. */
  scheduledCallId: string | null;
  state: ProviderCallState;
  /** The post-call analysis is in (what a call_analyzed callback announces). */
  analyzed: boolean;
  call: CallFacts;
}

/** What the provider knows about a call; each callback and each getCall carries all of it. */
export interface CallFacts {
  toNumber: string;
  fromNumber: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  durationMs: number | null;
  disconnectionReason: string | null;
  answeredBy: 'human' | 'machine' | 'unknown' | null;
  transcript: string;
  summary: string;
  recordingUrl: string | null;
  /** The contract's flags, from the provider's outcome (src/adapters/voice/outcome-flags.ts). */
  flags: string[];
  /** What the analysis read off the conversation besides flags (null each when absent); only with the analysis. */
  values?: OutcomeValues;
}

/** The analysis values of a call (src/adapters/voice/outcome-labels.ts OUTCOME_VALUES). */
export interface OutcomeValues {
  /** The callback the borrower asked for, in their local time: YYYY-MM-DDTHH:mm. */
  callbackTime: string | null;
  /** A promise to pay: the amount in dollars and the date (YYYY-MM-DD), unchecked. */
  promiseAmount: number | null;
  promiseDate: string | null;
}

export class ProviderUnavailableError extends Error {}

export class ProviderRejectedError extends Error {}

/**
 * The provider refused the create request for the account's concurrency (Retell: HTTP 429 on
 * create-phone-call): nothing was placed, and the request may be sent again later.
 */
export class ConcurrencyRefusedError extends Error {}

export class CallbackRejectedError extends Error {
  constructor(
    message: string,
    readonly reason: 'signature' | 'stale' | 'malformed',
  ) {
    super(message);
  }
}
