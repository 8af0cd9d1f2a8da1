import type { FlaggedRestriction } from './history.js';
import type { CustomerContact, Decision, Purpose, RestrictionKind } from './types.js';

/**
 * Why each restriction stops outreach. `purposes`, when set, names the only purposes it stops (a
 * dispute pauses collections, not an application's calls); `callsOnly` restrictions leave texts
 * and emails alone (messageContact).
 */
export const RESTRICTION_RULES: Readonly<
  Record<RestrictionKind, { id: string; source: string; purposes?: readonly Purpose[]; callsOnly?: boolean }>
> = {
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
  debt_dispute: {
    id: 'restriction-debt-dispute',
    source:
      'FDCPA 15 U.S.C. 1692g(b) (a written dispute within the validation period: collection stops until verification is mailed); a spoken dispute pauses by company policy',
    purposes: ['collections'],
  },
  hardship_review: {
    id: 'restriction-hardship-review',
    source: 'Company policy: collection calls pause while the lender reviews a hardship request',
    purposes: ['collections'],
  },
  fraud_claim: {
    id: 'restriction-fraud-claim',
    source:
      'Company policy: a claim that the account is fraud or identity theft pauses outreach until the lender investigates (the person reached may not be the borrower: 15 U.S.C. 1692c(b) third-party disclosure risk)',
  },
  military_review: {
    id: 'restriction-military-review',
    source:
      'Company policy: collection calls pause until the lender verifies active duty and applies the SCRA (50 U.S.C. 3937 interest cap, 3931 default judgments)',
    purposes: ['collections'],
  },
  incarcerated: {
    id: 'restriction-incarcerated',
    source:
      'Company policy: the borrower cannot take calls; calls reach others in the household (15 U.S.C. 1692c(b) third-party disclosure risk)',
  },
  threat_or_abuse: {
    id: 'restriction-threat-or-abuse',
    source: 'Company policy: calls stop after a threat or abuse toward the agent; the lender decides how to continue',
    callsOnly: true,
  },
  accessibility: {
    id: 'restriction-accessibility',
    source:
      'Company policy: the borrower reported they cannot use automated voice calls; the lender arranges an accessible channel',
    callsOnly: true,
  },
};

export interface RestrictionHit {
  kind: RestrictionKind;
  rule: string;
  source: string;
  decision: Decision;
}

/**
 * The first contact restriction that stops outreach about `loanId` for `purpose` (customer-wide
 * restrictions, the doNotCall flag and restricting call outcomes stop everything; a restriction
 * for some purposes only stops those), or undefined.
 */
export function findContactRestriction(
  customer: CustomerContact,
  flagged: readonly FlaggedRestriction[],
  loanId: string | undefined,
  purpose?: Purpose,
): RestrictionHit | undefined {
  if (customer.doNotCall === true) return hit('do_not_call', 'the customer is marked Do Not Call');
  for (const restriction of customer.restrictions ?? []) {
    const only = RESTRICTION_RULES[restriction.kind]?.purposes;
    // Unknown purpose: the restriction applies (the stricter reading).
    if (only && purpose !== undefined && !only.includes(purpose)) continue;
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
