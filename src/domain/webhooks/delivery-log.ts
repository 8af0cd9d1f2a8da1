import type { Db } from '../../store/shared/db.js';
import { findCompany } from '../shared/company-config.js';
import {
  type DeliveryStatus,
  listWebhookDeliveries,
  requeueWebhookDelivery,
  type WebhookDeliveryRow,
} from '../../store/webhooks/webhooks.js';
import { InvalidInputError, NotFoundError } from '../shared/errors.js';

const STATUSES: DeliveryStatus[] = ['pending', 'delivered', 'dead'];

export type { WebhookDeliveryRow };

/** The operator's delivery log, newest first (shaped for the API and the CLI by src/http/presenters/webhooks.ts). */
export async function webhookDeliveryLog(
  db: Db,
  companyId: string,
  filter: { status?: string; endpointId?: string; limit?: number },
): Promise<WebhookDeliveryRow[]> {
  if (!(await findCompany(db, companyId))) throw new NotFoundError(`Company ${companyId} not found`);
  if (filter.status && !STATUSES.includes(filter.status as DeliveryStatus))
    throw new InvalidInputError(`status must be one of ${STATUSES.join(', ')}`);
  return listWebhookDeliveries(db, companyId, {
    status: filter.status as DeliveryStatus | undefined,
    endpointId: filter.endpointId,
    limit: filter.limit ?? 100,
  });
}

/** Sends a delivery again (same webhook-id and body) with a fresh retry window, whatever its status. */
export async function redeliverWebhook(db: Db, companyId: string, deliveryId: string, now: Date): Promise<void> {
  if ((await requeueWebhookDelivery(db, companyId, deliveryId, now.getTime())) === 0) {
    throw new NotFoundError(`Webhook delivery ${deliveryId} not found in company ${companyId}`);
  }
}
