import type { Logger } from '../lib/logger.js';
import { deleteBatchJobsBefore } from '../store/batch-jobs.js';
import type { Db } from '../store/db.js';
import { purgeExpired } from '../store/idempotency.js';

const BATCH_RETENTION_DAYS = 30; // DESIGN §4.4: jobs and their row results are kept 30 days

/**
 * The hourly retention sweep of the workers: batch jobs (and their rows) older than 30 days, and
 * idempotency records past their `expires_at` (kept at least 30 days, DESIGN §4.5). An expired
 * record already stops answering for its key; purging only keeps the table from growing forever.
 * Each part runs even when the other fails.
 */
export async function sweepRetention(db: Db, now: Date, log: Logger): Promise<{ batchJobs: number; idempotencyRecords: number }> {
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
  return { batchJobs, idempotencyRecords };
}
