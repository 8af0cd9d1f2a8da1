import type { JobQueue } from '../ports/job-queue.js';
import type { Logger } from '../../lib/logger.js';
import type { Db } from '../../store/shared/db.js';
import type { Clock } from '../ports/clock.js';
import { type CompanyConfig, findCompany } from '../shared/company-config.js';
import type { RecordingStore } from '../ports/recording-store.js';
import type { ProviderName, VoiceProvider } from '../ports/voice-provider.js';
import type { ReassignedNumbers } from '../ports/reassigned-numbers.js';
import { agentFor, sandboxAgentOf } from './dial-target.js';
import type { LmsResolver } from '../ports/lms.js';

/** What the call use cases (dispatch, callbacks, recordings, reads) need from the process. */
export interface CallServices {
  db: Db;
  /** The business clock (OUTREACH_CLOCK aware): calling rules, call timestamps. */
  now: Clock;
  log: Logger;
  /** `live`: the configured provider (the simulator when none is configured); `sandbox`: always the simulator. */
  voice: Record<ProviderName, VoiceProvider>;
  /** `live` is the simulator too (no provider configured): its calls follow the sandbox's rules (dial-target.ts). */
  liveSimulated?: boolean;
  /** A company's own provider account (company configuration `calls.provider`), or undefined. */
  companyVoice?: (companyId: string, config: CompanyConfig) => VoiceProvider | undefined;
  recordings: RecordingStore;
  /**
   * The Reassigned Numbers Database: `sandbox` (the simulator) for test customers, `live` for real
   * ones; unset = not asked (docs/operators/compliance.md#reassigned-numbers).
   */
  reassigned?: { live?: ReassignedNumbers; sandbox?: ReassignedNumbers };
  queue: JobQueue;
  settings: CallSettings;
  /**
   * The companies' LMS connectors, the same ones the API and batch rows use (one concurrency limit
   * per company and process): collections calls read the LMS again before they are placed
   * (lms-dial-check.ts). Absent: no dial-time read.
   */
  lms?: LmsResolver;
}

export interface CallSettings {
  /** Base of callback and recording links (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** Caller id, E.164. */
  fromNumber: string;
  /** HMAC key of recording links (OUTREACH_SIGNING_SECRET). */
  signingSecret: string;
  /**
   * How long a worker may hold a claimed call's dial before another takes over (and asks the
   * provider first). A provider request times out well within it (src/main/call-runtime.ts).
   */
  dialLeaseMs: number;
  /**
   * Callbacks read and verified at once by this process; the rest wait in memory for a turn, and
   * verified ones wait for the inbox's grouped insert. One is answered 503 only past the memory cap
   * (voice-callbacks.ts): a sender retrying 3 times (Retell) must not lose what the inbox could
   * still take.
   */
  maxCallbacksInFlight: number;
  /** Bytes of callbacks received and not yet answered past which one is answered 503; CALLBACK_BYTES_MAX (64 MiB) when not given. */
  callbackBytesMax?: number;
  /** Concurrency refusals and account alerts; DEFAULT_REFUSAL_SETTINGS (refusals.ts) when not given. */
  refusals?: RefusalSettings;
}

/**
 * Refusals and account alerts (docs/operators/voice-provider.md#concurrency-refusals and
 * #alerts-and-pauses): a call the provider refused or ended for the account's sake is not an
 * attempt; it goes back to pending and is dialed again later.
 */
export interface RefusalSettings {
  /** First wait after a concurrency refusal; doubled per attempt up to 16 times it (OUTREACH_VOICE_REFUSAL_BACKOFF_MS). */
  backoffMs: number;
  /** How long a paused account's claimed call waits before it is looked at again (OUTREACH_VOICE_PAUSE_RECHECK_SECONDS). */
  pausedRecheckMs: number;
  /** Webhook signature failures of one company within `signatureWindowMs` that raise an alert (OUTREACH_VOICE_SIGNATURE_ALERT_FAILURES). */
  signatureFailures: number;
  signatureWindowMs: number;
}

/** Queue of claimed calls to dial (one message per claimed scheduled call). */
export const DIAL_QUEUE = 'call-dial';
/** Woken when a company's calls complete in this process, so its freed room is claimed at once. */
export const CLAIM_SIGNAL = 'call-claim';

/** Where a provider posts this process's callbacks. */
export const callbackUrlOf = (settings: CallSettings, provider: ProviderName) =>
  `${settings.publicBaseUrl}/callbacks/voice/${provider}`;

/**
 * The agent a task type is set up and dialed with on the simulator: the configured one (default
 * language), else the sandbox's `agent-<taskType>`. Live calls use dial-target.ts, which never
 * invents an id.
 */
export const agentOf = (config: CompanyConfig, taskType: string): string =>
  agentFor(config, taskType)?.agentId ?? sandboxAgentOf(taskType);

/**
 * The provider a company's call goes through: the simulator for a test customer; for a real one the
 * company's own account when it configured one, else the operator's. Both are the `live` connection.
 */
export function voiceOf(s: CallServices, companyId: string, config: CompanyConfig, isTest: boolean): VoiceProvider {
  if (isTest) return s.voice.sandbox;
  return s.companyVoice?.(companyId, config) ?? s.voice.live;
}

/** The provider behind a connection for one company's call (reads the company's configuration for `live`). */
export async function connectionOf(s: CallServices, name: ProviderName, companyId: string): Promise<VoiceProvider> {
  if (name === 'sandbox' || !s.companyVoice) return s.voice[name];
  const company = await findCompany(s.db, companyId);
  return company ? voiceOf(s, companyId, company.config, false) : s.voice.live;
}
