import { getCompany } from '../../store/companies.js';
import { getCustomer } from '../../store/customers.js';
import { endClaimedCall, releaseDialLease, rescheduleClaimedCall, takeDialLease } from '../../store/call-dispatch.js';
import type { ScheduledCallRow } from '../../store/schedules.js';
import { ProviderRejectedError } from '../ports/voice-provider.js';
import { checkCallAt } from './call-rules.js';
import { type CallServices, callbackUrlOf, idempotencyKeyOf, providerFor } from './call-services.js';
import { recordPlacedCall } from './placed-calls.js';

/** One claimed scheduled call to dial (a message of the call-dial queue). */
export interface DialRequest {
  scheduledCallId: string;
  companyId: string;
}

export type DialOutcome = 'placed' | 'found_at_provider' | 'moved' | 'skipped' | 'failed' | 'not_ours';

/**
 * Dials one claimed scheduled call, at most once across workers, retries and crashes:
 * 1. the dial guard (one statement) gives this attempt the right to send the request;
 * 2. an attempt after the first asks the provider by idempotency key before anything else: the
 *    previous holder may have died after the provider accepted the call;
 * 3. the pure scheduler re-checks the call against the state now: not allowed → moved back to
 *    pending at the next allowed time, or skipped, with the reason stored;
 * 4. the provider request carries the idempotency key derived from the scheduled call;
 * 5. its answer is recorded (call record, provider call id).
 * A provider that is down releases the guard and throws (the queue retries with backoff); on the
 * last attempt, or when the provider refuses the request, the call ends as failed.
 */
export async function dialScheduledCall(s: CallServices, req: DialRequest, lastAttempt: boolean): Promise<DialOutcome> {
  const wall = Date.now();
  const call = await takeDialLease(s.db, req.companyId, req.scheduledCallId, new Date(wall).toISOString(), new Date(wall + s.settings.dialLeaseMs).toISOString());
  if (!call) return 'not_ours'; // placed already, ended, or another worker holds it
  const now = s.now();
  const at = now.toISOString();
  const [company, customer] = [await getCompany(s.db, req.companyId), await getCustomer(s.db, req.companyId, call.customerId)];
  if (!company || !customer) {
    await endClaimedCall(s.db, req.companyId, call.id, 'skipped', 'The customer no longer exists', at);
    return 'skipped';
  }
  const provider = s.voice[providerFor(customer.isTest)];
  const key = idempotencyKeyOf(call.id);
  try {
    if (call.dialAttempts > 1) {
      const found = await provider.findCall(key);
      if (found) {
        await recordPlacedCall(s.db, call, { provider: provider.name, providerCallId: found.providerCallId, toNumber: call.phoneNumber, fromNumber: s.settings.fromNumber, at: now });
        s.log.info('call found at the provider after an interrupted attempt', { scheduledCallId: call.id, providerCallId: found.providerCallId });
        return 'found_at_provider';
      }
    }
    const verdict = await checkCallAt(s.db, company.config, customer, call, now);
    if (verdict.kind === 'later') {
      await rescheduleClaimedCall(s.db, req.companyId, call.id, verdict.time, `Moved at dial time: ${verdict.reason}`, at);
      return 'moved';
    }
    if (verdict.kind === 'never') {
      await endClaimedCall(s.db, req.companyId, call.id, 'skipped', `Not allowed at dial time: ${verdict.reason}`, at);
      return 'skipped';
    }
    const placed = await provider.createCall({
      idempotencyKey: key,
      to: call.phoneNumber,
      from: s.settings.fromNumber,
      agent: agentFor(company.config, call),
      transferDestination: verdict.transferDestination,
      metadata: { scheduledCallId: call.id, companyId: call.companyId, customerId: call.customerId },
      callbackUrl: callbackUrlOf(s.settings, provider.name),
    });
    await recordPlacedCall(s.db, call, { provider: provider.name, providerCallId: placed.providerCallId, toNumber: call.phoneNumber, fromNumber: s.settings.fromNumber, at: s.now() });
    return 'placed';
  } catch (err) {
    const message = (err as Error).message;
    if (lastAttempt && !(err instanceof ProviderRejectedError)) {
      // A timed-out request may still have been placed: ask once more before giving up.
      const found = await provider.findCall(key).catch(() => null);
      if (found) {
        await recordPlacedCall(s.db, call, { provider: provider.name, providerCallId: found.providerCallId, toNumber: call.phoneNumber, fromNumber: s.settings.fromNumber, at: s.now() });
        return 'found_at_provider';
      }
    }
    if (err instanceof ProviderRejectedError || lastAttempt) {
      await endClaimedCall(s.db, req.companyId, call.id, 'failed', `The voice provider did not place the call: ${message}`, s.now().toISOString());
      return 'failed';
    }
    await releaseDialLease(s.db, req.companyId, call.id);
    throw err;
  }
}

/** The provider agent (script) for the call's task type: company configuration, else one named after the task type. */
function agentFor(config: { calls?: { agents?: Record<string, string> } }, call: ScheduledCallRow): string {
  return config.calls?.agents?.[call.taskType] ?? `agent-${call.taskType}`;
}
