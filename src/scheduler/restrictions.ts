import type { FlaggedRestriction } from './history.js';
import type { CustomerContact, Decision, RestrictionKind } from './types.js';

/** Why each restriction stops all outreach. */
export const RESTRICTION_RULES: Readonly<Record<RestrictionKind, { id: string; source: string }>> = {
  do_not_call: {
    id: 'restriction-do-not-call',
    source: 'TCPA 47 CFR 64.1200(d) (company-specific do-not-call list)',
  },
  cease_request: {
    id: 'restriction-cease-request',
    source: 'FDCPA 15 U.S.C. 1692c(c); Reg F 12 CFR 1006.6(c)(1)',
  },
  attorney_representation: {
    id: 'restriction-attorney-representation',
    source: 'FDCPA 15 U.S.C. 1692c(a)(2); Reg F 12 CFR 1006.6(b)(2)',
  },
  bankruptcy: {
    id: 'restriction-bankruptcy',
    source: '11 U.S.C. 362(a) (bankruptcy automatic stay)',
  },
  deceased: {
    id: 'restriction-deceased',
    source: 'Company policy: no outreach to a deceased customer (estate contacts are handled apart)',
  },
};

export interface RestrictionHit {
  kind: RestrictionKind;
  rule: string;
  source: string;
  decision: Decision;
}

/**
 * The first contact restriction that stops outreach about `loanId` (customer-wide restrictions,
 * the doNotCall flag and restricting call outcomes stop everything), or undefined.
 */
export function findContactRestriction(
  customer: CustomerContact,
  flagged: readonly FlaggedRestriction[],
  loanId: string | undefined,
): RestrictionHit | undefined {
  if (customer.doNotCall === true) return hit('do_not_call', 'the customer is marked Do Not Call');
  for (const restriction of customer.restrictions ?? []) {
    const scope = restriction.loanId ?? undefined;
    if (scope !== undefined && loanId !== undefined && scope !== loanId) continue;
    const since = restriction.since ? ` since ${restriction.since}` : '';
    const about = scope !== undefined ? ` for loan ${scope}` : '';
    return hit(restriction.kind, `contact restriction ${restriction.kind}${about}${since}`);
  }
  const first = flagged[0];
  if (first) return hit(first.kind, `call outcome ${first.flag} at ${first.at}`);
  return undefined;
}

function hit(kind: RestrictionKind, why: string): RestrictionHit {
  const rule = RESTRICTION_RULES[kind] ?? { id: 'restriction-unknown', source: 'Company policy' };
  return {
    kind,
    rule: rule.id,
    source: rule.source,
    decision: { rule: rule.id, source: rule.source, effect: 'blocked', message: `${why}: all outreach stopped` },
  };
}
