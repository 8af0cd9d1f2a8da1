import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Retell from 'retell-sdk';
import {
  type CallMetadata,
  type RetellCall,
  type RetellDisconnectionReason,
  SIGNATURE_HEADER,
  SIMULATOR_CREDENTIALS,
} from '../../adapters/voice/protocol.js';
import { type Agents, simulatedAgents } from './agents.js';
import { listCalls } from './call-list.js';
import { callbackSender } from './callback-sender.js';
import { hangUpOnVoicemail, scenarioFor, type Scenario, TRANSFER_FALLBACK_DESTINATION } from './scenarios.js';
import { toneWav } from './wav.js';

export interface VoiceSimulatorOptions {
  port?: number;
  /** Bearer key callers must send, and the key callbacks are signed with, as Retell's API key is (default `sim_voice_key`). */
  apiKey?: string;
  /**
   * More accounts (Retell workspaces, e.g. a company's own) besides the default one of `apiKey`, as
   * strict as Retell: each knows only its keys, its numbers and the agents created in it.
   */
  accounts?: SimulatedAccountOptions[];
  /** The clock for call timestamps (the process clock, OUTREACH_CLOCK aware); signatures use real time. */
  now?: () => Date;
  /** Delay before answering a create request (tests use it to crash a worker mid-request). */
  createLatencyMs?: number;
  /** When call_started / call_ended / call_analyzed are sent after the call was accepted. */
  timeline?: { startedMs: number; endedMs: number; analyzedMs: number };
  /**
   * Callback deliveries in flight at once (default 64), like a provider's webhook senders; the
   * rest wait their turn. Unbounded deliveries would measure the receiver's connection handling.
   */
  deliveryConcurrency?: number;
  /**
   * Benchmarks: keep every callback until `POST /sim/callbacks/release` (or `releaseCallbacks()`),
   * then send them all, started in the order they were due (they may arrive in any order), so
   * dialing and callback ingestion are measured apart (`outreach simulator voice --hold-callbacks`).
   */
  holdCallbacks?: boolean;
  /**
   * How long a call is kept once its last event is due (default 10 minutes), and the most calls
   * kept (default 20,000; the oldest is forgotten first). A forgotten call is gone from get-call,
   * list-calls, its recording and dials(), as if the provider had purged it. A real provider keeps
   * calls for months; this simulator runs inside `outreach serve`, whose memory must stay flat.
   */
  retention?: { ms: number; maxCalls: number };
  /** The default account's `concurrency_limit` (GET /get-concurrency); default 20, Retell's free concurrency. */
  concurrencyLimit?: number;
  /** The wait before each of a webhook's 3 retries (default 1 s: Retell retries promptly and documents no interval). */
  webhookRetryDelayMs?: number;
}

/** What became of the webhooks sent so far. */
export interface WebhookStats {
  /** Webhooks answered 2xx at last. */
  delivered: number;
  /** Attempts answered otherwise (any status but 2xx, a timeout or a network error). */
  failedAttempts: number;
  /** The failed attempts by answer: the status, `timeout` or `network`. */
  failures: Record<string, number>;
  /** Webhooks given up after their 3 retries: lost to the receiver, as at Retell. */
  givenUp: number;
}

export interface VoiceSimulator {
  url: string;
  /**
   * Accepted create requests per scheduled call (`metadata.scheduled_call_id`; a second accepted
   * request is a second call, as at Retell, and is counted here), for the calls still kept (retention).
   */
  dials(): Record<string, number>;
  /** Delivers the callbacks held so far (holdCallbacks) and stops holding; returns how many were held. */
  releaseCallbacks(): number;
  webhookStats(): WebhookStats;
  close(): Promise<void>;
}

/** A Retell workspace of the simulator. */
export interface SimulatedAccountOptions {
  /** Its API keys (any authenticates requests). */
  apiKeys: string[];
  /**
   * The key with the webhook badge, the only one Retell signs webhooks with
   * (https://docs.retellai.com/features/secure-webhook); default the first of `apiKeys`.
   */
  webhookKey?: string;
  /**
   * The numbers it owns (purchased or imported: `from_number` of a call must be one,
   * https://docs.retellai.com/api-references/create-phone-call); default none.
   */
  numbers?: string[];
  /** `GET /get-concurrency`'s `concurrency_limit` (default 20, Retell's base concurrency). */
  concurrencyLimit?: number;
}

interface Account {
  webhookKey: string;
  /** `any`: the sandbox account owns every number (it has no purchase step). */
  numbers: Set<string> | 'any';
  agents: Agents;
  concurrencyLimit: number;
}

export const SIMULATOR_DEFAULTS = {
  ...SIMULATOR_CREDENTIALS,
  retention: { ms: 10 * 60_000, maxCalls: 20_000 },
} as const;

interface SimCall {
  wire: RetellCall;
  /** The account that created it: its webhooks are signed with the account's webhook-badge key. */
  account: Account;
  /** Wall-clock ms when it was created (the listing's order for calls not started). */
  createdAt: number;
  scenario: Scenario;
  /** Where its events go: the per-call override, else the agent's webhook; null sends none. */
  webhookUrl: string | null;
  /** Wall-clock ms after which the call is forgotten (retention; the process clock may be a sandbox's). */
  forgetAt: number;
  /** Its webhooks, delivered in order (each after the previous one was answered or given up). */
  chain: Promise<void>;
  /** The events it sends: the call's `agent_override.agent.webhook_events`, else the agent's, else Retell's default three. */
  webhookEvents: ReadonlySet<string>;
}

/** Retell retries a webhook not answered 2xx up to 3 times (https://docs.retellai.com/features/webhook). */
export const RETELL_WEBHOOK_RETRIES = 3;

/**
 * The simulated voice provider: a real HTTP server on 127.0.0.1 that `retell-sdk` accepts as Retell
 * (protocol.ts; test/voice-simulator-sdk.test.ts proves it). Outcomes come from the number dialed
 * (scenarios.ts); callbacks are signed with `Retell.sign` and delivered at least once.
 */
export async function startVoiceSimulator(opts: VoiceSimulatorOptions = {}): Promise<VoiceSimulator> {
  const apiKey = opts.apiKey ?? SIMULATOR_DEFAULTS.apiKey;
  const now = opts.now ?? (() => new Date());
  // The default account is the sandbox: every number and a catalog of agents (agents.ts).
  const accounts = new Map<string, Account>([
    [
      apiKey,
      {
        webhookKey: apiKey,
        numbers: 'any',
        agents: simulatedAgents(now, { catalog: true }),
        concurrencyLimit: opts.concurrencyLimit ?? 20,
      },
    ],
  ]);
  for (const a of opts.accounts ?? []) {
    const account: Account = {
      webhookKey: a.webhookKey ?? a.apiKeys[0],
      numbers: new Set(a.numbers ?? []),
      agents: simulatedAgents(now, { catalog: false }),
      concurrencyLimit: a.concurrencyLimit ?? 20,
    };
    for (const key of a.apiKeys) accounts.set(key, account);
  }
  const timeline = opts.timeline ?? { startedMs: 30, endedMs: 120, analyzedMs: 200 };
  const retention = opts.retention ?? SIMULATOR_DEFAULTS.retention;
  const calls = new Map<string, SimCall>();
  const dials = new Map<string, number>();
  const refused = new Map<string, number>();
  /** Per scheduled call: create requests refused with 429, and accepted calls ended for concurrency (scenarios.ts). */
  const refused429 = new Map<string, number>();
  const endRefused = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let url = '';
  let holding = opts.holdCallbacks ?? false;
  const held: Array<() => void> = [];
  const slots = opts.deliveryConcurrency ?? 64;
  let sending = 0;
  const sender = callbackSender(slots);
  const waiting: Array<() => void> = [];
  const slot = async () => {
    if (sending >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    sending++;
  };
  const freeSlot = () => {
    sending--;
    waiting.shift()?.();
  };
  const releaseCallbacks = () => {
    holding = false;
    const n = held.length;
    for (const send of held.splice(0)) send();
    return n;
  };

  // A handful of distinct tones (wav.ts); each made once rather than per download.
  const tones = new Map<number, Buffer>();
  const recordingAudio = (seed: number) => {
    const pitch = seed % 8;
    if (!tones.has(pitch)) tones.set(pitch, toneWav(1, pitch));
    return tones.get(pitch)!;
  };

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const stats: WebhookStats = { delivered: 0, failedAttempts: 0, failures: {}, givenUp: 0 };
  const failed = (why: string) => {
    stats.failedAttempts++;
    stats.failures[why] = (stats.failures[why] ?? 0) + 1;
  };
  const retryDelayMs = opts.webhookRetryDelayMs ?? 1_000;
  /** One attempt: true when the receiver answered 2xx within Retell's 10 s. */
  const attemptOnce = async (call: SimCall, body: string): Promise<boolean> => {
    await slot();
    try {
      const signature = await Retell.sign(body, call.account.webhookKey);
      const answer = await sender.send(
        call.webhookUrl!,
        { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signature },
        body,
        10_000,
      );
      if (answer.status >= 200 && answer.status < 300) return true;
      failed(String(answer.status));
      return false;
    } catch (err) {
      failed((err as Error).name === 'TimeoutError' ? 'timeout' : 'network'); // either fails the attempt
      return false;
    } finally {
      freeSlot();
    }
  };
  /**
   * Retell's delivery: an attempt that is not answered 2xx within 10 seconds is retried up to 3
   * times (https://docs.retellai.com/features/webhook; Retell's answer on its forum: "if your endpoint
   * doesn't return a 2xx success status within 10 seconds, the webhook retries up to 3 times"),
   * promptly, whatever the answer said: a Retry-After is not honoured, and a 4xx is retried like a
   * 5xx. Then the webhook is lost to the receiver. Resolves once delivered or given up;
   * `firstAnswered` is told after the first attempt.
   */
  const deliver = async (
    call: SimCall,
    event: string,
    snapshot: RetellCall,
    extra: Record<string, unknown> = {},
    firstAnswered?: () => void,
  ): Promise<void> => {
    if (call.webhookUrl === null || !call.webhookEvents.has(event)) return firstAnswered?.();
    // Retell's webhook body: the event and the call as it stands, no event id; signed with the badge key.
    const body = JSON.stringify({ event, call: snapshot, ...extra });
    for (let attempt = 0; attempt <= RETELL_WEBHOOK_RETRIES; attempt++) {
      if (attempt > 0) await new Promise<void>((resolve) => later(retryDelayMs, resolve));
      const ok = await attemptOnce(call, body);
      if (attempt === 0) firstAnswered?.();
      if (ok) {
        stats.delivered++;
        return;
      }
    }
    stats.givenUp++;
  };
  /**
   * A call's webhooks go one after another, each once the previous one was delivered or given up: a
   * real call's events are seconds apart, the simulator's milliseconds, so it orders them rather than
   * let them race. Held ones (holdCallbacks) are all sent at once on release, in any order.
   */
  const inOrder = (call: SimCall, event: string, snapshot: RetellCall, extra?: Record<string, unknown>) => {
    if (holding) held.push(() => void deliver(call, event, snapshot, extra));
    else call.chain = call.chain.then(() => deliver(call, event, snapshot, extra));
  };

  const play = (call: SimCall, endedFor: RetellDisconnectionReason | null) => {
    const { wire, scenario } = call;
    const startMs = now().getTime();
    const connected = scenario.reached !== 'nobody' && endedFor === null;
    if (!connected) {
      // Never connected: no call_started ("If the call did not connect (like dial failed), the
      // call_started webhook event will not be triggered": https://docs.retellai.com/features/webhook),
      // then call_ended with status not_connected and call_analyzed, as for every call.
      const ended: RetellCall = {
        ...wire,
        call_status: 'not_connected',
        disconnection_reason: endedFor ?? scenario.disconnectionReason,
      };
      const analyzed: RetellCall = {
        ...ended,
        call_analysis: { call_summary: '', in_voicemail: false, call_successful: false, custom_analysis_data: {} },
      };
      later(timeline.endedMs, () => {
        call.wire = ended;
      });
      later(timeline.analyzedMs, () => {
        call.wire = analyzed;
      });
      if (scenario.callbacksLost) return;
      later(timeline.endedMs, () => inOrder(call, 'call_ended', ended));
      later(timeline.analyzedMs, () => inOrder(call, 'call_analyzed', analyzed));
      return;
    }
    const durationMs = 42_000;
    const started: RetellCall = { ...wire, call_status: 'ongoing', start_timestamp: startMs };
    const ended: RetellCall = {
      ...started,
      call_status: 'ended',
      end_timestamp: startMs + durationMs,
      duration_ms: durationMs,
      disconnection_reason: scenario.disconnectionReason,
      transcript: scenario.transcript,
      ...(scenario.recorded ? { recording_url: `${url}/recordings/${wire.call_id}.wav` } : {}),
    };
    const analyzed: RetellCall = {
      ...ended,
      call_analysis: {
        call_summary: scenario.summary,
        in_voicemail: scenario.reached === 'voicemail',
        call_successful: scenario.reached === 'person',
        custom_analysis_data: {
          ...Object.fromEntries(scenario.labels.map((l) => [l, true])),
          ...(scenario.values?.(now()) ?? {}),
        },
      },
    };
    const events: Array<[string, RetellCall]> = [
      ['call_started', started],
      ['call_ended', ended],
      ['call_analyzed', analyzed],
    ];
    // GET /v2/get-call shows the call as it stands: each state from the moment its event is due.
    const at = [timeline.startedMs, timeline.endedMs, timeline.analyzedMs];
    events.forEach(([, snapshot], i) =>
      later(at[i], () => {
        call.wire = snapshot;
      }),
    );
    if (scenario.callbacksLost) return; // the provider keeps the call; its callbacks never reach the service
    // The transfers happen between the start and the end, each reported as Retell reports it.
    const destination = wire.retell_llm_dynamic_variables?.transfer_destination;
    const transfers: Array<[string, RetellCall, Record<string, unknown>]> = [];
    scenario.transfers.forEach((outcome, k) => {
      const extra = {
        transfer_destination: k === 0 && typeof destination === 'string' ? destination : TRANSFER_FALLBACK_DESTINATION,
      };
      transfers.push(['transfer_started', started, extra]);
      transfers.push([outcome === 'bridged' ? 'transfer_bridged' : 'transfer_cancelled', started, extra]);
      if (outcome === 'bridged') transfers.push(['transfer_ended', started, {}]);
    });
    if (scenario.duplicateCallbacks) {
      // The transfers, then twice each call event, newest first and then again in another order, all
      // after the call is over; one at a time, each after the previous one was answered, so the
      // order the receiver sees is this one.
      const order = [2, 0, 1, 1, 2, 0];
      const sends: Array<[string, RetellCall, Record<string, unknown>]> = [
        ...transfers,
        ...order.map((i): [string, RetellCall, Record<string, unknown>] => [...events[i], {}]),
      ];
      later(
        timeline.analyzedMs,
        () =>
          void (async () => {
            for (const [event, snapshot, extra] of sends)
              if (holding) held.push(() => void deliver(call, event, snapshot, extra));
              else await new Promise<void>((answered) => void deliver(call, event, snapshot, extra, answered));
          })(),
      );
      return;
    }
    const transferAt = (k: number) =>
      timeline.startedMs + ((timeline.endedMs - timeline.startedMs) * (k + 1)) / (transfers.length + 1);
    later(at[0], () => inOrder(call, ...events[0]));
    transfers.forEach((e, k) => later(transferAt(k), () => inOrder(call, ...e)));
    later(at[1], () => inOrder(call, ...events[1]));
    later(at[2], () => inOrder(call, ...events[2]));
  };

  const scheduledOf = (call: RetellCall) => (call.metadata as Partial<CallMetadata> | undefined)?.scheduled_call_id;
  const forget = (callId: string, call: SimCall) => {
    calls.delete(callId);
    const scheduled = scheduledOf(call.wire);
    if (scheduled === undefined) return;
    dials.delete(scheduled);
    refused.delete(scheduled);
    refused429.delete(scheduled);
    endRefused.delete(scheduled);
  };
  /** Forgets, oldest first, the calls past their retention and those beyond maxCalls once one more is added. */
  const forgetOld = () => {
    const wall = Date.now();
    for (const [callId, call] of calls) {
      if (call.forgetAt > wall && calls.size < retention.maxCalls) break;
      forget(callId, call);
    }
  };

  const create = (body: Retell.CallCreatePhoneCallParams | undefined, account: Account): [number, unknown] => {
    const e164 = /^\+[1-9]\d{6,14}$/;
    if (!body || typeof body.to_number !== 'string' || !e164.test(body.to_number))
      return [400, retellError('to_number must be an E.164 number')];
    if (typeof body.from_number !== 'string' || !e164.test(body.from_number))
      return [400, retellError('from_number must be an E.164 number')];
    if (
      body.metadata !== undefined &&
      (typeof body.metadata !== 'object' || body.metadata === null || Array.isArray(body.metadata))
    )
      return [400, retellError('metadata must be an object')];
    // Retell places a call only from a number of the account (create-phone-call: "must be a number
    // purchased from Retell or imported to Retell"), with an agent and version that exist.
    if (account.numbers !== 'any' && !account.numbers.has(body.from_number))
      return [404, retellError(`from_number ${body.from_number} is not a phone number of this workspace`)];
    const agentId = body.override_agent_id ?? 'default-agent';
    const version = body.override_agent_version;
    if (version !== undefined && !Number.isInteger(Number(version)))
      return [400, retellError('override_agent_version must be an integer')];
    const agent = account.agents.get(agentId, version === undefined ? undefined : Number(version));
    if (!agent)
      return [404, retellError(`agent ${agentId}${version === undefined ? '' : ` version ${version}`} not found`)];
    const override = body.agent_override?.agent?.webhook_url;
    // A per-call voicemail_option of hangup (agent_override) ends a voicemail without a message.
    const hangsUp = body.agent_override?.agent?.voicemail_option?.action?.type === 'hangup';
    const scenario = hangsUp ? hangUpOnVoicemail(scenarioFor(body.to_number)) : scenarioFor(body.to_number);
    const scheduled = (body.metadata as Partial<CallMetadata> | undefined)?.scheduled_call_id;
    const refusals = scheduled ? (refused.get(scheduled) ?? 0) : 0;
    if (scheduled && refusals < scenario.createFailures) {
      // Refused and never tried again: no call to be forgotten with, so the oldest go first.
      if (refused.size >= retention.maxCalls && !refused.has(scheduled)) refused.delete(refused.keys().next().value!);
      refused.set(scheduled, refusals + 1);
      return [503, retellError('Service temporarily unavailable, retry later')];
    }
    const refusals429 = scheduled ? (refused429.get(scheduled) ?? 0) : 0;
    if (scheduled && refusals429 < scenario.createRefusals) {
      if (refused429.size >= retention.maxCalls && !refused429.has(scheduled))
        refused429.delete(refused429.keys().next().value!);
      refused429.set(scheduled, refusals429 + 1);
      // Retell's create-phone-call answers 429 when the account is at its concurrency limit.
      return [429, retellError('Concurrency limit reached, please try again later')];
    }
    if (scheduled) dials.set(scheduled, (dials.get(scheduled) ?? 0) + 1);
    let endedFor: RetellDisconnectionReason | null = null;
    if (scheduled && scenario.endRefusals) {
      const ended = endRefused.get(scheduled) ?? 0;
      if (ended < scenario.endRefusals.count) {
        endRefused.set(scheduled, ended + 1);
        endedFor = scenario.endRefusals.reason;
      }
    }
    const callId = `call_${randomUUID().replace(/-/g, '')}`;
    const wire: RetellCall = {
      call_id: callId,
      call_type: 'phone_call',
      direction: 'outbound',
      call_status: 'registered',
      agent_id: agentId,
      agent_version: agent.version,
      ...(agent.agent_name ? { agent_name: agent.agent_name } : {}),
      from_number: body.from_number,
      to_number: body.to_number,
      ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
      ...(body.retell_llm_dynamic_variables ? { retell_llm_dynamic_variables: body.retell_llm_dynamic_variables } : {}),
    };
    forgetOld();
    const call: SimCall = {
      wire,
      account,
      createdAt: Date.now(),
      scenario,
      webhookUrl: override ?? agent.webhook_url ?? null,
      forgetAt: Date.now() + timeline.analyzedMs + retention.ms,
      chain: Promise.resolve(),
      // "If not set, defaults to call_started, call_ended, call_analyzed" (retell-sdk AgentResponse.webhook_events).
      webhookEvents: new Set(
        body.agent_override?.agent?.webhook_events ??
          agent.webhook_events ?? ['call_started', 'call_ended', 'call_analyzed'],
      ),
    };
    calls.set(callId, call);
    play(call, endedFor);
    return [201, wire];
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://sim').pathname;
    const recording = /^\/recordings\/([A-Za-z0-9_]+)\.wav$/.exec(path);
    if (req.method === 'GET' && recording) {
      const call = calls.get(recording[1]);
      if (!call?.scenario.recorded) return send(res, 404, retellError('no recording'));
      res
        .writeHead(200, { 'Content-Type': 'audio/wav' })
        .end(recordingAudio(call.wire.to_number.length + recording[1].charCodeAt(5)));
      return;
    }
    if (req.method === 'GET' && path === '/sim/dials') return send(res, 200, Object.fromEntries(dials));
    if (req.method === 'POST' && path === '/sim/callbacks/release')
      return send(res, 200, { released: releaseCallbacks() });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const account = bearer ? accounts.get(bearer) : undefined;
    if (!account) return send(res, 401, retellError('Invalid API key'));
    const body = req.method === 'POST' || req.method === 'PATCH' ? await readJson(req) : undefined;
    if (body === INVALID) return send(res, 400, retellError('Invalid JSON body'));
    if (req.method === 'POST' && path === '/v2/create-phone-call') {
      const [status, answer] = create(body as Retell.CallCreatePhoneCallParams, account);
      if (opts.createLatencyMs) await new Promise((r) => setTimeout(r, opts.createLatencyMs));
      return send(res, status, answer);
    }
    if (req.method === 'POST' && path === '/v3/list-calls') {
      const answer = listCalls(
        [...calls.values()].map((c) => c.wire),
        body,
        (c) => calls.get(c.call_id)?.createdAt ?? 0,
      );
      return answer.ok ? send(res, 200, answer.page) : send(res, 400, retellError(answer.message));
    }
    if (req.method === 'GET' && path === '/get-concurrency') {
      // Retell's GET /get-concurrency (https://docs.retellai.com/api-references/get-concurrency): the
      // account's calls in progress (not yet ended) and its limit.
      const current = [...calls.values()].filter(
        (c) => c.account === account && (c.wire.call_status === 'registered' || c.wire.call_status === 'ongoing'),
      ).length;
      const limit = account.concurrencyLimit;
      return send(res, 200, {
        current_concurrency: current,
        concurrency_limit: limit,
        base_concurrency: limit,
        purchased_concurrency: 0,
        concurrency_burst_enabled: false,
        concurrency_burst_limit: 0,
      });
    }
    const get = /^\/v2\/get-call\/([A-Za-z0-9_]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const call = calls.get(get[1]);
      return call ? send(res, 200, call.wire) : send(res, 404, retellError('Call not found'));
    }
    const answer = accountRoute(account, req.method ?? 'GET', path, new URL(req.url ?? '/', 'http://sim'), body);
    if (answer) return send(res, answer[0], answer[1]);
    send(res, 404, retellError(`no route ${req.method} ${path}`));
  };

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: Error) => send(res, 500, retellError(err.message)));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    dials: () => Object.fromEntries(dials),
    releaseCallbacks,
    webhookStats: () => ({ ...stats, failures: { ...stats.failures } }),
    async close() {
      for (const t of timers) clearTimeout(t);
      sender.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The account-scoped reads and writes: agents (create-agent, get-agent, update-agent,
 * publish-agent-version), phone numbers (v2/list-phone-numbers) and concurrency (get-concurrency),
 * each as Retell's API reference documents it; null for another route.
 */
function accountRoute(
  account: Account,
  method: string,
  path: string,
  url: URL,
  body: unknown,
): [number, unknown] | null {
  if (method === 'POST' && path === '/create-agent') {
    const params = body as Retell.AgentCreateParams | undefined;
    if (!params || typeof params.voice_id !== 'string' || typeof params.response_engine !== 'object')
      return [400, retellError('voice_id and response_engine are required')];
    return [201, account.agents.create(params)];
  }
  const agent = /^\/(get-agent|update-agent|publish-agent-version)\/([A-Za-z0-9_-]+)$/.exec(path);
  if (agent) {
    const [, action, agentId] = agent;
    if (method === 'GET' && action === 'get-agent') {
      const v = url.searchParams.get('version');
      const found = account.agents.get(agentId, v === null ? undefined : Number(v));
      return found ? [200, found] : [404, retellError('Agent not found')];
    }
    if (method === 'PATCH' && action === 'update-agent') {
      const found = account.agents.update(agentId, body as Retell.AgentUpdateParams);
      return found ? [200, found] : [404, retellError('Agent not found')];
    }
    if (method === 'POST' && action === 'publish-agent-version') {
      const version = (body as Partial<Retell.AgentPublishParams> | undefined)?.version;
      if (!Number.isInteger(version)) return [400, retellError('version is required')];
      const result = account.agents.publish(agentId, version!);
      if (result === 'published') return [200, {}];
      if (result === 'already_published') return [400, retellError(`version ${version} is already published`)];
      return [404, retellError(result === 'no_agent' ? 'Agent not found' : `Agent version ${version} not found`)];
    }
  }
  if (method === 'GET' && path === '/v2/list-phone-numbers') {
    const numbers = account.numbers === 'any' ? [] : [...account.numbers];
    const items: Retell.PhoneNumberResponse[] = numbers.map((n) => ({
      phone_number: n,
      phone_number_type: 'retell-twilio',
      last_modification_timestamp: 0,
    }));
    return [200, { items, has_more: false }];
  }
  return null;
}

const INVALID = Symbol('invalid');

/** Retell's error body: `{status: "error", message}` (the SDK reads `message`). */
const retellError = (message: string) => ({ status: 'error', message });

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return INVALID;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }).end(text);
}
