import type { Db } from '../../store/shared/db.js';
import { type CallRow, insertCallsOnce } from '../../store/calls/calls.js';
import { setProviderCalls } from '../scheduled-calls/scheduled-calls.js';
import type { ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import { newId } from '../shared/ids.js';

export interface PlacedAnswer {
  provider: string;
  providerCallId: string;
  toNumber: string;
  fromNumber: string | null;
  at: Date;
}

/**
 * Records that the provider placed these scheduled calls (a dial batch's answers, or the calls whose
 * callback beat that answer, callback-batch.ts): the call record (once per scheduled call) and the
 * provider's id on the scheduled call. Whichever comes first, the dispatcher with the provider's
 * answer or an early callback, writes it; the other finds it done. Two writes and one read whatever
 * the number of calls, in the caller's transaction when given one (else in its own); the records are
 * inserted in scheduled call id order, so a dial batch and a callback batch recording the same calls
 * never wait on each other crosswise. Returns the call record of each scheduled call (keyed by its id).
 */
export async function recordPlacedCalls(
  db: Db,
  answers: ReadonlyArray<{ call: ScheduledCallRow; placed: PlacedAnswer }>,
): Promise<Map<string, CallRow>> {
  if (!answers.length) return new Map();
  const ordered = [...answers].sort((a, b) => (a.call.id < b.call.id ? -1 : a.call.id > b.call.id ? 1 : 0));
  const at = answers.reduce((last, a) => (a.placed.at > last ? a.placed.at : last), answers[0].placed.at).toISOString();
  const write = async (trx: Db) => {
    const rows = await insertCallsOnce(
      trx,
      ordered.map(({ call, placed }) => ({
        id: newId(),
        companyId: call.companyId,
        customerId: call.customerId,
        scheduledCallId: call.id,
        provider: placed.provider,
        providerCallId: placed.providerCallId,
        toPhoneNumber: placed.toNumber,
        fromPhoneNumber: placed.fromNumber,
        timestamp: placed.at.toISOString(),
      })),
      at,
    );
    await setProviderCalls(
      trx,
      ordered.map(({ call, placed }) => {
        const row = rows.get(call.id)!;
        return {
          companyId: call.companyId,
          id: call.id,
          provider: row.provider,
          providerCallId: row.providerCallId,
          callId: row.id,
          dialedAt: placed.at.toISOString(),
        };
      }),
      at,
    );
    return rows;
  };
  return db.isTransaction ? write(db) : db.transaction(write);
}
