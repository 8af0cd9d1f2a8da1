import type Retell from 'retell-sdk';

/**
 * What the service relies on of Retell's API (https://docs.retellai.com/api-references), spoken
 * through the official `retell-sdk` client by the adapter (retell-voice-provider.ts) and served by the
 * simulator (src/simulators/voice/) so that the same client cannot tell them apart:
 * - `POST /v2/create-phone-call` (201, the call object); Retell takes no idempotency key;
 * - `GET /v2/get-call/{call_id}` (404 when unknown);
 * - `POST /v3/list-calls` with `filter_criteria` (`metadata`, `to_number`), `sort_order`, `limit`,
 *   `pagination_key` → `{items, has_more, pagination_key?}`;
 * - `GET /get-agent/{agent_id}`, `PATCH /update-agent/{agent_id}` (post-call analysis fields, voicemail);
 * - webhooks `{event, call}` (transfer events add `transfer_destination`) signed
 *   `x-retell-signature: v=<ms>,d=<hex HMAC-SHA256(api key, body + ms)>`.
 */
export type RetellCall = Retell.PhoneCallResponse;
export type RetellCallStatus = RetellCall['call_status'];
export type RetellDisconnectionReason = NonNullable<RetellCall['disconnection_reason']>;

/**
 * A webhook delivery as Retell sends it: no event id; the call object as it stands. The transfer
 * events add `transfer_destination` and `transfer_option` ("Full call data plus transfer_destination
 * and transfer_option (if available)": https://docs.retellai.com/features/webhook).
 */
export interface RetellEvent {
  event: string;
  call: RetellCall;
  transfer_destination?: string | null;
  transfer_option?: unknown;
}

/** The call events the service applies to the call record. */
export const APPLIED_EVENTS = ['call_started', 'call_ended', 'call_analyzed'] as const;
export type AppliedEvent = (typeof APPLIED_EVENTS)[number];

/**
 * Retell's transfer events (retell-sdk 5.66.1 `webhook_events`; https://docs.retellai.com/features/webhook):
 * a transfer initiated, bridged, "cancelled or fails to connect", and its leg ended. They are recorded
 * per call and decide the transfer flags; every other event (transcript_updated) is acknowledged and ignored.
 */
export const TRANSFER_EVENTS = [
  'transfer_started',
  'transfer_bridged',
  'transfer_cancelled',
  'transfer_ended',
] as const;
export type TransferEventName = (typeof TRANSFER_EVENTS)[number];

/**
 * The events an agent sends when it names none: "If not set, defaults to call_started, call_ended,
 * call_analyzed" (retell-sdk `AgentResponse.webhook_events`). The service needs the transfer events too,
 * so `outreach voice agents` sets this list.
 */
export const AGENT_WEBHOOK_EVENTS = [...APPLIED_EVENTS, ...TRANSFER_EVENTS] as const;

export const SIGNATURE_HEADER = 'x-retell-signature';

/** Retell's production API; the simulator and tests give their own base URL. */
export const RETELL_BASE_URL = 'https://api.retellai.com';

/**
 * The voice simulator's API key when none is given: the simulator (src/simulators/voice/) accepts it and
 * signs its callbacks with it, as Retell signs with the account's API key.
 */
export const SIMULATOR_CREDENTIALS = { apiKey: 'sim_voice_key' } as const;

/** The metadata the service puts on every call it places, echoed on every callback and read. */
export interface CallMetadata {
  scheduled_call_id: string;
  company_id: string;
  customer_id: string;
}
