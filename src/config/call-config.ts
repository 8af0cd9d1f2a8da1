import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { CallReconcileOptions } from '../jobs/call-reconciler.js';
import type { CallDispatchOptions } from '../jobs/call-workers.js';
import { SIMULATOR_DEFAULTS } from '../simulators/voice/server.js';

/** Call settings from the environment (README "Calls"). */
export interface CallConfig {
  /** OUTREACH_CLOCK: the process clock starts at this instant and runs forward (sandboxes, demos, black-box tests). */
  clockStart: Date | null;
  /** OUTREACH_SIGNING_SECRET; a random one per process when unset (recording links then work only on this process). */
  signingSecret: string;
  signingSecretGenerated: boolean;
  /** The company-facing provider; null = none configured: every call goes to the simulator. */
  provider: { baseUrl: string; apiKey: string; callbackSecret: string } | null;
  /** The simulator test customers always reach; url null = this process starts one on a free loopback port. */
  simulator: { url: string | null; apiKey: string; callbackSecret: string };
  fromNumber: string;
  recordingsDir: string;
  dispatch: CallDispatchOptions;
  /** The sweep for placed calls whose callbacks never came (README "Calls", reconciliation). */
  reconcile: CallReconcileOptions;
  /** Provider callbacks processed at once by one API process; more get 503 with Retry-After (the provider retries). */
  maxCallbacksInFlight: number;
  /** OUTREACH_CALLS_DISPATCH=off: this process's workers place no calls (an operator's pause; tests of planning). */
  dispatchEnabled: boolean;
}

export class CallConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new CallConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  if (!raw) return null;
  try {
    const u = new URL(raw);
    if (u.protocol === 'http:' || u.protocol === 'https:') return raw.replace(/\/$/, '');
  } catch {
    /* reported below */
  }
  throw new CallConfigError(`${name} must be an http(s) URL, got "${raw}"`);
}

export function loadCallConfig(env: NodeJS.ProcessEnv, databaseUrl: string): CallConfig {
  let clockStart: Date | null = null;
  if (env.OUTREACH_CLOCK) {
    clockStart = new Date(env.OUTREACH_CLOCK);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(env.OUTREACH_CLOCK) || Number.isNaN(clockStart.getTime())) {
      throw new CallConfigError(`OUTREACH_CLOCK must be an ISO instant such as 2026-12-08T15:00:00Z, got "${env.OUTREACH_CLOCK}"`);
    }
  }
  const baseUrl = httpUrl(env, 'OUTREACH_VOICE_BASE_URL');
  if (baseUrl && (!env.OUTREACH_VOICE_API_KEY || !env.OUTREACH_VOICE_CALLBACK_SECRET)) {
    throw new CallConfigError('OUTREACH_VOICE_BASE_URL needs OUTREACH_VOICE_API_KEY and OUTREACH_VOICE_CALLBACK_SECRET');
  }
  const dispatchSwitch = env.OUTREACH_CALLS_DISPATCH ?? 'on';
  if (dispatchSwitch !== 'on' && dispatchSwitch !== 'off') throw new CallConfigError(`OUTREACH_CALLS_DISPATCH must be on or off, got "${dispatchSwitch}"`);
  const fromNumber = env.OUTREACH_VOICE_FROM_NUMBER ?? '+12025550199';
  if (!/^\+[1-9]\d{7,14}$/.test(fromNumber)) throw new CallConfigError(`OUTREACH_VOICE_FROM_NUMBER must be E.164, got "${fromNumber}"`);
  const secret = env.OUTREACH_SIGNING_SECRET;
  if (secret !== undefined && secret.length < 16) throw new CallConfigError('OUTREACH_SIGNING_SECRET must be at least 16 characters');
  const reconcileAfter = int(env, 'OUTREACH_CALLS_RECONCILE_AFTER_SECONDS', 900, 1, 86_400);
  const resultDeadline = int(env, 'OUTREACH_CALLS_RESULT_DEADLINE_SECONDS', 7200, 1, 7 * 86_400);
  if (resultDeadline < reconcileAfter) throw new CallConfigError('OUTREACH_CALLS_RESULT_DEADLINE_SECONDS must not be shorter than OUTREACH_CALLS_RECONCILE_AFTER_SECONDS');
  const reconcileInterval = int(env, 'OUTREACH_CALLS_RECONCILE_INTERVAL_SECONDS', 60, 1, 3600);
  const dataDir = databaseUrl.startsWith('sqlite:') && !databaseUrl.endsWith(':memory:') ? path.dirname(databaseUrl.slice('sqlite:'.length) || './data/outreach.db') : './data';
  return {
    clockStart,
    signingSecret: secret ?? randomBytes(32).toString('hex'),
    signingSecretGenerated: secret === undefined,
    provider: baseUrl ? { baseUrl, apiKey: env.OUTREACH_VOICE_API_KEY!, callbackSecret: env.OUTREACH_VOICE_CALLBACK_SECRET! } : null,
    simulator: {
      url: httpUrl(env, 'OUTREACH_VOICE_SIMULATOR_URL'),
      apiKey: env.OUTREACH_VOICE_SIMULATOR_API_KEY ?? SIMULATOR_DEFAULTS.apiKey,
      callbackSecret: env.OUTREACH_VOICE_SIMULATOR_SECRET ?? SIMULATOR_DEFAULTS.callbackSecret,
    },
    fromNumber,
    dispatchEnabled: dispatchSwitch === 'on',
    maxCallbacksInFlight: int(env, 'OUTREACH_CALLS_CALLBACKS_IN_FLIGHT', 128, 1, 1000),
    recordingsDir: env.OUTREACH_RECORDINGS_DIR ?? path.join(dataDir, 'recordings'),
    dispatch: {
      pollMs: int(env, 'OUTREACH_CALLS_POLL_MS', 500, 10, 60_000),
      concurrency: int(env, 'OUTREACH_CALLS_CONCURRENCY', 16, 1, 256),
      claimBatch: int(env, 'OUTREACH_CALLS_CLAIM_BATCH', 100, 1, 1000),
      maxConcurrentPerCompany: int(env, 'OUTREACH_CALLS_MAX_CONCURRENT_PER_COMPANY', 10, 1, 1000),
      maxAttempts: int(env, 'OUTREACH_CALLS_MAX_ATTEMPTS', 5, 1, 20),
      timeoutSeconds: int(env, 'OUTREACH_CALLS_DIAL_TIMEOUT_SECONDS', 60, 2, 3600),
      shutdownGraceMs: int(env, 'OUTREACH_JOBS_SHUTDOWN_GRACE_MS', 20_000, 0, 600_000),
    },
    reconcile: {
      afterMs: reconcileAfter * 1000,
      deadlineMs: resultDeadline * 1000,
      intervalMs: reconcileInterval * 1000,
      // Long enough for a batch of provider reads (10 s timeout each); a call still in progress is read again after it.
      leaseMs: Math.max(300_000, 2 * reconcileInterval * 1000),
      batch: 50,
    },
  };
}
