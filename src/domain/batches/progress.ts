/**
 * A batch job's progress as its workers record it: the job starts processing, its pending rows are
 * read by slice, their outcomes recorded (src/store/batches/batch-rows.ts says how), and a job whose
 * unit cannot run is failed. The workers (src/jobs/) reach these tables only through here.
 */
import type { Db } from '../../store/shared/db.js';
import { type BatchJobStatus, getBatchJobKind } from '../../store/batches/batch-jobs.js';
import { type CompanyConfig, findCompany } from '../shared/company-config.js';

export { failBatchJob, markBatchJobProcessing } from '../../store/batches/batch-jobs.js';
export { pendingBatchRows, recordRowOutcomes, type RowOutcome } from '../../store/batches/batch-rows.js';

/** What a worker needs of a job: its kind, status and the company configuration it was submitted under. */
export async function getBatchJobForWork(
  db: Db,
  companyId: string,
  jobId: string,
): Promise<{ kind: string; status: BatchJobStatus; config: CompanyConfig } | null> {
  const job = await getBatchJobKind(db, companyId, jobId);
  const company = job && (await findCompany(db, companyId));
  return job && company ? { ...job, config: company.config } : null;
}
