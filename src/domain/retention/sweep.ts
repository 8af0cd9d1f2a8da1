import type { Logger } from '../../lib/logger.js';
import { deleteBatchJobsBefore } from '../batches/read.js';
import { deleteAppliedInboxBefore } from '../calls/callback-inbox.js';
import type { Db } from '../../store/shared/db.js';
import { purgeExpired } from '../../store/shared/idempotency.js';
import { deleteEarlyStatusesBefore } from '../scheduled-messages/scheduled-messages.js';
import {
  deleteContactDecisionsBefore,
  deleteEndedCallsBefore,
  deleteEndedMessagesBefore,
  deleteOutsideContactsBefore,
} from '../audit/contact-export.js';
import { deleteSettledDeliveriesBefore } from '../webhooks/deliver.js';
import { expireRecordings } from '../calls/recordings.js';
import type { RecordingStore } from '../ports/recording-store.js';
import { contactRecordCutoff, sweepCutoff } from './contact-records.js';

const BATCH_RETENTION_DAYS = 30; // docs/operators/running.md#retention: jobs and their row results are kept 30 days
/**
 * Applied provider callbacks are kept 7 days for support questions. Pruning them is safe for
 * replays: a redelivered event id is still refused by its signature's 5-minute tolerance and, past
 * that, applies as a duplicate of its `call_events` row, which is kept with the call.
 */
const CALLBACK_INBOX_RETENTION_DAYS = 7;
/**
 * An SMS status kept because it arrived before the sender recorded the provider's message id is
 * applied within seconds when the id is recorded; one still waiting after a day belongs to a send
 * the service never recorded (interrupted before the provider's answer reached it) and never will.
 */
const SMS_EARLY_STATUS_RETENTION_HOURS = 24;
/**
 * The webhook delivery log keeps a delivered or dead delivery 30 days after its event, as long as
 * the batch jobs that publish most events, and long enough to redeliver a dead one after the give-up
 * window (at most 30 days). A pending delivery is kept until it settles.
 */
const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

export interface SweepCounts {
  batchJobs: number;
  idempotencyRecords: number;
  callbackInbox: number;
  smsEarlyStatuses: number;
  webhookDeliveries: number;
  contactDecisions: number;
  scheduledMessages: number;
  scheduledCalls: number;
  outsideContacts: number;
  recordings: number;
}

/**
 * The hourly retention sweep of the workers: batch jobs (and their rows) older than 30 days,
 * idempotency records past their `expires_at` (kept at least 30 days, docs/architecture/decisions/idempotency.md#rules), and callback
 * inbox rows applied more than 7 days ago, SMS statuses kept for a message id not recorded within a
 * day, delivered and dead webhook deliveries created more than 30 days ago; contact records
 * (ended scheduled messages and calls, reported outside contacts, then decisions whose contact is
 * gone) only when a retention is configured, never younger than three years and only on a debt with
 * no activity since the cutoff (contact-records.ts). An expired record already stops answering for its
 * key; purging only keeps the tables from growing forever. Every part
 * deletes in short batches, and runs even when another fails.
 */
export async function sweepRetention(
  db: Db,
  now: Date,
  log: Logger,
  options: { contactRecordRetentionDays?: number; recordings?: RecordingStore } = {},
): Promise<SweepCounts> {
  const part = async (
    table: string,
    what: string,
    before: Date,
    run: (before: string) => Promise<number>,
  ): Promise<number> => {
    try {
      const deleted = await run(sweepCutoff(table, before, now).toISOString());
      if (deleted) log.info(`${what} deleted`, { deleted, before: before.toISOString() });
      return deleted;
    } catch (err) {
      log.error(`retention sweep of ${what} failed`, { error: (err as Error).message });
      return 0;
    }
  };
  const daysBack = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const counts: SweepCounts = {
    batchJobs: await part('batch_jobs', 'expired batch jobs', daysBack(BATCH_RETENTION_DAYS), (before) =>
      deleteBatchJobsBefore(db, before),
    ),
    idempotencyRecords: await part('idempotency_records', 'expired idempotency records', now, (at) =>
      purgeExpired(db, at),
    ),
    callbackInbox: await part(
      'callback_inbox',
      'applied callbacks',
      daysBack(CALLBACK_INBOX_RETENTION_DAYS),
      (before) => deleteAppliedInboxBefore(db, before),
    ),
    smsEarlyStatuses: await part(
      'sms_early_statuses',
      'SMS statuses of never-recorded messages',
      new Date(now.getTime() - SMS_EARLY_STATUS_RETENTION_HOURS * 3_600_000),
      (before) => deleteEarlyStatusesBefore(db, before),
    ),
    webhookDeliveries: await part(
      'webhook_deliveries',
      'settled webhook deliveries',
      daysBack(WEBHOOK_DELIVERY_RETENTION_DAYS),
      (before) => deleteSettledDeliveriesBefore(db, before),
    ),
    contactDecisions: 0,
    scheduledMessages: 0,
    scheduledCalls: 0,
    outsideContacts: 0,
    recordings: 0,
  };
  const contactBefore = contactRecordCutoff(now, options.contactRecordRetentionDays);
  if (contactBefore) {
    // Contacts first, each only on a debt quiet since the cutoff (1006.100(a)); then the decisions
    // whose contact is gone. The reported contacts go last: they date their debt's activity too.
    counts.scheduledMessages = await part(
      'scheduled_messages',
      'scheduled messages past retention',
      contactBefore,
      (before) => deleteEndedMessagesBefore(db, before),
    );
    counts.scheduledCalls = await part(
      'scheduled_calls',
      'scheduled calls and their call records past retention',
      contactBefore,
      (before) => deleteEndedCallsBefore(db, before),
    );
    counts.contactDecisions = await part(
      'contact_decisions',
      'contact decisions past retention',
      contactBefore,
      (before) => deleteContactDecisionsBefore(db, before),
    );
    counts.outsideContacts = await part(
      'outside_contact_attempts',
      'reported outside contacts past retention',
      contactBefore,
      (before) => deleteOutsideContactsBefore(db, before),
    );
    // 1006.100(b): a recording three years after its call, whatever its debt; its call's rows then
    // follow the debt's clock above on a later sweep.
    const store = options.recordings;
    if (store)
      counts.recordings = await part('call_recordings', 'call recordings past retention', contactBefore, (before) =>
        expireRecordings(db, store, before),
      );
  }
  return counts;
}
