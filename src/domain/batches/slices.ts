/** How batch jobs are cut into queue messages (interface specification, Limits: slices of 25 rows). */
export const SLICE_SIZE = 25;
export const MAX_BATCH_ROWS = 10_000;
export const SLICE_QUEUE = 'batch-slices';

/** One queue message: rows [from, to) of a job. The rows themselves stay in the database. */
export interface SliceMessage {
  jobId: string;
  companyId: string;
  from: number;
  to: number;
  /** The job's kind (absent in messages queued before it was added): sets how many slices share a transaction. */
  kind?: string;
}

export function sliceMessages(jobId: string, companyId: string, total: number, kind?: string): SliceMessage[] {
  const messages: SliceMessage[] = [];
  for (let from = 0; from < total; from += SLICE_SIZE)
    messages.push({ jobId, companyId, from, to: Math.min(total, from + SLICE_SIZE), kind });
  return messages;
}
