import type { Logger } from '../../lib/logger.js';
import { deleteBatchJobsBefore } from '../../store/batches/batch-jobs.js';
import { deleteAppliedInboxBefore } from '../../store/calls/callback-inbox.js';
import type { Db } from '../../store/shared/db.js';
import { purgeExpired } from '../../store/shared/idempotency.js';
import { deleteEarlyStatusesBefore } from '../../store/messages/sms-early-statuses.js';

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
 * The hourly retention sweep of the workers: batch jobs (and their rows) older than 30 days,
 * idempotency records past their `expires_at` (kept at least 30 days, docs/architecture/decisions/idempotency.md#rules), and callback
 * inbox rows applied more than 7 days ago, SMS statuses kept for a message id not recorded within a
 * day. An expired record already stops answering for its key; purging only keeps the tables from
 * growing forever. Each part runs even when another fails.
 */
export async function sweepRetention(db: Db, now: Date, log: Logger): Promise<{ batchJobs: number; idempotencyRecords: number; callbackInbox: number; smsEarlyStatuses: number }> {
  const before = new Date(now.getTime() - BATCH_RETENTION_DAYS * 86_400_000).toISOString();
  const batchJobs = await deleteBatchJobsBefore(db, before).catch((err: Error) => {
    log.error('retention sweep of batch jobs failed', { error: err.message });
    return 0;
  });
  if (batchJobs) log.info('expired batch jobs deleted', { deleted: batchJobs, before });
  const idempotencyRecords = await purgeExpired(db, now.toISOString()).catch((err: Error) => {
    log.error('retention sweep of idempotency records failed', { error: err.message });
    return 0;
  });
  if (idempotencyRecords) log.info('expired idempotency records deleted', { deleted: idempotencyRecords });
  const inboxBefore = new Date(now.getTime() - CALLBACK_INBOX_RETENTION_DAYS * 86_400_000).toISOString();
  const callbackInbox = await deleteAppliedInboxBefore(db, inboxBefore).catch((err: Error) => {
    log.error('retention sweep of the callback inbox failed', { error: err.message });
    return 0;
  });
  if (callbackInbox) log.info('applied callbacks deleted from the inbox', { deleted: callbackInbox, before: inboxBefore });
  const earlyBefore = new Date(now.getTime() - SMS_EARLY_STATUS_RETENTION_HOURS * 3_600_000).toISOString();
  const smsEarlyStatuses = await deleteEarlyStatusesBefore(db, earlyBefore).catch((err: Error) => {
    log.error('retention sweep of early SMS statuses failed', { error: err.message });
    return 0;
  });
  if (smsEarlyStatuses) log.info('SMS statuses of never-recorded messages deleted', { deleted: smsEarlyStatuses, before: earlyBefore });
  return { batchJobs, idempotencyRecords, callbackInbox, smsEarlyStatuses };
}
