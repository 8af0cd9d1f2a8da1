import { FileRecordingStore } from '../adapters/recordings/file-recording-store.js';
import { HttpVoiceProvider } from '../adapters/voice/http-voice-provider.js';
import type { Config } from '../config/config.js';
import type { Clock } from '../domain/ports/clock.js';
import type { CallServices } from '../domain/calls/call-services.js';
import type { JobQueue } from '../domain/ports/job-queue.js';
import type { Logger } from '../lib/logger.js';
import { startVoiceSimulator, type VoiceSimulator } from '../simulators/voice/server.js';
import type { Db } from '../store/shared/db.js';

/**
 * The call services of a process: the live provider adapter (or the simulator when no provider is
 * configured), the sandbox adapter to the simulator (started here on a loopback port when
 * OUTREACH_VOICE_SIMULATOR_URL is not set), and the recording store.
 */
export async function createCallServices(config: Config, deps: { db: Db; now: Clock; log: Logger; queue: JobQueue }): Promise<{ services: CallServices; simulator: VoiceSimulator | null }> {
  const c = config.calls;
  let simulator: VoiceSimulator | null = null;
  let simulatorUrl = c.simulator.url;
  if (!simulatorUrl) {
    simulator = await startVoiceSimulator({ apiKey: c.simulator.apiKey, callbackSecret: c.simulator.callbackSecret, now: deps.now });
    simulatorUrl = simulator.url;
    deps.log.info('voice simulator started in this process', { url: simulatorUrl });
  }
  const sandbox = new HttpVoiceProvider({ name: 'sandbox', baseUrl: simulatorUrl, apiKey: c.simulator.apiKey, callbackSecret: c.simulator.callbackSecret });
  const live = c.provider
    ? new HttpVoiceProvider({ name: 'live', ...c.provider })
    : new HttpVoiceProvider({ name: 'live', baseUrl: simulatorUrl, apiKey: c.simulator.apiKey, callbackSecret: c.simulator.callbackSecret });
  if (!c.provider) deps.log.info('no voice provider configured (OUTREACH_VOICE_BASE_URL): every call goes to the voice simulator', { url: simulatorUrl });
  if (c.signingSecretGenerated) deps.log.info('OUTREACH_SIGNING_SECRET is not set: recording links are signed with a random per-process secret');
  const services: CallServices = {
    db: deps.db,
    now: deps.now,
    log: deps.log,
    queue: deps.queue,
    voice: { live, sandbox },
    recordings: new FileRecordingStore(c.recordingsDir),
    settings: { publicBaseUrl: config.publicBaseUrl, fromNumber: c.fromNumber, signingSecret: c.signingSecret, dialLeaseMs: c.dispatch.timeoutSeconds * 1000, maxCallbacksInFlight: c.maxCallbacksInFlight },
  };
  return { services, simulator };
}
