import { checkReassigned, consentDateOf } from '../consent/reassigned-check.js';
import { consentAddress, type ConsentBasis } from '../consent/standing.js';
import type { CustomerRow } from '../borrowers/borrowers.js';
import { MESSAGE_HELD_PREFIX, type MessageRow } from '../scheduled-messages/scheduled-messages.js';
import type { ReassignedNumbers } from '../ports/reassigned-numbers.js';
import type { CompanyConfig } from '../shared/company-config.js';
import type { Db } from '../../store/shared/db.js';
import type { RuleVerdict } from '../../scheduler/index.js';
import type { SendVerdict } from './message-checks.js';

/** A text whose Reassigned Numbers Database query failed is tried again this long after. */
const RND_RETRY_MS = 5 * 60_000;
/** A text held after a "no data" answer is looked at again this long after. */
const NO_DATA_RECHECK_MS = 24 * 3_600_000;

/**
 * The send-time Reassigned Numbers Database step for a text (docs/operators/compliance.md#reassigned-numbers),
 * after the rules, consent and the line type allowed it: the same check as a call's
 * (reassigned-check.ts). A "yes" skips the text, "no data" holds it a day (or until consent is
 * recorded and the next look), an unreachable database moves it a few minutes. Answers the rule
 * verdict to keep with the decision, or the refusal.
 */
export async function reassignedAtSend(
  db: Db,
  rnd: { live?: ReassignedNumbers; sandbox?: ReassignedNumbers } | undefined,
  m: MessageRow,
  customer: CustomerRow,
  config: CompanyConfig,
  to: string,
  consent: ConsentBasis,
  now: Date,
): Promise<{ go: RuleVerdict } | Exclude<SendVerdict, { send: true }>> {
  const outcome = await checkReassigned(
    db,
    customer.isTest ? rnd?.sandbox : rnd?.live,
    {
      companyId: m.companyId,
      customerId: m.customerId,
      phone: consentAddress(to),
      consentDate: consentDateOf(consent, customer.createdAt),
      channel: 'sms',
      subjectId: m.id,
      config,
    },
    now,
  );
  if (outcome.kind === 'clear') return { go: outcome.rule };
  if (outcome.kind === 'retry')
    return {
      send: false,
      status: 'pending',
      at: new Date(now.getTime() + RND_RETRY_MS).toISOString(),
      reason: outcome.reason,
    };
  if (outcome.kind === 'no-data')
    return {
      send: false,
      status: 'pending',
      at: new Date(now.getTime() + NO_DATA_RECHECK_MS).toISOString(),
      reason: `${MESSAGE_HELD_PREFIX}${outcome.reason}`.slice(0, 500),
      rules: [outcome.rule],
    };
  return { send: false, status: 'skipped', reason: outcome.reason.slice(0, 500), rules: [outcome.rule] };
}
