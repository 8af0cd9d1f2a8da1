import type { Db } from '../../store/shared/db.js';
import { type CallRow, insertCallsOnce } from '../../store/calls/calls.js';
import { setProviderCalls } from '../../store/calls/call-dispatch.js';
import type { ScheduledCallRow } from '../../store/planning/schedules.js';
import { newId } from '../shared/ids.js';

export interface PlacedAnswer {
  provider: string;
  providerCallId: string;
  toNumber: string;
  fromNumber: string | null;
  at: Date;
}

/**
 * Records that the provider placed the scheduled call: the call record (once per scheduled call)
 * and the provider's id on the scheduled call. Whichever comes first, the dispatcher with the
 * provider's answer or an early callback, writes it; the other finds it done.
 */
export async function recordPlacedCall(db: Db, call: ScheduledCallRow, placed: PlacedAnswer): Promise<CallRow> {
  return (await recordPlacedCalls(db, [{ call, placed }])).get(call.id)!;
}

/**
 * recordPlacedCall for a dial batch, in one transaction of two writes and one read whatever the
 * batch size. Returns the call record of each scheduled call (keyed by its id).
 */
export async function recordPlacedCalls(db: Db, answers: ReadonlyArray<{ call: ScheduledCallRow; placed: PlacedAnswer }>): Promise<Map<string, CallRow>> {
  if (!answers.length) return new Map();
  const at = answers.reduce((last, a) => (a.placed.at > last ? a.placed.at : last), answers[0]!.placed.at).toISOString();
  return db.transaction(async (trx) => {
    const rows = await insertCallsOnce(trx, answers.map(({ call, placed }) => ({
      id: newId(), companyId: call.companyId, customerId: call.customerId, scheduledCallId: call.id, provider: placed.provider, providerCallId: placed.providerCallId,
      toPhoneNumber: placed.toNumber, fromPhoneNumber: placed.fromNumber, timestamp: placed.at.toISOString(),
    })), at);
    await setProviderCalls(trx, answers.map(({ call, placed }) => {
      const row = rows.get(call.id)!;
      return { companyId: call.companyId, id: call.id, provider: row.provider, providerCallId: row.providerCallId, callId: row.id, dialedAt: placed.at.toISOString() };
    }), at);
    return rows;
  });
}
