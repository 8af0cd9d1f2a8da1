import type { ScheduledCallStatus } from '../scheduled-calls/scheduled-calls.js';
import type { PublishedEvent } from '../webhooks/publish.js';

/**
 * `scheduled_call.updated` for a scheduled call that reached `status` (completed, failed, skipped or
 * cancelled): one event per call and status, so work that runs twice publishes once. Published in the
 * transaction of the change it reports.
 */
export function scheduledCallUpdated(
  id: string,
  status: Exclude<ScheduledCallStatus, 'pending' | 'dialing'>,
): PublishedEvent {
  return { type: 'scheduled_call.updated', subjectId: id, key: `scheduled_call.updated:${id}:${status}` };
}
