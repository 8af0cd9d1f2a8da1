import { rateRise } from '../domain/ach/return-rates.js';
import { CUSTOMER_BATCH_KINDS, LOAN_BATCH_KINDS, readBatchJob } from '../domain/batches/read.js';
import { callById } from '../domain/calls/calls.js';
import { restrictionById } from '../domain/customers/restrictions.js';
import { inboundReview } from '../domain/consent/review-queue.js';
import { scheduledCall } from '../domain/planning/scheduled-calls.js';
import type { EventDataBuilder, EventDataBuilders } from '../domain/webhooks/events.js';
import { presentRateRise } from '../http/presenters/ach.js';
import { presentCompletedBatch } from '../http/presenters/batches.js';
import { presentCall, type RecordingLinkSettings } from '../http/presenters/calls.js';
import { presentInboundMessage } from '../http/presenters/consent.js';
import { presentScheduledCall } from '../http/presenters/planning.js';
import { providerAlert } from '../domain/calls/refusals.js';
import { presentProviderAlert } from '../http/presenters/provider-alerts.js';
import { presentRestriction } from '../http/presenters/restrictions.js';
import { promiseById } from '../domain/promises/promises.js';
import { presentPromise } from '../http/presenters/promises.js';
import { paymentLinkOfCompany } from '../domain/payment-links/payment-links.js';
import { presentPaymentLink } from '../http/presenters/payment-links.js';

/**
 * `data` of each outbound event: the resource exactly as the API's read operation returns it, from
 * the same presenter (the spec's `webhooks` section references the same schemas; test/webhook-payloads.test.ts).
 */
export const webhookPayloads = (links: RecordingLinkSettings): EventDataBuilders => ({
  'batch.completed': async (db, companyId, jobId) =>
    presentCompletedBatch(await readBatchJob({ db, companyId }, jobId, [...CUSTOMER_BATCH_KINDS, ...LOAN_BATCH_KINDS])),
  'scheduled_call.updated': async (db, companyId, id) =>
    presentScheduledCall(await scheduledCall({ db, companyId }, id)),
  // The call as GET /calls/{id} returns it; `recordingUrl` is null until the recording is stored.
  'call.completed': async (db, companyId, id) => presentCall(links, await callById({ db, companyId }, id)),
  // The figures when the level rose (kept with the event), in GET /ach/return-rates' shape.
  'ach_return_rate.raised': async (db, companyId, id) => presentRateRise(await rateRise({ db, companyId }, id)),
  // The alert as GET /provider-alerts lists it (its status as it stands when first sent).
  'provider.alert': async (db, companyId, id) => presentProviderAlert(await providerAlert(db, companyId, id)),
  // A call outcome's restriction as GET /customers/{customerId}/restrictions lists it (when sent: lifted by then, it says so).
  'dispute.received': restriction,
  'hardship.requested': restriction,
  'fraud.claimed': restriction,
  'military.reported': restriction,
  'incarceration.reported': restriction,
  'abuse.reported': restriction,
  'accessibility.reported': restriction,
  // The call the complaint was made on, as GET /calls/{id} returns it.
  'complaint.received': async (db, companyId, id) => presentCall(links, await callById({ db, companyId }, id)),
  // The inbound text as GET /inbound-messages returns it when the event is first sent.
  'inbound_message.review_due': async (db, companyId, id) =>
    presentInboundMessage(await inboundReview({ db, companyId }, id)),
  // The promise as GET /promises/{promiseId} returns it when the event is first sent.
  'promise.created': promise,
  'promise.kept': promise,
  'promise.partially_kept': promise,
  'promise.broken': promise,
  'promise.reopened': promise,
  // The link as GET /customers/{customerId}/payment-links lists it when the event is first sent.
  'payment_link.opened': async (db, companyId, id) =>
    presentPaymentLink(await paymentLinkOfCompany({ db, companyId }, id)),
});

const promise: EventDataBuilder = async (db, companyId, id) => presentPromise(await promiseById({ db, companyId }, id));

const restriction: EventDataBuilder = async (db, companyId, id) =>
  presentRestriction(await restrictionById({ db, companyId }, id));
