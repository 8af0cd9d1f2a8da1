import { rateRise } from '../domain/ach/return-rates.js';
import { CUSTOMER_BATCH_KINDS, LOAN_BATCH_KINDS, readBatchJob } from '../domain/batches/read.js';
import { callById } from '../domain/calls/calls.js';
import { inboundReview } from '../domain/consent/review-queue.js';
import { scheduledCall } from '../domain/planning/scheduled-calls.js';
import type { EventDataBuilders } from '../domain/webhooks/events.js';
import { presentRateRise } from '../http/presenters/ach.js';
import { presentCompletedBatch } from '../http/presenters/batches.js';
import { presentCall, type RecordingLinkSettings } from '../http/presenters/calls.js';
import { presentInboundMessage } from '../http/presenters/consent.js';
import { presentScheduledCall } from '../http/presenters/planning.js';

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
  // The inbound text as GET /inbound-messages returns it when the event is first sent.
  'inbound_message.review_due': async (db, companyId, id) =>
    presentInboundMessage(await inboundReview({ db, companyId }, id)),
});
