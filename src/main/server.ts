import type { Clock } from '../domain/ports/clock.js';
import { createServer, type Server } from 'node:http';
import { processClock } from '../adapters/clock/sandbox-clock.js';
import { lmsConnectors } from '../adapters/lms/connectors.js';
import type { LmsResolver } from '../domain/ports/lms.js';
import { aesGcmBox, configKeySource } from '../adapters/secrets/aes-gcm-box.js';
import { createApp } from './app.js';
import { createCallServices } from './call-runtime.js';
import { ApiKeyCache } from '../domain/companies/api-keys.js';
import { authChangeFeed } from '../store/companies/auth-changes.js';
import type { Config } from '../config/config.js';
import type { ApiOptions } from '../http/api.js';
import { batchRowProcessors } from '../domain/batches/processors.js';
import { enrollmentResponses } from '../http/enrollment-responses.js';
import { httpWebhookTransport } from '../adapters/webhooks/http-transport.js';
import { webhookPayloads } from '../handlers/webhook-payloads.js';
import { statusOf } from '../http/error-response.js';
import { startCallReconciler } from '../jobs/call-reconciler.js';
import { CALLBACK_APPLIER_DEFAULTS, startCallbackApplier } from '../jobs/callback-applier.js';
import { startCallWorkers } from '../jobs/call-workers.js';
import { startWorkers } from '../jobs/index.js';
import { createJobQueue } from './job-queue.js';
import type { RowHandling } from '../jobs/slice-support.js';
import type { JobQueue } from '../domain/ports/job-queue.js';
import type { WorkerPool } from '../jobs/worker-pool.js';
import { createLogger, type Logger } from '../lib/logger.js';
import type { VoiceSimulator } from '../simulators/voice/server.js';
import { observeService } from '../observability/metrics.js';
import { connectDatabase } from '../store/shared/connect.js';
import type { Db } from '../store/shared/db.js';
import { migrateLatest } from '../store/shared/migrate.js';
import { canDeliver, createChannelSenders, type ChannelSenders } from '../adapters/channel-senders.js';
import { startLocalChannelServers } from './local-channels.js';
import { SandboxRnd } from '../adapters/rnd/sandbox-rnd.js';

export interface RunningService {
  server: Server;
  url: string;
  db: Db;
  queue: JobQueue;
  /** This process's workers, or null with `workers: false` (`serve --no-workers`). */
  workers: WorkerPool | null;
  /** The voice simulator this process started (no OUTREACH_VOICE_SIMULATOR_URL), else null. */
  simulator: VoiceSimulator | null;
  /** Turns `/readyz` unready (load balancers stop sending) while requests are still served. */
  drain(): void;
  stop(): Promise<void>;
}

/** The HTTP port cannot be bound; the message is one line naming it. */
export class ListenError extends Error {}

export interface StartOptions extends ApiOptions {
  migrate?: boolean;
  /** Reuse an open database (tests); otherwise one is opened from config.databaseUrl. */
  db?: Db;
  now?: Clock;
  log?: Logger;
  /** Run batch workers in this process too (default true: `outreach serve`). */
  workers?: boolean;
  /** How batch rows run (default: the production processors); tests wrap a processor to inject faults. */
  rows?: RowHandling;
  /** LMS connectors (tests shorten the retry backoff); default: the adapters with the configuration key. */
  lms?: LmsResolver;
  /**
   * Start a local SMTP server and SMS simulator in this process for the sandbox routes that are
   * not configured (`outreach serve` on the embedded default), so messages are really sent.
   */
  localChannelServers?: boolean;
}

export interface RunningWorker {
  db: Db;
  queue: JobQueue;
  workers: WorkerPool;
  stop(): Promise<void>;
}

/** Database, migrations and job queue: what both the API and a worker process need. */
async function openBackend(config: Config, opts: StartOptions, supervise: boolean) {
  const log = opts.log ?? createLogger(config.logLevel);
  const db = opts.db ?? (await connectDatabase(config.databaseUrl, { poolMax: config.databasePoolMax }));
  if (opts.migrate !== false) {
    const applied = await migrateLatest(db);
    if (applied.length) log.info('migrations applied', { applied });
  }
  const queue = createJobQueue(db, config.jobs, log);
  await queue.start({ supervise });
  if (config.calls.clockStart && !opts.now) {
    log.info('OUTREACH_CLOCK IS SET: this process runs on a moved clock, not real time', {
      startsAt: config.calls.clockStart.toISOString(),
    });
  }
  const now = opts.now ?? processClock(config.calls.clockStart);
  if (!config.calls.dispatchEnabled) log.info('OUTREACH_CALLS_DISPATCH=off: this process places no calls');
  const secrets = aesGcmBox(configKeySource(config.configKey, config.databaseUrl));
  const lms = opts.lms ?? lmsConnectors(secrets);
  const { services: calls, simulator } = await createCallServices(config, { db, now, log, queue, secrets, lms });
  const local = opts.localChannelServers && supervise ? await startLocalChannelServers(config, log) : null;
  const channelOptions = local ? { ...config.channels, ...local.options } : config.channels;
  const senders: ChannelSenders = createChannelSenders(channelOptions, config.calls.signingSecret, secrets);
  const { pollMs, batchSize, perCompany } = channelOptions;
  // The Reassigned Numbers Database: the simulator for test customers; real customers have no adapter yet.
  const reassigned = channelOptions.sandboxRnd ? { sandbox: new SandboxRnd(channelOptions.sandboxRnd) } : undefined;
  calls.reassigned = reassigned;
  const messages = canDeliver(senders)
    ? { routes: senders, publicBaseUrl: config.publicBaseUrl, options: { pollMs, batchSize, perCompany }, reassigned }
    : undefined;
  const startWorkersHere = (): WorkerPool => {
    const batch = startWorkers({
      db,
      queue,
      log,
      now,
      testAliasSunset: config.testAliasSunset,
      options: config.jobs,
      rows: opts.rows ?? rowHandling,
      lms,
      webhooks: { transport: httpWebhookTransport, builders: webhookPayloads(calls.settings) },
      recordings: calls.recordings,
      messages,
    });
    const dispatch = startCallWorkers(calls, config.calls.dispatch, config.calls.dispatchEnabled);
    const reconcile = config.calls.dispatchEnabled ? startCallReconciler(calls, config.calls.reconcile) : null;
    return {
      async stop() {
        await Promise.all([batch.stop(), dispatch.stop(), reconcile?.stop()]);
      },
    };
  };
  const closeOutside = async () => {
    await simulator?.close();
    await senders.close();
    await local?.stop();
  };
  return { log, db, queue, now, calls, simulator, lms, senders, closeOutside, startWorkersHere };
}

/**
 * Starts the HTTP API (and, unless `workers: false`, the batch workers). `stop()` stops accepting,
 * drains open requests, lets in-flight slices finish (or releases them) and closes the database.
 */
/** How long open requests may run on after `stop()` before their connections are closed. */
const DRAIN_GRACE_MS = 10_000;

export async function startService(config: Config, opts: StartOptions = {}): Promise<RunningService> {
  const withWorkers = opts.workers !== false;
  const { log, db, queue, now, calls, simulator, lms, senders, closeOutside, startWorkersHere } = await openBackend(
    config,
    opts,
    withWorkers,
  );
  const lifecycle = { draining: false };
  const keys = new ApiKeyCache(db, authChangeFeed(db));
  const { handler } = await createApp(
    { db, config, now, log, queue, calls, lms, keys, lifecycle, channels: senders },
    opts,
  );
  // node:http directly: express 5's app.listen hands a bind error to the callback, which looked like success.
  const server = createServer(handler);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await queue.stop();
    if (!opts.db) await db.destroy();
    throw new ListenError(listenFailure(err, config));
  }
  server.keepAliveTimeout = 65_000; // longer than common load-balancer idle timeouts
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  // Callback and recording links need the real port when the service listens on an ephemeral one.
  if (new URL(calls.settings.publicBaseUrl).port === '0') calls.settings.publicBaseUrl = url;
  const workers = withWorkers ? startWorkersHere() : null;
  // Callbacks arrive at API processes: each applies what it (or a crashed predecessor) received.
  const applier = startCallbackApplier(calls, CALLBACK_APPLIER_DEFAULTS);
  const unobserve = observeService(db, queue);
  log.info('listening', { url, workers: withWorkers });
  return {
    server,
    url,
    db,
    queue,
    workers,
    simulator,
    drain() {
      lifecycle.draining = true;
    },
    async stop() {
      lifecycle.draining = true;
      // Open requests get DRAIN_GRACE_MS to finish; then their connections are closed, so a client
      // that never lets go (a browser's leftover helper process) cannot hold shutdown forever.
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), DRAIN_GRACE_MS).unref();
      });
      await applier.stop();
      await workers?.stop();
      await closeOutside();
      unobserve();
      await queue.stop();
      await keys.stop();
      if (!opts.db) await db.destroy();
    },
  };
}

function listenFailure(err: unknown, config: Config): string {
  const code = (err as { code?: string }).code;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE')
    return `cannot listen on ${where}: port ${config.port} is already in use (set PORT to another port)`;
  if (code === 'EACCES')
    return `cannot listen on ${where}: port ${config.port} needs privileges (set PORT to 1024 or above)`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `cannot listen on ${where}: HOST ${config.host} is not an address of this machine`;
  return `cannot listen on ${where}: ${(err as Error).message}`;
}

/** `outreach worker`: batch workers without the HTTP API (scale them apart from API nodes on Postgres). */
export async function startWorker(config: Config, opts: StartOptions = {}): Promise<RunningWorker> {
  const { db, queue, closeOutside, startWorkersHere } = await openBackend(config, opts, true);
  const workers = startWorkersHere();
  return {
    db,
    queue,
    workers,
    async stop() {
      await workers.stop();
      await closeOutside();
      await queue.stop();
      if (!opts.db) await db.destroy();
    },
  };
}

/** Batch rows run in the workers but report like the API: enrollment rows store its responses, failures carry its statuses. */
export const rowHandling: RowHandling = { processors: batchRowProcessors(enrollmentResponses), statusOf };
