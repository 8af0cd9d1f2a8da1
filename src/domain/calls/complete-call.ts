import { findCompanies } from '../shared/company-config.js';
import { completeScheduledCalls } from '../scheduled-calls/scheduled-calls.js';
import type { CallRow } from '../../store/calls/calls.js';
import { getCustomer, getCustomersByKey } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import type { ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import { type PublishedEvent, publishEventsOfCompanies } from '../webhooks/publish.js';
import { applyCallEffects, pendingCallsForEffects } from './apply-effects.js';
import type { EffectRule } from './call-effects.js';
import { scheduledCallUpdated } from '../planning/call-status-events.js';

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
 * THE transition to completed, for the calls of one set of callbacks (one or many), in the caller's
 * transaction: each scheduled call takes its call's flags (dialing → completed, once) and the flags'
 * effects apply. The transitions in one statement; the companies, the customers and the pending
 * calls to re-check in one read each; each call's effects in turn; the outbound events
 * (`call.completed`, and `scheduled_call.updated` for the scheduled call) in one insert, in the same
 * transaction, so they exist exactly when the outcome committed. Returns the calls that completed
 * now (not those already completed).
 */
export async function completeCalls(
  db: Db,
  calls: ReadonlyArray<{ scheduled: ScheduledCallRow; call: CallRow }>,
  now: Date,
): Promise<CompletedCall[]> {
  const at = now.toISOString();
  const moved = await completeScheduledCalls(
    db,
    calls.map(({ scheduled, call }) => ({ companyId: scheduled.companyId, id: scheduled.id, flags: call.flags })),
    at,
  );
  const done = calls.filter((c) => moved.has(c.scheduled.id));
  if (!done.length) return [];
  const companies = await findCompanies(
    db,
    done.map((c) => c.scheduled.companyId),
  );
  const customers = await getCustomersByKey(
    db,
    done.map((c) => ({ companyId: c.scheduled.companyId, customerId: c.scheduled.customerId })),
  );
  const pendingOf = await pendingCallsForEffects(
    db,
    done.map(({ scheduled, call }) => ({ call: scheduled, flags: call.flags })),
  );
  const effectsRan = new Set<string>();
  const completed: CompletedCall[] = [];
  for (const { scheduled, call } of done) {
    const key = `${scheduled.companyId}/${scheduled.customerId}`;
    // A second call of the same customer reads it again: the first one's effects may have changed it.
    const again = effectsRan.has(key);
    const customer = again
      ? await getCustomer(db, scheduled.companyId, scheduled.customerId)
      : (customers.get(key) ?? null);
    const pending = again ? undefined : pendingOf.get(key);
    effectsRan.add(key);
    const company = companies.get(scheduled.companyId);
    const effects =
      company && customer
        ? await applyCallEffects(
            {
              db,
              config: company.config,
              customer,
              call: { ...scheduled, postProcessingFlags: call.flags },
              callId: call.id,
              values: call.outcomeValues,
              now,
              pending,
            },
            call.flags,
          )
        : [];
    completed.push({
      companyId: scheduled.companyId,
      customerId: scheduled.customerId,
      scheduledCallId: scheduled.id,
      call,
      flags: call.flags,
      effects,
    });
  }
  const byCompany = new Map<string, PublishedEvent[]>();
  for (const { scheduled, call } of done) {
    byCompany.set(scheduled.companyId, [
      ...(byCompany.get(scheduled.companyId) ?? []),
      { type: 'call.completed', subjectId: call.id, key: `call.completed:${call.id}` },
      scheduledCallUpdated(scheduled.id, 'completed'),
    ]);
  }
  await publishEventsOfCompanies(db, byCompany, now);
  return completed;
}
