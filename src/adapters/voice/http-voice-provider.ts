import {
  type CallFacts, type CallSnapshot, CallbackRejectedError, type CreateCallRequest, type PlacedCall, ProviderRejectedError, type ProviderName, ProviderUnavailableError,
  type VoiceEvent, type VoiceProvider,
} from '../../domain/ports/voice-provider.js';
import { flagsOf } from './outcome-flags.js';
import { checkSignature, PATHS, SIGNATURE_HEADER, type WireCall, type WireCreateCall, type WireEvent } from './protocol.js';

export interface HttpVoiceProviderSettings {
  name: ProviderName;
  /** e.g. https://api.provider.example or the simulator's http://127.0.0.1:PORT */
  baseUrl: string;
  apiKey: string;
  callbackSecret: string;
  requestTimeoutMs?: number;
  /** Real time for signature freshness (tests inject it). */
  wallClock?: () => Date;
}

const EVENT_TYPES = new Set(['call_started', 'call_ended', 'call_analyzed']);
const CALL_STATES = new Set(['registered', 'ongoing', 'ended', 'error']);

/** The voice provider over HTTP (protocol.ts). Production code for the live provider and the sandbox alike. */
export class HttpVoiceProvider implements VoiceProvider {
  readonly name: ProviderName;
  private readonly base: URL;

  constructor(private readonly settings: HttpVoiceProviderSettings) {
    this.name = settings.name;
    this.base = new URL(settings.baseUrl);
  }

  async createCall(req: CreateCallRequest): Promise<PlacedCall> {
    const body: WireCreateCall = {
      from_number: req.from,
      to_number: req.to,
      override_agent_id: req.agent,
      metadata: { scheduled_call_id: req.metadata.scheduledCallId, company_id: req.metadata.companyId, customer_id: req.metadata.customerId },
      retell_llm_dynamic_variables: { transfer_destination: req.transferDestination },
      webhook_url: req.callbackUrl,
    };
    const call = (await this.post(PATHS.createCall, body, { 'Idempotency-Key': req.idempotencyKey })) as WireCall;
    return placed(call);
  }

  async findCall(idempotencyKey: string): Promise<PlacedCall | null> {
    const calls = (await this.post(PATHS.listCalls, { filter_criteria: { idempotency_key: [idempotencyKey] }, limit: 1 })) as WireCall[];
    return calls[0] ? placed(calls[0]) : null;
  }

  async getCall(providerCallId: string): Promise<CallSnapshot | null> {
    const res = await this.send(new URL(PATHS.getCall + encodeURIComponent(providerCallId), this.base), { method: 'GET' });
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) throw await failure(res, PATHS.getCall);
    const call = (await res.json()) as WireCall;
    if (typeof call?.call_id !== 'string' || !CALL_STATES.has(call.call_status)) throw new ProviderUnavailableError('Voice provider answered get-call without a call_id or a known call_status');
    const scheduledCallId = call.metadata?.scheduled_call_id;
    return {
      providerCallId: call.call_id,
      scheduledCallId: typeof scheduledCallId === 'string' ? scheduledCallId : null,
      state: call.call_status,
      analyzed: call.call_analysis != null,
      call: factsOf(call),
    };
  }

  readCallback(rawBody: Buffer, headers: Record<string, string | undefined>): VoiceEvent {
    const check = checkSignature(this.settings.callbackSecret, rawBody, headers[SIGNATURE_HEADER], (this.settings.wallClock ?? (() => new Date()))());
    if (!check.ok) throw new CallbackRejectedError(check.message, check.reason);
    let event: WireEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as WireEvent;
    } catch {
      throw new CallbackRejectedError('Callback body is not valid JSON', 'malformed');
    }
    const call = event?.call;
    if (!event || typeof event.event_id !== 'string' || !EVENT_TYPES.has(event.event) || typeof call?.call_id !== 'string' || typeof call.metadata?.scheduled_call_id !== 'string') {
      throw new CallbackRejectedError('Callback needs event, event_id, call.call_id and call.metadata.scheduled_call_id', 'malformed');
    }
    return {
      eventId: event.event_id.slice(0, 128),
      type: event.event,
      providerCallId: call.call_id,
      scheduledCallId: call.metadata.scheduled_call_id,
      call: factsOf(call),
    };
  }

  async fetchRecording(url: string): Promise<{ bytes: Buffer; contentType: string }> {
    const target = new URL(url);
    // Only the provider's own origin: a callback cannot make the service fetch arbitrary URLs.
    if (target.origin !== this.base.origin) throw new ProviderRejectedError(`Recording URL ${target.origin} is not on the provider's origin`);
    const res = await this.send(target, { method: 'GET' });
    if (!res.ok) throw await failure(res, 'recording download');
    return { bytes: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  private async post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    const res = await this.send(new URL(path, this.base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw await failure(res, path);
    return res.json();
  }

  private async send(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${this.settings.apiKey}` },
        signal: AbortSignal.timeout(this.settings.requestTimeoutMs ?? 10_000),
      });
    } catch (err) {
      // Timeout or connection failure: whether the provider acted is unknown; the next attempt asks it first.
      throw new ProviderUnavailableError(`${this.name} voice provider unreachable: ${(err as Error).message}`);
    }
  }
}

function placed(call: WireCall): PlacedCall {
  if (typeof call?.call_id !== 'string') throw new ProviderUnavailableError('Voice provider answered without a call_id');
  return { providerCallId: call.call_id, acceptedAt: new Date() };
}

function factsOf(call: WireCall): CallFacts {
  return {
    toNumber: String(call.to_number ?? ''),
    fromNumber: call.from_number ?? null,
    startedAt: instant(call.start_timestamp),
    endedAt: instant(call.end_timestamp),
    durationMs: typeof call.duration_ms === 'number' ? Math.round(call.duration_ms) : null,
    disconnectionReason: call.disconnection_reason ?? null,
    answeredBy: call.answered_by ?? null,
    transcript: call.transcript ?? '',
    summary: call.call_analysis?.call_summary ?? '',
    recordingUrl: call.recording_url ?? null,
    flags: flagsOf(call),
  };
}

function instant(ms: number | null | undefined): Date | null {
  return typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms) : null;
}

async function failure(res: Response, what: string): Promise<Error> {
  const text = (await res.text().catch(() => '')).slice(0, 300);
  const message = `voice provider ${what}: HTTP ${res.status} ${text}`;
  return res.status >= 500 || res.status === 429 || res.status === 408 ? new ProviderUnavailableError(message) : new ProviderRejectedError(message);
}
