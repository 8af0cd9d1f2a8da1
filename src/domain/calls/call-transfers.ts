import { recordCallTransfer } from '../../observability/metrics.js';
import type { Db } from '../../store/shared/db.js';
import { insertTransfer, type TransferCounts, transferCounts } from '../../store/calls/call-transfers.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../shared/errors.js';
import type { ProviderName, TransferEvent, TransferStep } from '../ports/voice-provider.js';
import type { CallServices } from './call-services.js';

/**
 * Records one authenticated transfer event (Retell's `transfer_*` webhooks) durably, before the
 * webhook is answered: NotFoundError when the call is not one this provider connection placed,
 * ConflictError when this delivery was already recorded. A call's recorded steps decide its
 * transfer flags when it completes (transferFlags); counted per destination by transferResults.
 */
export async function recordTransfer(s: CallServices, provider: ProviderName, event: TransferEvent): Promise<void> {
  const result = await insertTransfer(
    s.db,
    {
      provider,
      eventId: event.eventId,
      scheduledCallId: event.scheduledCallId,
      providerCallId: event.providerCallId,
      step: event.transfer,
      destination: event.destination,
    },
    s.now().toISOString(),
  );
  if (result.kind === 'unknown_call') throw new NotFoundError(`Unknown call ${event.providerCallId}`);
  if (result.kind === 'duplicate')
    throw new ConflictError(`Event ${event.eventId} was already processed`, 'duplicate_event');
  recordCallTransfer(event.transfer, event.destination);
}

/** The flags a transfer can give; a call's transfer events, when it has any, decide all three. */
export const TRANSFER_FLAGS: readonly string[] = ['SUCCESSFUL_TRANSFER', 'TRANSFER_FAILED', 'FALLBACK_TRANSFER'];

/**
 * A completed call's flags with its transfer events read (docs/operators/voice-provider.md#transfers,
 * call-transfers.test.ts): with no transfer event the flags are left as the call's outcome gave
 * them (the disconnection reason `call_transfer` alone gives none). Otherwise the events decide:
 * - a transfer bridged after another destination failed on the same call: FALLBACK_TRANSFER;
 * - a transfer bridged (none failed before): SUCCESSFUL_TRANSFER;
 * - transfers that failed ("cancelled or fails to connect") and none bridged: TRANSFER_FAILED;
 * - a transfer started with no outcome reported: none of the three.
 */
export function transferFlags(
  flags: readonly string[],
  steps: ReadonlyArray<{ step: TransferStep; destination: string | null }>,
): string[] {
  if (steps.length === 0) return [...flags];
  const kept = flags.filter((f) => !TRANSFER_FLAGS.includes(f));
  const bridged = steps.findIndex((s) => s.step === 'bridged');
  const failedBefore = steps.some((s, i) => s.step === 'cancelled' && (bridged < 0 || i < bridged));
  if (bridged >= 0) return [...kept, failedBefore ? 'FALLBACK_TRANSFER' : 'SUCCESSFUL_TRANSFER'];
  return failedBefore ? [...kept, 'TRANSFER_FAILED'] : kept;
}

/** One destination's transfers in a period; see transferResults. */
export type TransferResult = TransferCounts;

/**
 * Per transfer destination, a company's transfers whose events were received in [from, to)
 * (`to` excluded), ordered by destination:
 * - `attempted`: transfers started (`transfer_started`);
 * - `bridged`: transfers that connected (`transfer_bridged`);
 * - `failed`: transfers "cancelled or [that] fail[ed] to connect" (`transfer_cancelled`);
 * - `fellBack`: of those failed, the ones whose call then bridged to another destination.
 * Takes the database or the call services (reports pass either). Rows are written once, by the
 * webhook receiver (recordTransfer); this only counts them.
 */
export async function transferResults(
  dbOrServices: Db | { db: Db },
  companyId: string,
  from: Date,
  to: Date,
): Promise<TransferResult[]> {
  if (!(from.getTime() < to.getTime())) throw new InvalidInputError('transferResults: from must be before to');
  // A Knex instance is a function; services are an object holding one.
  const db = typeof dbOrServices === 'function' ? dbOrServices : dbOrServices.db;
  return transferCounts(db, companyId, from.toISOString(), to.toISOString());
}
