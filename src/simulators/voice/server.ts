import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PATHS, signPayload, SIGNATURE_HEADER, SIMULATOR_CREDENTIALS, type WireCall, type WireCreateCall, type WireEvent } from '../../adapters/voice/protocol.js';
import { callbackSender } from './callback-sender.js';
import { scenarioFor, type Scenario } from './scenarios.js';
import { toneWav } from './wav.js';

export interface VoiceSimulatorOptions {
  port?: number;
  /** Bearer key callers must send (default `sim_voice_key`). */
  apiKey?: string;
  /** Secret callbacks are signed with (default `sim_voice_secret`). */
  callbackSecret?: string;
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
   * then deliver them all, in the order they were due, so dialing and callback ingestion are
   * measured apart (`outreach simulator voice --hold-callbacks`).
   */
  holdCallbacks?: boolean;
  /**
   * How long a call is kept once its last event is due (default 10 minutes), and the most calls
   * kept (default 20,000; the oldest is forgotten first). A forgotten call is gone from get-call,
   * list-calls, its recording and dials(), as if the provider had purged it. A real provider keeps
   * calls for months; this simulator runs inside `outreach serve`, whose memory must stay flat.
   */
  retention?: { ms: number; maxCalls: number };
}

export interface VoiceSimulator {
  url: string;
  /**
   * Accepted create requests per idempotency key (a repeated key returns the first call but is still
   * counted), for the calls still kept (retention).
   */
  dials(): Record<string, number>;
  /** Delivers the callbacks held so far (holdCallbacks) and stops holding; returns how many were held. */
  releaseCallbacks(): number;
  close(): Promise<void>;
}

export const SIMULATOR_DEFAULTS = {
  ...SIMULATOR_CREDENTIALS,
  retention: { ms: 10 * 60_000, maxCalls: 20_000 },
} as const;

interface SimCall {
  wire: WireCall;
  scenario: Scenario;
  webhookUrl: string;
  /** Wall-clock ms after which the call is forgotten (retention; the process clock may be a sandbox's). */
  forgetAt: number;
}

/**
 * The simulated voice provider: a real HTTP server on 127.0.0.1 speaking protocol.ts. Outcomes come
 * from the number dialed (scenarios.ts); callbacks are signed and delivered at least once.
 */
export async function startVoiceSimulator(opts: VoiceSimulatorOptions = {}): Promise<VoiceSimulator> {
  const apiKey = opts.apiKey ?? SIMULATOR_DEFAULTS.apiKey;
  const secret = opts.callbackSecret ?? SIMULATOR_DEFAULTS.callbackSecret;
  const now = opts.now ?? (() => new Date());
  const timeline = opts.timeline ?? { startedMs: 30, endedMs: 120, analyzedMs: 200 };
  const retention = opts.retention ?? SIMULATOR_DEFAULTS.retention;
  const calls = new Map<string, SimCall>();
  const byKey = new Map<string, string>();
  const dials = new Map<string, number>();
  const refused = new Map<string, number>();
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

  const deliver = async (call: SimCall, event: WireEvent['event'], snapshot: WireCall, attempt = 1): Promise<void> => {
    if (holding) {
      held.push(() => void deliver(call, event, snapshot, attempt));
      return;
    }
    const body = JSON.stringify({ event, event_id: `${snapshot.call_id}:${event}`, call: snapshot } satisfies WireEvent);
    let retryAfterMs: number | null = null;
    await slot();
    try {
      const answer = await sender.send(call.webhookUrl, { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signPayload(secret, body, new Date()) }, body, 10_000);
      if (answer.status < 500) return; // 2xx delivered; 4xx is the receiver's final answer (e.g. a duplicate)
      retryAfterMs = answer.retryAfterMs;
    } catch {
      /* retried below */
    } finally {
      freeSlot();
    }
    // Like a real provider: retried when the receiver asks (Retry-After), else with exponential
    // backoff (capped at 30 s), for about three minutes.
    if (attempt < 10) later(Math.min(30_000, retryAfterMs ?? 250 * 2 ** attempt), () => void deliver(call, event, snapshot, attempt + 1));
  };

  const play = (call: SimCall) => {
    const { wire, scenario } = call;
    const startMs = now().getTime();
    const answered = scenario.answeredBy !== null;
    const durationMs = answered ? 42_000 : 0;
    const started: WireCall = { ...wire, call_status: 'ongoing', start_timestamp: startMs };
    const ended: WireCall = {
      ...started, call_status: 'ended', end_timestamp: startMs + durationMs, duration_ms: durationMs,
      disconnection_reason: scenario.disconnectionReason, answered_by: scenario.answeredBy ?? 'unknown', transcript: scenario.transcript,
      recording_url: scenario.recorded ? `${url}/recordings/${wire.call_id}.wav` : null,
    };
    const analyzed: WireCall = {
      ...ended,
      call_analysis: {
        call_summary: scenario.summary, in_voicemail: scenario.answeredBy === 'machine', custom_analysis_data: { outcome_labels: scenario.labels },
      },
    };
    const events: Array<[WireEvent['event'], WireCall]> = [['call_started', started], ['call_ended', ended], ['call_analyzed', analyzed]];
    // GET /v2/get-call shows the call as it stands: each state from the moment its event is due.
    const at = [timeline.startedMs, timeline.endedMs, timeline.analyzedMs];
    events.forEach(([, snapshot], i) => later(at[i]!, () => { call.wire = snapshot; }));
    if (scenario.callbacksLost) return; // the provider keeps the call; its callbacks never reach the service
    if (scenario.duplicateCallbacks) {
      // Twice each, newest first and then again in another order, all after the call is over. One
      // at a time, each after the previous one was answered: sent 15 ms apart, a loaded receiver
      // sometimes got the second before the first, so the order it saw was not the one promised.
      const order = [2, 0, 1, 1, 2, 0];
      later(timeline.analyzedMs, () => void (async () => {
        for (const i of order) await deliver(call, ...events[i]!);
      })());
      return;
    }
    events.forEach((e, i) => later(at[i]!, () => void deliver(call, ...e)));
  };

  const forget = (callId: string, call: SimCall) => {
    calls.delete(callId);
    const key = call.wire.idempotency_key;
    if (key === null) return;
    byKey.delete(key);
    dials.delete(key);
    refused.delete(key);
  };
  /** Forgets, oldest first, the calls past their retention and those beyond maxCalls once one more is added. */
  const forgetOld = () => {
    const wall = Date.now();
    for (const [callId, call] of calls) {
      if (call.forgetAt > wall && calls.size < retention.maxCalls) break;
      forget(callId, call);
    }
  };

  const create = (key: string | undefined, body: WireCreateCall): [number, unknown] => {
    if (!body || typeof body.to_number !== 'string' || !/^\+[1-9]\d{6,14}$/.test(body.to_number)) return [422, { error: 'to_number must be E.164' }];
    if (typeof body.from_number !== 'string' || !/^\+[1-9]\d{6,14}$/.test(body.from_number)) return [422, { error: 'from_number must be E.164' }];
    if (typeof body.webhook_url !== 'string' || !/^https?:\/\//.test(body.webhook_url)) return [422, { error: 'webhook_url is required' }];
    const scenario = scenarioFor(body.to_number);
    const refusals = key ? refused.get(key) ?? 0 : 0;
    if (key && refusals < scenario.createFailures) {
      // Keys refused and never tried again have no call to be forgotten with: the oldest go first.
      if (refused.size >= retention.maxCalls && !refused.has(key)) refused.delete(refused.keys().next().value!);
      refused.set(key, refusals + 1);
      return [503, { error: 'Service temporarily unavailable, retry later' }];
    }
    if (key) dials.set(key, (dials.get(key) ?? 0) + 1);
    const existing = key ? byKey.get(key) : undefined;
    if (existing) return [200, calls.get(existing)!.wire];
    const callId = `call_${randomUUID().replace(/-/g, '')}`;
    const wire: WireCall = {
      call_id: callId, call_status: 'registered', idempotency_key: key ?? null, from_number: body.from_number, to_number: body.to_number,
      agent_id: String(body.override_agent_id ?? 'default-agent'), metadata: { ...(body.metadata ?? {}) },
      start_timestamp: null, end_timestamp: null, duration_ms: null, disconnection_reason: null, answered_by: null,
      transcript: null, recording_url: null, call_analysis: null,
    };
    forgetOld();
    const call: SimCall = { wire, scenario, webhookUrl: body.webhook_url, forgetAt: Date.now() + timeline.analyzedMs + retention.ms };
    calls.set(callId, call);
    if (key) byKey.set(key, callId);
    play(call);
    return [201, wire];
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://sim').pathname;
    const recording = /^\/recordings\/([A-Za-z0-9_]+)\.wav$/.exec(path);
    if (req.method === 'GET' && recording) {
      const call = calls.get(recording[1]!);
      if (!call?.scenario.recorded) return send(res, 404, { error: 'no recording' });
      res.writeHead(200, { 'Content-Type': 'audio/wav' }).end(recordingAudio(call.wire.to_number.length + recording[1]!.charCodeAt(5)));
      return;
    }
    if (req.method === 'GET' && path === '/sim/dials') return send(res, 200, Object.fromEntries(dials));
    if (req.method === 'POST' && path === '/sim/callbacks/release') return send(res, 200, { released: releaseCallbacks() });
    if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { error: 'invalid api key' });
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    if (body === INVALID) return send(res, 400, { error: 'invalid JSON' });
    if (req.method === 'POST' && path === PATHS.createCall) {
      const key = header(req, 'idempotency-key');
      const [status, answer] = create(key, body as WireCreateCall);
      if (opts.createLatencyMs) await new Promise((r) => setTimeout(r, opts.createLatencyMs));
      return send(res, status, answer);
    }
    if (req.method === 'POST' && path === PATHS.listCalls) {
      const keys = (body as { filter_criteria?: { idempotency_key?: string[] } })?.filter_criteria?.idempotency_key ?? [];
      return send(res, 200, keys.map((k) => byKey.get(k)).filter(Boolean).map((id) => calls.get(id!)!.wire));
    }
    const get = /^\/v2\/get-call\/([A-Za-z0-9_]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const call = calls.get(get[1]!);
      return call ? send(res, 200, call.wire) : send(res, 404, { error: 'call not found' });
    }
    send(res, 404, { error: `no route ${req.method} ${path}` });
  };

  const server = http.createServer((req, res) => {
    route(req, res).catch((err: Error) => send(res, 500, { error: err.message }));
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
    async close() {
      for (const t of timers) clearTimeout(t);
      sender.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const INVALID = Symbol('invalid');

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return INVALID;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }).end(text);
}
