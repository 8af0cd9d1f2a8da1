import type { Db } from '../../store/shared/db.js';
import { insertWebhookDeliveries, listWebhookEndpointsOfCompanies } from '../../store/webhooks/webhooks.js';
import type { WebhookEventType } from './events.js';
import { newId } from '../shared/ids.js';

export interface PublishedEvent {
  type: WebhookEventType;
  /** The id of what the event is about (batch job id, scheduled call id, call id). */
  subjectId: string;
  /** Unique per event: publishing the same key twice (work run twice) delivers once. */
  key: string;
}

/**
 * Publishes an event to every webhook endpoint of the company: one delivery row each, written with
 * the caller's transaction (so an event exists exactly when the change it reports committed). The
 * webhook relay puts due deliveries on the job queue; `data` is built when first sent.
 */
export async function publishEvent(db: Db, companyId: string, event: PublishedEvent, now: Date): Promise<void> {
  await publishEvents(db, companyId, [event], now);
}

/** Several events of one company at once (one endpoint lookup, one multi-row insert). */
export async function publishEvents(db: Db, companyId: string, events: PublishedEvent[], now: Date): Promise<void> {
  await publishEventsOfCompanies(db, new Map([[companyId, events]]), now);
}

/** Events of several companies at once (a callback batch): one endpoint lookup for all, one multi-row insert. */
export async function publishEventsOfCompanies(
  db: Db,
  eventsByCompany: ReadonlyMap<string, PublishedEvent[]>,
  now: Date,
): Promise<void> {
  const companyIds = [...eventsByCompany].filter(([, events]) => events.length > 0).map(([companyId]) => companyId);
  if (companyIds.length === 0) return;
  const endpoints = await listWebhookEndpointsOfCompanies(db, companyIds);
  const ms = now.getTime();
  await insertWebhookDeliveries(
    db,
    companyIds.flatMap((companyId) =>
      endpoints.get(companyId)!.flatMap((e) =>
        eventsByCompany.get(companyId)!.map((event) => ({
          id: `msg_${newId().replace(/-/g, '')}`,
          companyId,
          endpointId: e.id,
          eventType: event.type,
          eventKey: event.key,
          subjectId: event.subjectId,
          status: 'pending' as const,
          nextAttemptAt: ms,
          windowStartedAt: ms,
          createdAt: now.toISOString(),
        })),
      ),
    ),
  );
}
