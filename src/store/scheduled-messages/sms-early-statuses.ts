import type { Db } from '../shared/db.js';
import { applyDeliveryStatus, DELIVERY_RANK, type DeliveryStatus, type MessageRow } from './scheduled-messages.js';
import { deleteInBatches } from '../shared/batched-deletes.js';

/** A status reported for a provider message id no message has yet; a repeated report changes nothing. */
export async function keepEarlyStatus(
  db: Db,
  providerMessageId: string,
  status: DeliveryStatus,
  reason: string | null,
  at: string,
): Promise<void> {
  await db('sms_early_statuses')
    .insert({ provider_message_id: providerMessageId, status, status_reason: reason, received_at: at })
    .onConflict(['provider_message_id', 'status'])
    .ignore();
}

/** Applies the statuses kept for this provider message id, oldest rank first (each only moves the message forward), and forgets them. */
export async function applyEarlyStatuses(db: Db, providerMessageId: string, at: string): Promise<MessageRow[]> {
  const kept: Array<{ status: DeliveryStatus; status_reason: string | null }> = await db('sms_early_statuses')
    .where({ provider_message_id: providerMessageId })
    .select('status', 'status_reason');
  if (kept.length === 0) return [];
  kept.sort((a, b) => DELIVERY_RANK[a.status] - DELIVERY_RANK[b.status]);
  const applied: MessageRow[] = [];
  for (const k of kept) {
    const row = await applyDeliveryStatus(db, providerMessageId, k.status, k.status_reason, at);
    if (row) applied.push(row);
  }
  await forgetEarlyStatuses(db, providerMessageId);
  return applied;
}

export async function forgetEarlyStatuses(db: Db, providerMessageId: string): Promise<void> {
  await db('sms_early_statuses').where({ provider_message_id: providerMessageId }).delete();
}

/** Deletes the statuses received before `before` (their provider message id was never recorded); returns how many. */
export async function deleteEarlyStatusesBefore(db: Db, before: string): Promise<number> {
  return deleteInBatches(db, 'sms_early_statuses', ['provider_message_id', 'status'], (q) => {
    q.where('received_at', '<', before);
  });
}
