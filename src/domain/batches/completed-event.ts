import type { Db } from '../../store/shared/db.js';
import { getBatchJob } from '../../store/batches/batch-jobs.js';
import { publishEvent } from '../webhooks/publish.js';

/**
 * `batch.completed` once the job's last row is counted: called in the transaction that recorded
 * rows, so the event commits with the completion. The event key is the job, so a slice recorded
 * twice (or two slices finishing together on Postgres) still makes one event.
 */
export async function publishBatchCompletedIfDone(db: Db, companyId: string, jobId: string, now: Date): Promise<void> {
  const job = await getBatchJob(db, companyId, jobId);
  if (job?.status !== 'completed') return;
  await publishEvent(
    db,
    companyId,
    { type: 'batch.completed', subjectId: jobId, key: `batch.completed:${jobId}` },
    now,
  );
}
