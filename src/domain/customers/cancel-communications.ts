import { getCustomerForUpdate } from '../borrowers/borrowers.js';
import { stopOutreach } from '../planning/schedules.js';
import type { CompanyContext } from '../shared/context.js';
import { NotFoundError } from '../shared/errors.js';

export interface CancelledCommunications {
  calls: number;
  emails: number;
  texts: number;
}

/**
 * POST /customers/{customerId}/cancel-communications: the lender stops all of the customer's
 * outreach at once. Active schedules and enrollment cadences end as cancelled, and every pending
 * scheduled call, email and text is cancelled with `reason` kept on it; each call publishes its
 * `scheduled_call.updated` event, as any other cancellation does. One transaction, with the customer
 * row locked so two concurrent requests cannot both count (and announce) the same items: the
 * second answers zeros, as a repeated request does.
 */
export async function cancelCommunications(
  ctx: CompanyContext,
  customerId: string,
  reason: string | undefined,
): Promise<CancelledCommunications> {
  const why = reason ? `Cancelled by the lender: ${reason}` : 'Cancelled by the lender (cancel-communications)';
  return ctx.db.transaction(async (trx) => {
    if (!(await getCustomerForUpdate(trx, ctx.companyId, customerId)))
      throw new NotFoundError(`Customer ${customerId} not found`);
    return stopOutreach(trx, ctx.companyId, customerId, ctx.now.toISOString(), why);
  });
}
