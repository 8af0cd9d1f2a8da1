import { checkReassigned } from '../consent/reassigned-check.js';
import { consentAddress } from '../consent/standing.js';
import type { CustomerRow } from '../borrowers/borrowers.js';
import type { ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import type { CompanyConfig } from '../shared/company-config.js';
import { type CallingState, type CallVerdict, reassignedOf } from './call-rules.js';
import type { CallServices } from './call-services.js';

/** A call whose Reassigned Numbers Database query failed is looked at again this long after. */
const RND_RETRY_MS = 5 * 60_000;

/**
 * The dial-time Reassigned Numbers Database step (docs/operators/compliance.md#reassigned-numbers),
 * after the calling rules and consent allowed the call: asks the database when nothing fresh answers
 * the number's consent date (reassigned-check.ts), keeps the answer, and turns a "yes" into a call
 * never placed, a "no data" into a call held for consent, and an unreachable database into a call
 * moved a few minutes on. Test customers ask the sandbox database (the simulator); real customers the
 * live one when an adapter is configured.
 */
export async function reassignedAtDial(
  s: Pick<CallServices, 'db' | 'reassigned'>,
  entry: { config: CompanyConfig; customer: CustomerRow },
  call: ScheduledCallRow,
  verdict: Extract<CallVerdict, { kind: 'allowed' }>,
  state: CallingState,
  now: Date,
): Promise<CallVerdict> {
  const { consentDate } = reassignedOf(entry.config, call.phoneNumber, verdict.consent, state, now);
  const rnd = entry.customer.isTest ? s.reassigned?.sandbox : s.reassigned?.live;
  const outcome = await checkReassigned(
    s.db,
    rnd,
    {
      companyId: call.companyId,
      customerId: call.customerId,
      phone: consentAddress(call.phoneNumber),
      consentDate,
      channel: 'call',
      subjectId: call.id,
      config: entry.config,
    },
    now,
    state.reassigned,
  );
  if (outcome.kind === 'retry')
    return {
      kind: 'later',
      time: new Date(now.getTime() + RND_RETRY_MS).toISOString(),
      reason: outcome.reason,
      rules: verdict.rules,
    };
  const rules = [...verdict.rules.filter((r) => r.rule !== outcome.rule.rule), outcome.rule];
  if (outcome.kind === 'reassigned') return { kind: 'never', reason: outcome.reason, rules };
  if (outcome.kind === 'no-data') return { kind: 'held', reason: outcome.reason, rules };
  return { ...verdict, rules };
}
