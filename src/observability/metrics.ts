import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobQueue } from '../domain/ports/job-queue.js';
import type { Db } from '../store/shared/db.js';

/**
 * Prometheus metrics of this process (`GET /metrics`, prom-client). One registry per process; the
 * counters are module-level so any layer can count an outcome without carrying a handle around.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'outreach_' });

export const httpRequestDuration = new Histogram({
  name: 'outreach_http_request_duration_seconds',
  help: 'HTTP request duration by operationId (or "unmatched") and status code',
  labelNames: ['operationId', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Outbound webhook delivery attempts: `delivered`, `failed` (will be retried) or `dead` (given up). */
export const webhookDeliveries = new Counter({
  name: 'outreach_webhook_deliveries_total',
  help: 'Webhook delivery attempts by result (delivered, failed = retried later, dead = given up)',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** Dial messages handled by the call dispatcher, by what became of each (e.g. placed, moved, retry). */
export const dials = new Counter({
  name: 'outreach_dials_total',
  help: 'Dial messages handled by outcome (placed, found_at_provider, moved, skipped, failed, not_ours, refused, paused, retry)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Counts one dial message's outcome; the call dispatcher (src/jobs/call-workers.ts) calls it for every result. */
export function recordDial(outcome: string): void {
  dials.inc({ outcome });
}

export function recordWebhookDelivery(result: 'delivered' | 'failed' | 'dead'): void {
  webhookDeliveries.inc({ result });
}

/** What the scrape-time gauges read: the service's database pool and job queue (the last one observed). */
let source: { db: Db; queue: JobQueue } | null = null;

/** Points the queue and pool gauges at a running service; returns the undo for its shutdown. */
export function observeService(db: Db, queue: JobQueue): () => void {
  const mine = { db, queue };
  source = mine;
  return () => {
    if (source === mine) source = null;
  };
}

new Gauge({
  name: 'outreach_job_queue_depth',
  help: 'Messages waiting or running, by job kind (queue)',
  labelNames: ['kind'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const s of (await source?.queue.stats().catch(() => [])) ?? []) this.set({ kind: s.queue }, s.depth);
  },
});

new Gauge({
  name: 'outreach_job_queue_oldest_age_seconds',
  help: 'Age of the oldest waiting or running message, by job kind (queue)',
  labelNames: ['kind'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const s of (await source?.queue.stats().catch(() => [])) ?? [])
      this.set({ kind: s.queue }, s.oldestAgeSeconds);
  },
});

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
}

new Gauge({
  name: 'outreach_db_pool_connections',
  help: 'Database pool connections by state (used, free, pending = requests waiting for one, max)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = (source?.db.client as { pool?: TarnPool } | undefined)?.pool;
    if (!pool) return;
    this.set({ state: 'used' }, pool.numUsed());
    this.set({ state: 'free' }, pool.numFree());
    this.set({ state: 'pending' }, pool.numPendingAcquires());
    this.set({ state: 'max' }, pool.max);
  },
});

/**
 * Provider account alerts raised (docs/operators/voice-provider.md#alerts-and-pauses), by kind: a
 * Retell disconnection reason (no_valid_payment, marked_as_spam,
 * telephony_provider_permission_denied) or webhook_signature_failures. Counted when the alert opens
 * (one per pause); alerts while a company's account is already paused are not counted again.
 */
export const providerAlerts = new Counter({
  name: 'outreach_provider_alerts_total',
  help: 'Provider account alerts raised (voice: dialing paused on the account; SMS: texts held), by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export function recordProviderAlert(kind: string): void {
  providerAlerts.inc({ kind });
}

/**
 * Transfer events recorded (docs/operators/voice-provider.md#transfers), by step (`started`,
 * `bridged`, `cancelled`, `ended`) and destination (the lender's transfer routes and fallback: a
 * handful per company, never a borrower's number). Counted once per event, when it is first
 * recorded (a redelivery is not counted again).
 */
export const callTransfers = new Counter({
  name: 'outreach_call_transfers_total',
  help: 'Transfer events recorded from the voice provider, by step and destination',
  labelNames: ['step', 'destination'] as const,
  registers: [registry],
});

export function recordCallTransfer(step: string, destination: string | null): void {
  callTransfers.inc({ step, destination: destination ?? '' });
}
