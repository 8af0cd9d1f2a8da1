import { randomUUID } from 'node:crypto';
import type { Db } from '../../store/db.js';
import { type CallRow, insertCallOnce } from '../../store/calls.js';
import { setProviderCall } from '../../store/call-dispatch.js';
import type { ScheduledCallRow } from '../../store/schedules.js';

/**
 * Records that the provider placed the scheduled call: the call record (once per scheduled call)
 * and the provider's id on the scheduled call. Whichever comes first, the dispatcher with the
 * provider's answer or an early callback, writes it; the other finds it done.
 */
export async function recordPlacedCall(
  db: Db, call: ScheduledCallRow, placed: { provider: string; providerCallId: string; toNumber: string; fromNumber: string | null; at: Date },
): Promise<CallRow> {
  const at = placed.at.toISOString();
  return db.transaction(async (trx) => {
    const row = await insertCallOnce(trx, call.companyId, {
      id: randomUUID(), customerId: call.customerId, scheduledCallId: call.id, provider: placed.provider, providerCallId: placed.providerCallId,
      toPhoneNumber: placed.toNumber, fromPhoneNumber: placed.fromNumber, timestamp: at,
    }, at);
    await setProviderCall(trx, call.companyId, call.id, { provider: row.provider, providerCallId: row.providerCallId, callId: row.id, dialedAt: at }, at);
    return row;
  });
}
