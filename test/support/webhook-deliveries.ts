import type { Db } from '../../src/store/shared/db.js';
import { tables } from './tables.js';

/** A delivery row as the relay and the sweep find it, written straight to the table (no event, no payload). */
export async function insertDelivery(
  db: Db,
  to: { companyId: string; endpointId: string },
  id: string,
  row: { nextAttemptAt: number; createdAt: string; status?: 'pending' | 'delivered' | 'dead'; enqueued?: boolean },
): Promise<void> {
  await tables(db)
    .webhookDeliveries()
    .insert({
      id,
      company_id: to.companyId,
      endpoint_id: to.endpointId,
      event_type: 'call.completed',
      event_key: `call.completed:${id}`,
      subject_id: id,
      status: row.status ?? 'pending',
      enqueued: row.enqueued ?? false,
      attempts: 0,
      next_attempt_at: row.nextAttemptAt,
      window_started_at: row.nextAttemptAt,
      created_at: row.createdAt,
    });
}
