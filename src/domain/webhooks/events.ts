/**
 * Outbound events (documented in the spec's `webhooks` section). The body of every event is the
 * Standard Webhooks envelope `{ type, timestamp, data }`; `data` is the resource as the API returns it.
 */
export const WEBHOOK_EVENT_TYPES = [
  'batch.completed',
  'scheduled_call.updated',
  'call.completed',
  'ach_return_rate.raised',
  'provider.alert',
  // Call outcomes the lender routes (src/domain/calls/call-effects.ts): data is the restriction, or the call.
  'dispute.received',
  'hardship.requested',
  'fraud.claimed',
  'military.reported',
  'incarceration.reported',
  'abuse.reported',
  'accessibility.reported',
  'complaint.received',
  'inbound_message.review_due',
  // Promises to pay (src/domain/promises): data is the promise as GET /promises/{promiseId} returns it.
  'promise.created',
  'promise.kept',
  'promise.partially_kept',
  'promise.broken',
  'promise.reopened',
  // A borrower opened a payment link (src/domain/payment-links/): data is the link.
  'payment_link.opened',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Builds `data` for an event from its subject, when the event is first sent (wired in src/main/server.ts). */
export type EventDataBuilder = (
  db: import('../../store/shared/db.js').Db,
  companyId: string,
  subjectId: string,
) => Promise<unknown>;
export type EventDataBuilders = Partial<Record<WebhookEventType, EventDataBuilder>>;
