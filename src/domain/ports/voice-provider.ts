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
  readCallback(rawBody: Buffer, headers: Record<string, string | undefined>): Promise<VoiceEvent | IgnoredEvent>;
  /**
   * Brings one agent to the setup the service needs (its post-call analysis fields, its voicemail
   * message); with `check`, only reports what differs. Throws ProviderRejectedError for an unknown agent.
   */
  ensureAgent(agentId: string, setup: AgentSetup, opts: { check: boolean }): Promise<AgentDrift>;
  /** Downloads a recording the provider announced (only from the provider's own origin). */
  fetchRecording(url: string): Promise<{ bytes: Buffer; contentType: string }>;
}

export type ProviderName = 'live' | 'sandbox';

export interface CreateCallRequest {
  /** E.164. */
  to: string;
  /** The caller id, E.164 (configuration). */
  from: string;
  /** The agent or script for the task type. */
  agent: string;
  /** Where the agent transfers a live borrower, evaluated for business hours at dial time. */
  transferDestination: string;
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

/** What differed from the setup (field names); `changed` when the agent was updated. */
export interface AgentDrift {
  agentId: string;
  differences: string[];
  changed: boolean;
}

export type VoiceEventType = 'call_started' | 'call_ended' | 'call_analyzed';

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

export class CallbackRejectedError extends Error {
  constructor(
    message: string,
    readonly reason: 'signature' | 'stale' | 'malformed',
  ) {
    super(message);
  }
}
