import { createHash } from 'node:crypto';
import Retell, { APIError } from 'retell-sdk';
import {
  type AccountConcurrency,
  type AgentDrift,
  type AgentSetup,
  type CallFacts,
  type CallLookup,
  type CallLookupAnswer,
  type CallSnapshot,
  CallbackRejectedError,
  ConcurrencyRefusedError,
  NOT_ATTEMPTS,
  type CreateCallRequest,
  type IgnoredEvent,
  type PlacedCall,
  type TransferEvent,
  type TransferStep,
  ProviderRejectedError,
  type ProviderName,
  ProviderUnavailableError,
  type VoiceEvent,
  type VoiceProvider,
} from '../../domain/ports/voice-provider.js';
import { agentChanges } from './agent-setup.js';
import { answeredByOf, flagsOf, outcomeValuesOf } from './outcome-flags.js';
import {
  AGENT_WEBHOOK_EVENTS,
  APPLIED_EVENTS,
  type AppliedEvent,
  type CallMetadata,
  RETELL_BASE_URL,
  type RetellCall,
  type RetellEvent,
  SIGNATURE_HEADER,
  TRANSFER_EVENTS,
} from './protocol.js';
import { canonicalJson } from './canonical-json.js';

export interface RetellVoiceProviderSettings {
  name: ProviderName;
  /** Retell's API (default) or the simulator's http://127.0.0.1:PORT. */
  baseUrl?: string;
  /** The account's API key: authenticates requests. */
  apiKey: string;
  /**
   * The account's API key with the webhook badge, the only key Retell signs webhooks with
   * (https://docs.retellai.com/features/secure-webhook); default `apiKey`.
   */
  webhookKey?: string;
  /** Per request; the dialer keeps it well under its dial lease (src/main/call-runtime.ts). */
  requestTimeoutMs: number;
}

/** Pages read when looking a call up by its number before the answer counts as ambiguous. */
const LOOKUP_PAGES = 5;
const LOOKUP_PAGE_SIZE = 100;
/** Clock skew allowed between the provider's timestamps and ours when looking a call up. */
const LOOKUP_SKEW_MS = 60_000;

/** The voice provider through Retell's official client (protocol.ts). Production code for the live provider and the sandbox alike. */
export class RetellVoiceProvider implements VoiceProvider {
  readonly name: ProviderName;
  private readonly client: Retell;
  private readonly base: URL;

  constructor(private readonly settings: RetellVoiceProviderSettings) {
    this.name = settings.name;
    this.base = new URL(settings.baseUrl ?? RETELL_BASE_URL);
    // Reads may be retried once by the client (429, 5xx); the create request never is (createCall).
    this.client = new Retell({
      apiKey: settings.apiKey,
      baseURL: this.base.origin,
      timeout: settings.requestTimeoutMs,
      maxRetries: 1,
    });
  }

  async createCall(req: CreateCallRequest): Promise<PlacedCall> {
    const metadata: CallMetadata = {
      scheduled_call_id: req.metadata.scheduledCallId,
      company_id: req.metadata.companyId,
      customer_id: req.metadata.customerId,
    };
    const call = await this.askToCreate(() =>
      this.client.call.createPhoneCall(
        {
          from_number: req.from,
          to_number: req.to,
          override_agent_id: req.agent,
          ...(req.agentVersion !== undefined ? { override_agent_version: req.agentVersion } : {}),
          metadata,
          retell_llm_dynamic_variables: { ...req.dynamicVariables, transfer_destination: req.transferDestination },
          // This call's webhooks: where, and which (the transfer events are not among Retell's defaults).
          // A number whose voicemail was full or not set up: hang up on a voicemail rather than speak to
          // it, for this call only (create-phone-call `agent_override.agent.voicemail_option`,
          // https://docs.retellai.com/api-references/create-phone-call; actions at
          // https://docs.retellai.com/build/handle-voicemail).
          agent_override: {
            agent: {
              webhook_url: req.callbackUrl,
              webhook_events: [...AGENT_WEBHOOK_EVENTS],
              ...(req.skipVoicemail ? { voicemail_option: { action: { type: 'hangup' as const } } } : {}),
            },
          },
        },
        { maxRetries: 0 },
      ),
    );
    return { providerCallId: call.call_id, acceptedAt: new Date() };
  }

  /**
   * First by `metadata.scheduled_call_id`, then by `to_number` among the calls since the claim (a
   * metadata filter the provider ignored or has not indexed yet must not read as "no call"). Every
   * item is checked here before it is believed.
   */
  async findCall(lookup: CallLookup): Promise<CallLookupAnswer> {
    // A call the provider ended for the account's sake (concurrency, payment, spam label) never
    // rang: the scheduled call went back to pending to be dialed again; that call is not an attempt.
    const mine = (c: RetellCall) => metadataOf(c)?.scheduled_call_id === lookup.scheduledCallId && !notAnAttempt(c);
    const byMetadata = await this.ask('list-calls', () =>
      this.client.call.list({
        filter_criteria: {
          metadata: [{ key: 'scheduled_call_id', type: 'string', op: 'eq', value: lookup.scheduledCallId }],
        },
        limit: 10,
      }),
    );
    const found = phoneCalls(byMetadata.items).find(mine);
    if (found) return { kind: 'found', call: { providerCallId: found.call_id, acceptedAt: new Date() } };

    const since = lookup.since.getTime() - LOOKUP_SKEW_MS;
    let paginationKey: string | undefined;
    for (let page = 0; page < LOOKUP_PAGES; page++) {
      const answer = await this.ask('list-calls', () =>
        this.client.call.list({
          filter_criteria: { to_number: { type: 'string', op: 'eq', value: lookup.toNumber } },
          sort_order: 'descending',
          limit: LOOKUP_PAGE_SIZE,
          ...(paginationKey ? { pagination_key: paginationKey } : {}),
        }),
      );
      const inWindow = phoneCalls(answer.items).filter(
        (c) =>
          c.to_number === lookup.toNumber &&
          !notAnAttempt(c) &&
          (c.start_timestamp === undefined || c.start_timestamp >= since),
      );
      const ours = inWindow.find(mine);
      if (ours) return { kind: 'found', call: { providerCallId: ours.call_id, acceptedAt: new Date() } };
      const unreadable = inWindow.find((c) => typeof metadataOf(c)?.scheduled_call_id !== 'string');
      if (unreadable)
        return {
          kind: 'ambiguous',
          reason: `call ${unreadable.call_id} to ${lookup.toNumber} since the claim carries no scheduled call id`,
        };
      const older = answer.items.some((c) => typeof c.start_timestamp === 'number' && c.start_timestamp < since);
      if (!answer.has_more || older) return { kind: 'none' };
      paginationKey = answer.pagination_key;
    }
    return {
      kind: 'ambiguous',
      reason: `more than ${LOOKUP_PAGES * LOOKUP_PAGE_SIZE} calls to ${lookup.toNumber} since the claim`,
    };
  }

  async getCall(providerCallId: string): Promise<CallSnapshot | null> {
    let call: RetellCall;
    try {
      call = (await this.client.call.retrieve(providerCallId)) as RetellCall;
    } catch (err) {
      if (err instanceof APIError && err.status === 404) return null;
      throw failure(err, 'get-call');
    }
    if (typeof call?.call_id !== 'string')
      throw new ProviderUnavailableError('Voice provider answered get-call without a call_id');
    return {
      providerCallId: call.call_id,
      scheduledCallId: metadataOf(call)?.scheduled_call_id ?? null,
      state: call.call_status,
      // A call never connected is final: no analysis follows it.
      analyzed: call.call_analysis != null || call.call_status === 'not_connected',
      call: factsOf(call),
    };
  }

  /**
   * `Retell.verify` over the exact raw body (HMAC-SHA256 keyed with the webhook-badge key, compared by Web
   * Crypto's verify, 5-minute tolerance). Retell sends no event id: a delivery's id is the call, the
   * event and a digest of its content, so a redelivery is recognised and a changed snapshot is not.
   * A `call_ended` of a call that never connected is its last event: it is read as the final one.
   */
  async readCallback(
    rawBody: Buffer,
    headers: Record<string, string | undefined>,
  ): Promise<VoiceEvent | TransferEvent | IgnoredEvent> {
    const signature = headers[SIGNATURE_HEADER];
    const text = rawBody.toString('utf8');
    if (!signature) throw new CallbackRejectedError(`Missing ${SIGNATURE_HEADER} header`, 'signature');
    if (!(await Retell.verify(text, this.settings.webhookKey ?? this.settings.apiKey, signature))) {
      throw new CallbackRejectedError('Signature does not match, or it is more than 5 minutes old', 'signature');
    }
    let event: RetellEvent;
    try {
      event = JSON.parse(text) as RetellEvent;
    } catch {
      throw new CallbackRejectedError('Callback body is not valid JSON', 'malformed');
    }
    if (typeof event?.event !== 'string') throw new CallbackRejectedError('Callback needs event and call', 'malformed');
    const transfer = (TRANSFER_EVENTS as readonly string[]).includes(event.event);
    if (!transfer && !(APPLIED_EVENTS as readonly string[]).includes(event.event))
      return { ignored: event.event.slice(0, 64) };
    const call = event.call;
    const scheduledCallId = metadataOf(call)?.scheduled_call_id;
    if (typeof call?.call_id !== 'string' || typeof scheduledCallId !== 'string') {
      throw new CallbackRejectedError('Callback needs call.call_id and call.metadata.scheduled_call_id', 'malformed');
    }
    const digest = createHash('sha256').update(canonicalJson(event)).digest('hex').slice(0, 32);
    if (transfer) {
      // The destination beside the call (Retell's page), else the call's own field.
      const destination = event.transfer_destination ?? call.transfer_destination ?? null;
      return {
        eventId: `${call.call_id.slice(0, 64)}:${event.event}:${digest}`,
        transfer: event.event.slice('transfer_'.length) as TransferStep,
        providerCallId: call.call_id,
        scheduledCallId,
        destination: typeof destination === 'string' && destination !== '' ? destination.slice(0, 255) : null,
      };
    }
    const type = event.event as AppliedEvent;
    // A call never connected is over with its call_ended (read as final below); the call_analyzed
    // Retell sends after it carries no conversation, and applying it could only be stale, or, once
    // the scheduled call is dialed again after a refusal, be mistaken for the new attempt.
    if (type === 'call_analyzed' && call.call_status === 'not_connected') return { ignored: 'call_analyzed' };
    return {
      eventId: `${call.call_id.slice(0, 64)}:${type}:${digest}`,
      type: type === 'call_ended' && call.call_status === 'not_connected' ? 'call_analyzed' : type,
      providerCallId: call.call_id,
      scheduledCallId,
      call: factsOf(call),
    };
  }

  /**
   * `agent.update` edits the latest draft (https://docs.retellai.com/api-references/update-agent);
   * `agent.publish` then publishes that draft in place
   * (https://docs.retellai.com/api-references/publish-agent): calls pin the version published here.
   */
  async ensureAgent(
    agentId: string,
    setup: AgentSetup,
    opts: { check: boolean; version?: number },
  ): Promise<AgentDrift> {
    let agent: Retell.AgentResponse;
    try {
      agent = await this.client.agent.retrieve(agentId, opts.version === undefined ? {} : { version: opts.version });
    } catch (err) {
      if (err instanceof APIError && err.status === 404)
        throw new ProviderRejectedError(
          `The voice provider has no agent ${agentId}${opts.version === undefined ? '' : ` version ${opts.version}`}`,
        );
      throw failure(err, 'get-agent');
    }
    const { differences, update } = agentChanges(agent, setup);
    const published = agent.is_published === true;
    if (opts.check) {
      if (!published) differences.push('is_published');
      return {
        agentId,
        differences,
        changed: false,
        publishedVersion: published && !differences.length ? agent.version : null,
      };
    }
    if (differences.length === 0 && published)
      return { agentId, differences, changed: false, publishedVersion: agent.version };
    const draft = differences.length
      ? await this.ask('update-agent', () => this.client.agent.update(agentId, update))
      : agent;
    await this.ask('publish-agent', () => this.client.agent.publish(agentId, { version: draft.version }));
    if (!published) differences.push('is_published');
    return { agentId, differences, changed: true, publishedVersion: draft.version };
  }

  /** `phoneNumber.list`, every page (https://docs.retellai.com/api-references/list-phone-numbers). */
  async accountNumbers(): Promise<string[]> {
    const numbers: string[] = [];
    let paginationKey: string | undefined;
    for (let page = 0; page < 50; page++) {
      const answer = await this.ask('list-phone-numbers', () =>
        this.client.phoneNumber.list({ limit: 1000, ...(paginationKey ? { pagination_key: paginationKey } : {}) }),
      );
      numbers.push(...answer.items.map((n) => n.phone_number));
      if (!answer.has_more || !answer.pagination_key) break;
      paginationKey = answer.pagination_key;
    }
    return numbers;
  }

  /** A read (get-concurrency) authenticated with the webhook key: Retell's badge key is one of the workspace's API keys. */
  async webhookKeyCheck(): Promise<{ authenticates: boolean; separate: boolean }> {
    const key = this.settings.webhookKey ?? this.settings.apiKey;
    const client = new Retell({
      apiKey: key,
      baseURL: this.base.origin,
      timeout: this.settings.requestTimeoutMs,
      maxRetries: 1,
    });
    try {
      await client.concurrency.retrieve();
    } catch (err) {
      if (err instanceof APIError && (err.status === 401 || err.status === 403))
        return { authenticates: false, separate: key !== this.settings.apiKey };
      throw failure(err, 'get-concurrency');
    }
    return { authenticates: true, separate: key !== this.settings.apiKey };
  }

  /** GET /get-concurrency (https://docs.retellai.com/api-references/get-concurrency). */
  async accountConcurrency(): Promise<AccountConcurrency> {
    const answer = await this.ask('get-concurrency', () => this.client.concurrency.retrieve());
    if (typeof answer?.concurrency_limit !== 'number')
      throw new ProviderUnavailableError('Voice provider answered get-concurrency without a concurrency_limit');
    return {
      current: answer.current_concurrency ?? 0,
      limit: answer.concurrency_limit,
      ...(typeof answer.reserved_inbound_concurrency === 'number'
        ? { reservedInbound: answer.reserved_inbound_concurrency }
        : {}),
    };
  }

  async fetchRecording(url: string): Promise<{ bytes: Buffer; contentType: string }> {
    const target = new URL(url);
    // The URL comes from a signed callback or the provider's own answer; still, only https (or the
    // simulator's own origin), so nothing can make the service fetch a plain-http internal address.
    if (target.protocol !== 'https:' && target.origin !== this.base.origin)
      throw new ProviderRejectedError(`Recording URL ${target.origin} is neither https nor the provider's origin`);
    let res: Response;
    try {
      res = await fetch(target, { signal: AbortSignal.timeout(this.settings.requestTimeoutMs * 3) });
    } catch (err) {
      throw new ProviderUnavailableError(`${this.name} recording download failed: ${(err as Error).message}`);
    }
    if (!res.ok) {
      await res.arrayBuffer().catch(() => undefined);
      const message = `voice provider recording download: HTTP ${res.status}`;
      throw res.status >= 500 || res.status === 429
        ? new ProviderUnavailableError(message)
        : new ProviderRejectedError(message);
    }
    return {
      bytes: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  /**
   * The create request: a 429 is Retell refusing it for the account's limits (Too Many Requests,
   * RFC 6585 §4: the request was not processed; the SDK's RateLimitError), so nothing was placed and
   * it is told apart from an unavailable provider, whose answer leaves it unknown whether a call was.
   * The stricter reading of a 429 on create (a concurrency refusal, retried with backoff) is the
   * issue's; Retell's create-phone-call page (https://docs.retellai.com/api-references/create-phone-call)
   * does not describe its error statuses in words.
   */
  private async askToCreate<T>(request: () => PromiseLike<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (err instanceof APIError && (err.status as number | undefined) === 429)
        throw new ConcurrencyRefusedError(`voice provider create-phone-call: HTTP 429 ${err.message}`.slice(0, 400));
      throw failure(err, 'create-phone-call');
    }
  }

  private async ask<T>(what: string, request: () => PromiseLike<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      throw failure(err, what);
    }
  }
}

function phoneCalls(items: ReadonlyArray<{ call_type: string }>): RetellCall[] {
  return items.filter((c): c is RetellCall => c.call_type === 'phone_call');
}

function notAnAttempt(call: RetellCall): boolean {
  return call.disconnection_reason !== undefined && NOT_ATTEMPTS.includes(call.disconnection_reason);
}

function metadataOf(call: RetellCall | undefined): Partial<CallMetadata> | null {
  const m = call?.metadata;
  return typeof m === 'object' && m !== null ? m : null;
}

function factsOf(call: RetellCall): CallFacts {
  return {
    toNumber: String(call.to_number ?? ''),
    fromNumber: call.from_number ?? null,
    startedAt: instant(call.start_timestamp),
    endedAt: instant(call.end_timestamp),
    durationMs: typeof call.duration_ms === 'number' ? Math.round(call.duration_ms) : null,
    disconnectionReason: call.disconnection_reason ?? null,
    answeredBy: answeredByOf(call),
    transcript: call.transcript ?? '',
    summary: call.call_analysis?.call_summary ?? '',
    recordingUrl: call.recording_url ?? null,
    flags: flagsOf(call),
    values: outcomeValuesOf(call),
  };
}

function instant(ms: number | undefined): Date | null {
  return typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms) : null;
}

/**
 * The SDK's errors in the port's terms: no answer (timeout, connection), 408, 429 and 5xx may pass
 * (and, for a create request, it is unknown whether the call was placed); any other status never will.
 */
function failure(err: unknown, what: string): Error {
  if (!(err instanceof APIError)) return err instanceof Error ? err : new Error(String(err));
  const status = err.status as number | undefined; // instanceof narrows to APIError<any>; its default is this
  const message = `voice provider ${what}: ${status ? `HTTP ${status} ` : ''}${err.message}`.slice(0, 400);
  return status === undefined || status >= 500 || status === 429 || status === 408
    ? new ProviderUnavailableError(message)
    : new ProviderRejectedError(message);
}
