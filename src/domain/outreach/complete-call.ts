import { getCompany } from '../../store/companies.js';
import { completeScheduledCall } from '../../store/call-dispatch.js';
import type { CallRow } from '../../store/calls.js';
import { getCustomer } from '../../store/customers.js';
import type { Db } from '../../store/db.js';
import type { ScheduledCallRow } from '../../store/schedules.js';
import { applyCallEffects } from './apply-effects.js';
import type { EffectRule } from './call-effects.js';

/** A call that just completed: what a `call.completed` notification (outbound webhooks) needs. */
export interface CompletedCall {
  companyId: string;
  customerId: string;
  scheduledCallId: string;
  call: CallRow;
  flags: string[];
  effects: EffectRule[];
}

/**
 * THE transition to completed: the scheduled call takes the call's flags (dialing → completed, once)
 * and the flags' effects apply, all in the caller's transaction. Null when it was already completed.
 * Hook outbound notifications here (they then commit with the outcome).
 */
export async function completeCall(db: Db, scheduled: ScheduledCallRow, call: CallRow, now: Date): Promise<CompletedCall | null> {
  const moved = await completeScheduledCall(db, scheduled.companyId, scheduled.id, call.flags, now.toISOString());
  if (!moved) return null;
  const company = await getCompany(db, scheduled.companyId);
  const customer = await getCustomer(db, scheduled.companyId, scheduled.customerId);
  const effects = company && customer
    ? await applyCallEffects({ db, config: company.config, customer, call: { ...scheduled, postProcessingFlags: call.flags }, now }, call.flags)
    : [];
  return { companyId: scheduled.companyId, customerId: scheduled.customerId, scheduledCallId: scheduled.id, call, flags: call.flags, effects };
}
