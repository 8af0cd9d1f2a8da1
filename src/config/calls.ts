import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError, type EnvReader } from './env.js';

/** The call dispatcher of a worker process (src/jobs/call-workers.ts takes this type from here). */
export interface CallDispatchOptions {
  /** How often a worker looks for due calls when the last look found none (ms). */
  pollMs: number;
  /** Dials in flight in one worker process. */
  concurrency: number;
  /** Calls claimed by one claim statement. */
  claimBatch: number;
  /** Default per-company limit of calls in `dialing` (company configuration `calls.maxConcurrentCalls` overrides). */
  maxConcurrentPerCompany: number;
  /** Attempts per dial message (provider unavailable → retried with backoff), then the call fails. */
  maxAttempts: number;
  /** A dial message not acked by then (its worker died) is delivered again; the dial lease is the same length. */
  timeoutSeconds: number;
  shutdownGraceMs: number;
  /** How old an account's limit may be before it is read again (ms); 0: never read (OUTREACH_VOICE_ACCOUNT_READ_SECONDS). */
  accountReadMs?: number;
  /** Slots of the operator's account kept for inbound calls (OUTREACH_VOICE_RESERVED_INBOUND). */
  reservedInbound?: number;
}

/**
 * The sweep for placed calls whose callbacks never came (docs/architecture/decisions/callback-inbox-and-reconciliation.md#reconciliation). Its consumer,
 * src/jobs/call-reconciler.ts, extends the domain's ReconcileSettings (src/config/ may import neither):
 * this shape satisfies it structurally, checked where src/main/ passes it.
 */
export interface CallReconcileSettings {
  afterMs: number;
  deadlineMs: number;
  intervalMs: number;
  leaseMs: number;
  batch: number;
}

/** Call settings (docs/operators/configuration.md). */
export interface CallConfig {
  /** OUTREACH_CLOCK: the process clock starts at this instant and runs forward (sandboxes, demos, black-box tests). */
  clockStart: Date | null;
  /** OUTREACH_SIGNING_SECRET; a random one per process when unset (recording links then work only on this process). */
  signingSecret: string;
  signingSecretGenerated: boolean;
  /** The company-facing provider (Retell); null = none configured: every call goes to the simulator. */
  provider: { baseUrl: string; apiKey: string } | null;
  /** OUTREACH_VOICE_BASE_URL: where the operator's and the companies' own Retell accounts are reached. */
  retellBaseUrl: string;
  /** The simulator test customers always reach; url null = this process starts one on a free loopback port. */
  simulator: { url: string | null; apiKey: string };
  fromNumber: string;
  recordingsDir: string;
  dispatch: CallDispatchOptions;
  reconcile: CallReconcileSettings;
  /** Provider callbacks processed at once by one API process; more get 503 with Retry-After (the provider retries). */
  maxCallbacksInFlight: number;
  /** OUTREACH_CALLS_DISPATCH=off: this process's workers place no calls (an operator's pause; tests of planning). */
  dispatchEnabled: boolean;
  /** Concurrency refusals and provider alerts (docs/operators/voice-provider.md#concurrency-refusals). */
  refusals: { backoffMs: number; pausedRecheckMs: number; signatureFailures: number; signatureWindowMs: number };
}

export function loadCallConfig(r: EnvReader, databaseUrl: string): CallConfig {
  const clockStart = r.instant('OUTREACH_CLOCK');
  const apiKey = r.raw('OUTREACH_VOICE_API_KEY');
  const baseUrl = r.httpUrl('OUTREACH_VOICE_BASE_URL') ?? r.value('OUTREACH_VOICE_BASE_URL');
  const dispatchSwitch = r.oneOf('OUTREACH_CALLS_DISPATCH', ['on', 'off'], { expected: 'on or off' });
  const fromNumber = r.matching('OUTREACH_VOICE_FROM_NUMBER', /^\+[1-9]\d{7,14}$/, 'E.164');
  const secret = r.raw('OUTREACH_SIGNING_SECRET');
  if (secret !== undefined && secret.length < 16)
    throw new ConfigError('OUTREACH_SIGNING_SECRET must be at least 16 characters');
  const reconcileAfter = r.int('OUTREACH_CALLS_RECONCILE_AFTER_SECONDS');
  const resultDeadline = r.int('OUTREACH_CALLS_RESULT_DEADLINE_SECONDS');
  if (resultDeadline < reconcileAfter)
    throw new ConfigError(
      'OUTREACH_CALLS_RESULT_DEADLINE_SECONDS must not be shorter than OUTREACH_CALLS_RECONCILE_AFTER_SECONDS',
    );
  const reconcileInterval = r.int('OUTREACH_CALLS_RECONCILE_INTERVAL_SECONDS');
  const dataDir =
    databaseUrl.startsWith('sqlite:') && !databaseUrl.endsWith(':memory:')
      ? path.dirname(databaseUrl.slice('sqlite:'.length) || './data/outreach.db')
      : './data';
  return {
    clockStart,
    signingSecret: secret ?? randomBytes(32).toString('hex'),
    signingSecretGenerated: secret === undefined,
    provider: apiKey ? { baseUrl, apiKey } : null,
    retellBaseUrl: baseUrl,
    simulator: {
      url: r.httpUrl('OUTREACH_VOICE_SIMULATOR_URL'),
      apiKey: r.value('OUTREACH_VOICE_SIMULATOR_API_KEY'),
    },
    fromNumber,
    dispatchEnabled: dispatchSwitch === 'on',
    maxCallbacksInFlight: r.int('OUTREACH_CALLS_CALLBACKS_IN_FLIGHT'),
    refusals: {
      backoffMs: r.int('OUTREACH_VOICE_REFUSAL_BACKOFF_MS'),
      pausedRecheckMs: r.int('OUTREACH_VOICE_PAUSE_RECHECK_SECONDS') * 1000,
      signatureFailures: r.int('OUTREACH_VOICE_SIGNATURE_ALERT_FAILURES'),
      signatureWindowMs: r.int('OUTREACH_VOICE_SIGNATURE_ALERT_WINDOW_SECONDS') * 1000,
    },
    recordingsDir: r.raw('OUTREACH_RECORDINGS_DIR') ?? path.join(dataDir, 'recordings'),
    dispatch: {
      pollMs: r.int('OUTREACH_CALLS_POLL_MS'),
      concurrency: r.int('OUTREACH_CALLS_CONCURRENCY'),
      claimBatch: r.int('OUTREACH_CALLS_CLAIM_BATCH'),
      maxConcurrentPerCompany: r.int('OUTREACH_CALLS_MAX_CONCURRENT_PER_COMPANY'),
      maxAttempts: r.int('OUTREACH_CALLS_MAX_ATTEMPTS'),
      timeoutSeconds: r.int('OUTREACH_CALLS_DIAL_TIMEOUT_SECONDS'),
      shutdownGraceMs: r.int('OUTREACH_JOBS_SHUTDOWN_GRACE_MS'),
      accountReadMs: r.int('OUTREACH_VOICE_ACCOUNT_READ_SECONDS') * 1000,
      reservedInbound: r.int('OUTREACH_VOICE_RESERVED_INBOUND'),
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
