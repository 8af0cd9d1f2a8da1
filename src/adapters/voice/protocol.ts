import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The voice provider wire protocol, modeled on Retell's v2 API (POST /v2/create-phone-call,
 * POST /v2/list-calls, GET /v2/get-call/{call_id}, call_started / call_ended / call_analyzed webhooks carrying the whole call
 * object) with Bland's `answered_by` and a Stripe-style `Idempotency-Key` header. The adapter
 * (http-voice-provider.ts) and the simulator (src/simulators/voice/) both speak it.
 */
export const PATHS = {
  createCall: '/v2/create-phone-call',
  listCalls: '/v2/list-calls',
  /** `GET /v2/get-call/{call_id}` → the call object, 404 when the provider does not know it. */
  getCall: '/v2/get-call/',
} as const;

/**
 * The voice simulator's credentials when none are given: the simulator (src/simulators/voice/) accepts
 * them, and src/config/ uses them for OUTREACH_VOICE_SIMULATOR_API_KEY / _SECRET left unset.
 */
export const SIMULATOR_CREDENTIALS = { apiKey: 'sim_voice_key', callbackSecret: 'sim_voice_secret' } as const;

export const SIGNATURE_HEADER = 'x-voice-signature';
/** Deliveries signed longer ago (or further ahead) than this are refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

export interface WireCreateCall {
  from_number: string;
  to_number: string;
  override_agent_id: string;
  metadata: { scheduled_call_id: string; company_id: string; customer_id: string };
  retell_llm_dynamic_variables: { transfer_destination: string };
  webhook_url: string;
}

export type WireCallStatus = 'registered' | 'ongoing' | 'ended' | 'error';

export interface WireCall {
  call_id: string;
  call_status: WireCallStatus;
  idempotency_key: string | null;
  from_number: string;
  to_number: string;
  agent_id: string;
  metadata: Record<string, string>;
  /** Milliseconds since the epoch. */
  start_timestamp: number | null;
  end_timestamp: number | null;
  duration_ms: number | null;
  /** Retell's reasons: user_hangup, agent_hangup, call_transfer, voicemail_reached, dial_no_answer, dial_busy, dial_failed … */
  disconnection_reason: string | null;
  answered_by: 'human' | 'machine' | 'unknown' | null;
  transcript: string | null;
  recording_url: string | null;
  call_analysis: {
    call_summary: string;
    in_voicemail: boolean;
    /** The agent's post-call classification, e.g. right_party_contact, wrong_number, do_not_call. */
    custom_analysis_data: { outcome_labels: string[] };
  } | null;
}

export interface WireEvent {
  event: 'call_started' | 'call_ended' | 'call_analyzed';
  event_id: string;
  call: WireCall;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` */
export function signPayload(secret: string, rawBody: Buffer | string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${digest(secret, t, rawBody)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'signature' | 'stale'; message: string };

/** Constant-time check of the signature, then of its age against `now`. */
export function checkSignature(secret: string, rawBody: Buffer, header: string | undefined, now: Date): SignatureCheck {
  const parts = new Map((header ?? '').split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return { ok: false, reason: 'signature', message: `Missing or malformed ${SIGNATURE_HEADER} header` };
  const expected = Buffer.from(digest(secret, t, rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return { ok: false, reason: 'signature', message: 'Signature does not match' };
  if (Math.abs(now.getTime() - t * 1000) > SIGNATURE_TOLERANCE_MS) return { ok: false, reason: 'stale', message: 'Signature timestamp is outside the 5-minute tolerance' };
  return { ok: true };
}

function digest(secret: string, t: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
}
