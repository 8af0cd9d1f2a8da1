import { CUSTOMER_BATCH_KINDS, LOAN_BATCH_KINDS, readBatchJob } from '../domain/batches/read.js';
import { callById } from '../domain/calls/calls.js';
import { rateRise } from '../domain/ach/return-rates.js';
import type { Level } from '../domain/ach/return-rates.js';
import { presentRate } from './payment-presenters.js';
import { scheduledCall } from '../domain/planning/scheduled-calls.js';
import type { EventDataBuilders } from '../domain/webhooks/events.js';
import { presentCustomerBatchJob, presentLoanBatchJob } from './batch-presenters.js';
import { presentCall, type RecordingLinkSettings } from './call-presenters.js';
import { presentScheduledCall } from './scheduled-calls.js';

/**
 * `data` of each outbound event: the resource exactly as the API's read operation returns it
 * (the spec's `webhooks` section references the same schemas).
 */
export const webhookPayloads = (links: RecordingLinkSettings): EventDataBuilders => ({
  'batch.completed': async (db, companyId, jobId) => {
    const view = await readBatchJob({ db, companyId }, jobId, [...CUSTOMER_BATCH_KINDS, ...LOAN_BATCH_KINDS]);
    return LOAN_BATCH_KINDS.includes(view.job.kind)
      ? { kind: 'loans', job: presentLoanBatchJob(view) }
      : { kind: 'customers', job: presentCustomerBatchJob(view) };
  },
  'scheduled_call.updated': async (db, companyId, id) =>
    presentScheduledCall(await scheduledCall({ db, companyId }, id)),
  // The call as GET /calls/{id} returns it; `recordingUrl` is null until the recording is stored.
  'call.completed': async (db, companyId, id) => presentCall(links, await callById({ db, companyId }, id)),
  // The figures when the level rose (kept with the event), in GET /ach/return-rates' shape.
  'ach_return_rate.raised': async (db, companyId, id) => {
    const e = await rateRise({ db, companyId }, id);
    const figure = presentRate({
      numerator: e.numerator,
      denominator: e.denominator,
      thresholdBp: e.thresholdBp,
      level: e.level as Level,
    });
    return {
      name: e.rate,
      previous_level: e.previousLevel,
      window_start: e.windowStart,
      window_end: e.windowEnd,
      ...figure,
    };
  },
});
