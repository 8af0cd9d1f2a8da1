import type { Db } from '../shared/db.js';
import { deleteInBatches } from '../shared/batched-deletes.js';
import { readInstant, readText, toBool } from '../shared/columns.js';

export interface WebhookEndpointRow {
  id: string;
  companyId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
  createdAt: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'dead';

export interface WebhookDeliveryRow {
  id: string;
  companyId: string;
  endpointId: string;
  eventType: string;
  eventKey: string;
  subjectId: string;
  payload: string | null;
  status: DeliveryStatus;
  enqueued: boolean;
  attempts: number;
  nextAttemptAt: number;
  windowStartedAt: number;
  createdAt: string;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
}

const endpointFromRow = (r: Record<string, unknown>): WebhookEndpointRow => ({
  id: String(r.id),
  companyId: String(r.company_id),
  url: String(r.url),
  secret: String(r.secret),
  previousSecret: readText(r.previous_secret),
  previousSecretExpiresAt: r.previous_secret_expires_at === null ? null : Number(r.previous_secret_expires_at),
  createdAt: readInstant(r.created_at)!,
});

const deliveryFromRow = (r: Record<string, unknown>): WebhookDeliveryRow => ({
  id: String(r.id),
  companyId: String(r.company_id),
  endpointId: String(r.endpoint_id),
  eventType: String(r.event_type),
  eventKey: String(r.event_key),
  subjectId: String(r.subject_id),
  payload: readText(r.payload),
  status: String(r.status) as DeliveryStatus,
  enqueued: toBool(r.enqueued),
  attempts: Number(r.attempts),
  nextAttemptAt: Number(r.next_attempt_at),
  windowStartedAt: Number(r.window_started_at),
  createdAt: readInstant(r.created_at)!,
  lastAttemptAt: readInstant(r.last_attempt_at),
  lastStatusCode: r.last_status_code === null ? null : Number(r.last_status_code),
  lastError: readText(r.last_error),
  deliveredAt: readInstant(r.delivered_at),
});

export async function insertWebhookEndpoint(db: Db, row: WebhookEndpointRow): Promise<void> {
  await db('webhook_endpoints').insert({
    id: row.id,
    company_id: row.companyId,
    url: row.url,
    secret: row.secret,
    previous_secret: row.previousSecret,
    previous_secret_expires_at: row.previousSecretExpiresAt,
    created_at: row.createdAt,
  });
}

export async function listWebhookEndpoints(db: Db, companyId: string): Promise<WebhookEndpointRow[]> {
  return (await db('webhook_endpoints').where({ company_id: companyId }).orderBy('created_at')).map(endpointFromRow);
}

/** The endpoints of several companies in one read, each company's in creation order. */
export async function listWebhookEndpointsOfCompanies(
  db: Db,
  companyIds: readonly string[],
): Promise<Map<string, WebhookEndpointRow[]>> {
  const byCompany = new Map<string, WebhookEndpointRow[]>(companyIds.map((id) => [id, []]));
  if (companyIds.length === 0) return byCompany;
  const rows = await db<Record<string, unknown>>('webhook_endpoints')
    .whereIn('company_id', [...new Set(companyIds)])
    .orderBy('created_at');
  for (const r of rows) {
    const endpoint = endpointFromRow(r);
    byCompany.get(endpoint.companyId)?.push(endpoint);
  }
  return byCompany;
}

export async function getWebhookEndpoint(db: Db, companyId: string, id: string): Promise<WebhookEndpointRow | null> {
  const r = await db<Record<string, unknown>>('webhook_endpoints').where({ company_id: companyId, id }).first();
  return r ? endpointFromRow(r) : null;
}

export async function deleteWebhookEndpoint(db: Db, companyId: string, id: string): Promise<number> {
  return db('webhook_endpoints').where({ company_id: companyId, id }).delete();
}

/** The new secret signs from now on; the current one keeps signing too until `previousExpiresAt`. */
export async function rotateWebhookSecret(
  db: Db,
  companyId: string,
  id: string,
  secret: string,
  previousExpiresAt: number,
): Promise<number> {
  return db('webhook_endpoints')
    .where({ company_id: companyId, id })
    .update({ previous_secret: db.ref('secret'), previous_secret_expires_at: previousExpiresAt, secret });
}

/** One delivery per endpoint of the company; an event already published to an endpoint is skipped. */
export async function insertWebhookDeliveries(
  db: Db,
  rows: Omit<
    WebhookDeliveryRow,
    'payload' | 'enqueued' | 'attempts' | 'lastAttemptAt' | 'lastStatusCode' | 'lastError' | 'deliveredAt'
  >[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await insertDeliveryChunk(db, rows.slice(i, i + 200));
}

async function insertDeliveryChunk(db: Db, rows: Parameters<typeof insertWebhookDeliveries>[1]): Promise<void> {
  if (rows.length === 0) return;
  await db('webhook_deliveries')
    .insert(
      rows.map((r) => ({
        id: r.id,
        company_id: r.companyId,
        endpoint_id: r.endpointId,
        event_type: r.eventType,
        event_key: r.eventKey,
        subject_id: r.subjectId,
        status: r.status,
        next_attempt_at: r.nextAttemptAt,
        window_started_at: r.windowStartedAt,
        created_at: r.createdAt,
      })),
    )
    .onConflict(['endpoint_id', 'event_key'])
    .ignore();
}

/**
 * The relay's claim, one statement: due pending deliveries not yet on the queue are marked enqueued
 * and returned (the caller enqueues them in the same transaction, so a crash leaves them unclaimed).
 */
export async function claimDueDeliveries(trx: Db, nowMs: number, limit: number): Promise<string[]> {
  const due = trx('webhook_deliveries')
    .where({ status: 'pending', enqueued: false })
    .andWhere('next_attempt_at', '<=', nowMs)
    .orderBy('next_attempt_at')
    .limit(limit)
    .select('id');
  const rows: { id: string }[] = await trx('webhook_deliveries')
    .whereIn('id', due)
    .andWhere({ enqueued: false })
    .update({ enqueued: true })
    .returning('id');
  return rows.map((r) => String(r.id));
}

export async function getWebhookDelivery(db: Db, id: string): Promise<WebhookDeliveryRow | null> {
  const r = await db<Record<string, unknown>>('webhook_deliveries').where({ id }).first();
  return r ? deliveryFromRow(r) : null;
}

export async function setDeliveryPayload(db: Db, id: string, payload: string): Promise<void> {
  await db('webhook_deliveries').where({ id }).whereNull('payload').update({ payload });
}

export interface AttemptOutcome {
  status: DeliveryStatus;
  attemptAt: string;
  statusCode: number | null;
  error: string | null;
  /** For a retry: when it becomes due (it goes back to the relay). */
  nextAttemptAt?: number;
}

/** Records one attempt of a pending delivery; a delivery no longer pending is left alone (returns false). */
export async function recordDeliveryAttempt(db: Db, id: string, outcome: AttemptOutcome): Promise<boolean> {
  const n = await db('webhook_deliveries')
    .where({ id, status: 'pending' })
    .update({
      status: outcome.status,
      attempts: db.raw('attempts + 1'),
      enqueued: false,
      last_attempt_at: outcome.attemptAt,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      ...(outcome.nextAttemptAt !== undefined ? { next_attempt_at: outcome.nextAttemptAt } : {}),
      ...(outcome.status === 'delivered' ? { delivered_at: outcome.attemptAt } : {}),
    });
  return n > 0;
}

export async function listWebhookDeliveries(
  db: Db,
  companyId: string,
  filter: { status?: DeliveryStatus; endpointId?: string; limit: number },
): Promise<WebhookDeliveryRow[]> {
  const q = db('webhook_deliveries').where({ company_id: companyId });
  if (filter.status) q.andWhere({ status: filter.status });
  if (filter.endpointId) q.andWhere({ endpoint_id: filter.endpointId });
  return (await q.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit)).map(deliveryFromRow);
}

/** Deletes delivered and dead deliveries created before `before`, in batches; a pending one is never deleted. */
export async function deleteSettledDeliveriesBefore(db: Db, before: string): Promise<number> {
  // `status <> 'pending'` as the partial index webhook_deliveries_settled_idx says it (migration 027).
  return deleteInBatches(db, 'webhook_deliveries', 'id', (q) => {
    q.whereNot('status', 'pending').where('created_at', '<', before).orderBy('created_at');
  });
}

/** Sends a delivery again from now on (a fresh retry window), whatever its status; the same id and body. */
export async function requeueWebhookDelivery(db: Db, companyId: string, id: string, nowMs: number): Promise<number> {
  return db('webhook_deliveries').where({ company_id: companyId, id }).update({
    status: 'pending',
    enqueued: false,
    next_attempt_at: nowMs,
    window_started_at: nowMs,
    delivered_at: null,
  });
}
