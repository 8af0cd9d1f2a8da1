/**
 * The voice provider port: an AI-voice calling service (Retell, Bland, Vapi style). The HTTP adapter
 * is src/adapters/voice/; the simulator speaking the same protocol is src/simulators/voice/.
 */
export interface VoiceProvider {
  /** `live` is the company's provider; `sandbox` the simulator that test customers always reach. */
  readonly name: ProviderName;
  /**
   * Places a call. The idempotency key is derived from the scheduled call: the provider answers a
   * repeated key with the call it already placed instead of dialing again.
   * Throws ProviderUnavailableError (retry later, nothing was placed or it is unknown whether it was)
   * or ProviderRejectedError (the request will never be accepted).
   */
  createCall(request: CreateCallRequest): Promise<PlacedCall>;
  /** The call placed under this idempotency key, or null when the provider never accepted one. */
  findCall(idempotencyKey: string): Promise<PlacedCall | null>;
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
  readCallback(rawBody: Buffer, headers: Record<string, string | undefined>): VoiceEvent;
  /** Downloads a recording the provider announced (only from the provider's own origin). */
  fetchRecording(url: string): Promise<{ bytes: Buffer; contentType: string }>;
}

export type ProviderName = 'live' | 'sandbox';

export interface CreateCallRequest {
  idempotencyKey: string;
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

export type VoiceEventType = 'call_started' | 'call_ended' | 'call_analyzed';

/** A callback, already authenticated and read into the contract's terms. */
export interface VoiceEvent {
  eventId: string;
  type: VoiceEventType;
  providerCallId: string;
  scheduledCallId: string;
  /** The call as the provider saw it when it sent this event (every event carries the full snapshot). */
  call: CallFacts;
}

/** The provider's call status: placed, in progress, over, or it could not be placed/carried. */
export type ProviderCallState = 'registered' | 'ongoing' | 'ended' | 'error';

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
}

export class ProviderUnavailableError extends Error {}

export class ProviderRejectedError extends Error {}

export class CallbackRejectedError extends Error {
  constructor(message: string, readonly reason: 'signature' | 'stale' | 'malformed') {
    super(message);
  }
}
