import { Webhook } from 'standardwebhooks';
import type { Db } from '../../store/shared/db.js';
import {
  claimDueDeliveries,
  getWebhookDelivery,
  getWebhookEndpoint,
  recordDeliveryAttempt,
  setDeliveryPayload,
  type WebhookEndpointRow,
} from '../../store/webhooks/webhooks.js';
import type { WebhookTransport } from '../ports/webhook-transport.js';
import type { EnqueueOptions, JobQueue } from '../ports/job-queue.js';
import type { EventDataBuilders } from './events.js';

export interface DeliveryPolicy {
  /** First retry delay; each further retry doubles it (plus up to 10% jitter) up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Retries continue until this long after the first attempt (or a redelivery); then the delivery is dead. */
  giveUpMs: number;
  timeoutMs: number;
}

export interface DeliveryDeps {
  db: Db;
  transport: WebhookTransport;
  builders: EventDataBuilders;
  policy: DeliveryPolicy;
  now: () => Date;
  /**
   * The wall clock for `webhook-timestamp`: receivers compare it with their own clock (Standard
   * Webhooks rejects more than 5 minutes off), so it is real time even when the process clock is
   * a sandbox clock. Retry timing uses `now`.
   */
  wallClock: () => Date;
}

export type AttemptResult = 'delivered' | 'failed' | 'dead' | 'skipped';

/** Delay before retry number `attempts` (1 = the first retry): exponential, capped. */
export function retryDelayMs(policy: DeliveryPolicy, attempts: number, random = Math.random): number {
  const base = Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.min(30, attempts - 1));
  return Math.round(base + base * 0.1 * random());
}

/**
 * One attempt of one delivery: sign (Standard Webhooks; during a secret rotation with both
 * secrets), POST, record. A 2xx is delivered; anything else (or no answer) is retried with backoff
 * until the give-up window has passed, then dead. A delivery that is no longer pending (delivered
 * by a duplicate message, endpoint removed) is skipped, so a message run twice sends at most twice.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<AttemptResult> {
  const delivery = await getWebhookDelivery(deps.db, deliveryId);
  if (!delivery || delivery.status !== 'pending') return 'skipped';
  const endpoint = await getWebhookEndpoint(deps.db, delivery.companyId, delivery.endpointId);
  if (!endpoint) return 'skipped';

  let payload = delivery.payload;
  if (payload === null) {
    const build = deps.builders[delivery.eventType as keyof EventDataBuilders];
    const data = build ? await build(deps.db, delivery.companyId, delivery.subjectId) : { id: delivery.subjectId };
    payload = JSON.stringify({ type: delivery.eventType, timestamp: delivery.createdAt, data });
    await setDeliveryPayload(deps.db, delivery.id, payload);
    payload = (await getWebhookDelivery(deps.db, deliveryId))?.payload ?? payload; // a concurrent first attempt may have fixed it first
  }

  const sentAt = deps.wallClock();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = (
      await deps.transport.post(
        endpoint.url,
        signedHeaders(endpoint, delivery.id, sentAt, payload),
        payload,
        deps.policy.timeoutMs,
      )
    ).status;
    if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
  } catch (err) {
    error = String((err as Error).message ?? err).slice(0, 500);
  }

  const attemptAt = deps.now().toISOString();
  if (error === null) {
    await recordDeliveryAttempt(deps.db, delivery.id, { status: 'delivered', attemptAt, statusCode, error: null });
    return 'delivered';
  }
  const nowMs = deps.now().getTime();
  if (nowMs - delivery.windowStartedAt >= deps.policy.giveUpMs) {
    await recordDeliveryAttempt(deps.db, delivery.id, { status: 'dead', attemptAt, statusCode, error });
    return 'dead';
  }
  const nextAttemptAt = nowMs + retryDelayMs(deps.policy, delivery.attempts + 1);
  await recordDeliveryAttempt(deps.db, delivery.id, { status: 'pending', attemptAt, statusCode, error, nextAttemptAt });
  return 'failed';
}

function signedHeaders(endpoint: WebhookEndpointRow, id: string, at: Date, payload: string): Record<string, string> {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && (endpoint.previousSecretExpiresAt ?? 0) > at.getTime())
    secrets.push(endpoint.previousSecret);
  // Standard Webhooks: several signatures are space-separated; a receiver accepts any that matches its secret.
  const signature = secrets.map((s) => new Webhook(s).sign(id, at, payload)).join(' ');
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'outreach-service-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/**
 * The outbox relay's step: claims up to `batch` due deliveries (new ones, and retries whose backoff
 * has passed) and enqueues a message `{deliveryId}` for each, in one transaction with the claim.
 */
export async function relayDueDeliveries(
  db: Db,
  queue: JobQueue,
  o: { queue: string; now: number; batch: number; enqueue: EnqueueOptions },
): Promise<string[]> {
  return db.transaction(async (trx) => {
    const due = await claimDueDeliveries(trx, o.now, o.batch);
    await queue.enqueue(
      trx,
      o.queue,
      due.map((deliveryId) => ({ deliveryId })),
      o.enqueue,
    );
    return due;
  });
}

/** Retention (src/domain/retention/) deletes settled deliveries through webhooks. */
export { deleteSettledDeliveriesBefore } from '../../store/webhooks/webhooks.js';
