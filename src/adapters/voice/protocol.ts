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
 * - webhooks `{event, call}` signed `x-retell-signature: v=<ms>,d=<hex HMAC-SHA256(api key, body + ms)>`.
 */
export type RetellCall = Retell.PhoneCallResponse;
export type RetellCallStatus = RetellCall['call_status'];
export type RetellDisconnectionReason = NonNullable<RetellCall['disconnection_reason']>;

/** A webhook delivery as Retell sends it: no event id; the call object as it stands. */
export interface RetellEvent {
  event: string;
  call: RetellCall;
}

/** The events the service applies; every other (transcript_updated, transfer_*) is acknowledged and ignored. */
export const APPLIED_EVENTS = ['call_started', 'call_ended', 'call_analyzed'] as const;
export type AppliedEvent = (typeof APPLIED_EVENTS)[number];

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
