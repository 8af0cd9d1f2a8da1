import { FileRecordingStore } from '../adapters/recordings/file-recording-store.js';
import { companyVoiceProviders } from '../adapters/voice/company-providers.js';
import { RetellVoiceProvider } from '../adapters/voice/retell-voice-provider.js';
import type { SecretBox } from '../domain/ports/secrets.js';
import type { Config } from '../config/config.js';
import type { Clock } from '../domain/ports/clock.js';
import type { CallServices } from '../domain/calls/call-services.js';
import type { JobQueue } from '../domain/ports/job-queue.js';
import type { LmsResolver } from '../domain/ports/lms.js';
import type { Logger } from '../lib/logger.js';
import { startVoiceSimulator, type VoiceSimulator } from '../simulators/voice/server.js';
import type { Db } from '../store/shared/db.js';

/**
 * The call services of a process: the live provider adapter (or the simulator when no provider is
 * configured), the sandbox adapter to the simulator (started here on a loopback port when
 * OUTREACH_VOICE_SIMULATOR_URL is not set), and the recording store.
 */
export async function createCallServices(
  config: Config,
  deps: { db: Db; now: Clock; log: Logger; queue: JobQueue; secrets: SecretBox; lms?: LmsResolver },
): Promise<{ services: CallServices; simulator: VoiceSimulator | null }> {
  const c = config.calls;
  let simulator: VoiceSimulator | null = null;
  let simulatorUrl = c.simulator.url;
  if (!simulatorUrl) {
    simulator = await startVoiceSimulator({ apiKey: c.simulator.apiKey, now: deps.now });
    simulatorUrl = simulator.url;
    deps.log.info('voice simulator started in this process', { url: simulatorUrl });
  }
  // A create request must end (answer or timeout) well within the dial lease: a worker still waiting
  // on its request when the lease runs out would race the worker taking over.
  const requestTimeoutMs = Math.min(10_000, Math.floor((c.dispatch.timeoutSeconds * 1000) / 2));
  const sandbox = new RetellVoiceProvider({
    name: 'sandbox',
    baseUrl: simulatorUrl,
    apiKey: c.simulator.apiKey,
    requestTimeoutMs,
  });
  const live = c.provider
    ? new RetellVoiceProvider({ name: 'live', ...c.provider, requestTimeoutMs })
    : new RetellVoiceProvider({ name: 'live', baseUrl: simulatorUrl, apiKey: c.simulator.apiKey, requestTimeoutMs });
  if (!c.provider)
    deps.log.info('no voice provider configured (OUTREACH_VOICE_API_KEY): every call goes to the voice simulator', {
      url: simulatorUrl,
    });
  if (c.signingSecretGenerated)
    deps.log.info('OUTREACH_SIGNING_SECRET is not set: recording links are signed with a random per-process secret');
  const services: CallServices = {
    db: deps.db,
    now: deps.now,
    log: deps.log,
    queue: deps.queue,
    voice: { live, sandbox },
    liveSimulated: !c.provider,
    // A company's own Retell account: always Retell's API (or the operator's override of it), never the simulator.
    companyVoice: companyVoiceProviders(deps.secrets, { baseUrl: c.retellBaseUrl, requestTimeoutMs }),
    recordings: new FileRecordingStore(c.recordingsDir),
    lms: deps.lms,
    settings: {
      publicBaseUrl: config.publicBaseUrl,
      fromNumber: c.fromNumber,
      signingSecret: c.signingSecret,
      dialLeaseMs: c.dispatch.timeoutSeconds * 1000,
      maxCallbacksInFlight: c.maxCallbacksInFlight,
      refusals: c.refusals,
    },
  };
  return { services, simulator };
}
