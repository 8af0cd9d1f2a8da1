import type { Clock } from '../domain/ports/clock.js';
import type { JobQueue } from '../domain/ports/job-queue.js';
import type { WebhookTransport } from '../domain/ports/webhook-transport.js';
import { attemptDelivery, type DeliveryPolicy, relayDueDeliveries } from '../domain/webhooks/deliver.js';
import type { EventDataBuilders } from '../domain/webhooks/events.js';
import type { Logger } from '../lib/logger.js';
import { recordWebhookDelivery } from '../observability/metrics.js';
import type { Db } from '../domain/shared/context.js';
import { startWorkerPool, type WorkerPool } from './worker-pool.js';

export const WEBHOOK_QUEUE = 'webhook-deliveries';

export interface WebhookMessage {
  deliveryId: string;
}

export interface WebhookWorkerDeps {
  db: Db;
  queue: JobQueue;
  log: Logger;
  now: Clock;
  transport: WebhookTransport;
  builders: EventDataBuilders;
  policy: DeliveryPolicy;
  pollMs: number;
  shutdownGraceMs: number;
}

const RELAY_BATCH = 200;

/**
 * Webhook delivery: a relay moves due deliveries (new ones, and retries whose backoff has passed)
 * from the outbox table onto the job queue, in one transaction with their claim; queue workers then
 * make one attempt each (src/domain/webhooks/deliver.ts). At least once: a message lost with its
 * worker comes back after its timeout, and the relay never drops a pending delivery.
 */
export function startWebhookWorkers(deps: WebhookWorkerDeps): WorkerPool {
  const { db, queue, log } = deps;
  let relaying: Promise<void> | null = null;
  const relay = async () => {
    // A handler crash (not a failed HTTP attempt: that is recorded and rescheduled) is retried by the queue.
    const enqueue = {
      maxAttempts: 5,
      retryDelaySeconds: 5,
      timeoutSeconds: Math.ceil(deps.policy.timeoutMs / 1000) + 60,
    };
    const ids = await relayDueDeliveries(db, queue, {
      queue: WEBHOOK_QUEUE,
      now: deps.now().getTime(),
      batch: RELAY_BATCH,
      enqueue,
    });
    if (ids.length) queue.wake(WEBHOOK_QUEUE);
  };
  const timer = setInterval(() => {
    relaying ??= relay()
      .catch((err: Error) => log.error('webhook relay failed', { error: err.message }))
      .finally(() => (relaying = null));
  }, deps.pollMs);
  timer.unref();

  const pool = startWorkerPool<WebhookMessage>(
    queue,
    {
      queue: WEBHOOK_QUEUE,
      concurrency: 8,
      groupSize: 1,
      groupKey: (m) => m.deliveryId,
      pollMs: deps.pollMs,
      shutdownGraceMs: deps.shutdownGraceMs,
      log,
    },
    async ([message]) => {
      const result = await attemptDelivery(
        {
          db,
          transport: deps.transport,
          builders: deps.builders,
          policy: deps.policy,
          now: deps.now,
          wallClock: () => new Date(),
        },
        message.data.deliveryId,
      );
      if (result !== 'skipped') recordWebhookDelivery(result);
      if (result === 'dead') log.warn('webhook delivery dead', { deliveryId: message.data.deliveryId });
      await queue.complete(db, [message]);
    },
  );
  return {
    async stop() {
      clearInterval(timer);
      await relaying;
      await pool.stop();
    },
  };
}
