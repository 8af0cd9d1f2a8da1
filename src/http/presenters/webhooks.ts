import type { WebhookDeliveryRow } from '../../domain/webhooks/delivery-log.js';
import type { components } from '../../../generated/api-types.js';

/** The longest `lastError` the contract carries (`WebhookDelivery.lastError`). */
const LAST_ERROR_MAX = 2000;

/** A delivery of the log (GET /webhook-deliveries and `outreach webhook deliveries`): never its payload or queue state. */
export function presentWebhookDelivery(d: WebhookDeliveryRow): components['schemas']['WebhookDelivery'] {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventType: d.eventType,
    subjectId: d.subjectId,
    status: d.status,
    attempts: d.attempts,
    createdAt: d.createdAt,
    lastAttemptAt: d.lastAttemptAt,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError === null ? null : d.lastError.slice(0, LAST_ERROR_MAX),
    deliveredAt: d.deliveredAt,
    nextAttemptAt: d.status === 'pending' ? new Date(d.nextAttemptAt).toISOString() : null,
  };
}
