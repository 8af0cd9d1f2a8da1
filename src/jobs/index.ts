import type { Clock } from '../domain/ports/clock.js';
import type { LmsResolver } from '../domain/ports/lms.js';
import { SLICE_QUEUE, type SliceMessage } from '../domain/batches/slices.js';
import { CUSTOMER_CREATE, LOAN_UPSERT } from '../domain/batches/row-processors.js';
import type { Logger } from '../lib/logger.js';
import type { Db } from '../domain/shared/context.js';
import { createSliceHandler } from './batch-slices.js';
import type { RowHandling } from './slice-support.js';
import type { JobOptions } from '../config/jobs.js';
import { sweepRetention } from '../domain/retention/sweep.js';
import type { RecordingStore } from '../domain/ports/recording-store.js';
import type { JobQueue } from '../domain/ports/job-queue.js';
import { startWorkerPool, type WorkerPool } from './worker-pool.js';
import { startWebhookWorkers } from './webhook-deliveries.js';
import type { WebhookTransport } from '../domain/ports/webhook-transport.js';
import type { EventDataBuilders } from '../domain/webhooks/events.js';
import type { DispatchDeps } from '../domain/messages/message-dispatch.js';
import { startMessageDispatcher, type MessageDispatcherOptions } from './message-dispatcher.js';
import { startReviewDeadlines } from './review-deadlines.js';
import { smsAccountAlerts } from '../domain/calls/refusals.js';
import { startPromiseSweep } from './promise-sweep.js';

export type { JobQueue } from '../domain/ports/job-queue.js';

export interface WorkerDeps {
  db: Db;
  queue: JobQueue;
  log: Logger;
  now: Clock;
  testAliasSunset: Date;
  options: JobOptions;
  /** Email/SMS dispatch; absent when no route can deliver. */
  messages?: {
    routes: DispatchDeps['routes'];
    publicBaseUrl: string;
    options: MessageDispatcherOptions;
    reassigned?: DispatchDeps['reassigned'];
  };
  rows: RowHandling;
  lms: LmsResolver;
  /** Outbound webhooks: how requests are sent, and how each event's `data` is built (src/main/server.ts). */
  webhooks: { transport: WebhookTransport; builders: EventDataBuilders };
  /** The recording store the retention sweep tells to delete recordings past retention (12 CFR 1006.100(b)). */
  recordings?: RecordingStore;
}

const SET_BASED_KINDS = new Set([CUSTOMER_CREATE, LOAN_UPSERT]);
const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** The workers of this process: batch slices, plus the hourly retention sweep (old jobs, expired idempotency records). */
export function startWorkers(deps: WorkerDeps): WorkerPool {
  const { options, log } = deps;
  const slices = startWorkerPool(
    deps.queue,
    {
      queue: SLICE_QUEUE,
      concurrency: options.concurrency,
      // Slices of one job claimed together run in one transaction (fewer round trips); each is still acked alone.
      groupSize: options.slicesPerTransaction,
      // Customer and loan rows write set-based: bigger units mean fewer statements and commits per row.
      groupSizeOf: (slice: SliceMessage) =>
        slice.kind && SET_BASED_KINDS.has(slice.kind)
          ? options.setBasedSlicesPerTransaction
          : options.slicesPerTransaction,
      groupKey: (slice: SliceMessage) => slice.jobId,
      pollMs: options.pollMs,
      shutdownGraceMs: options.shutdownGraceMs,
      log,
    },
    createSliceHandler(deps),
  );
  const webhooks = startWebhookWorkers({
    db: deps.db,
    queue: deps.queue,
    log,
    now: deps.now,
    transport: deps.webhooks.transport,
    builders: deps.webhooks.builders,
    policy: options.webhooks,
    pollMs: options.pollMs,
    shutdownGraceMs: options.shutdownGraceMs,
  });
  const messages = deps.messages
    ? startMessageDispatcher(
        {
          db: deps.db,
          now: deps.now,
          routes: deps.messages.routes,
          publicBaseUrl: deps.messages.publicBaseUrl,
          log,
          // An SMS account's hold raises the voice go-live's provider.alert (calls and messages are siblings).
          alerts: smsAccountAlerts(log),
          reassigned: deps.messages.reassigned,
        },
        deps.messages.options,
      )
    : null;
  const sweep = () =>
    sweepRetention(deps.db, deps.now(), log, {
      contactRecordRetentionDays: options.contactRecordRetentionDays,
      recordings: deps.recordings,
    });
  const timer = setInterval(() => void sweep(), RETENTION_SWEEP_MS);
  timer.unref();
  // Unsure inbound texts: the review_due warning and the 10-business-day limit (docs/partners/consent.md).
  const stopReviewDeadlines = startReviewDeadlines({ db: deps.db, now: deps.now, log });
  // Promises whose window closed: partly kept or broken, and their follow-up calls (docs/partners/outcomes.md).
  const stopPromiseSweep = startPromiseSweep({ db: deps.db, now: deps.now, log });
  log.info('workers started', { engine: deps.queue.engine, concurrency: options.concurrency });
  return {
    async stop() {
      clearInterval(timer);
      stopReviewDeadlines();
      stopPromiseSweep();
      await messages?.stop();
      await Promise.all([slices.stop(), webhooks.stop()]);
    },
  };
}
