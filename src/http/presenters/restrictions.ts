import type { ContactRestrictionRow } from '../../domain/borrowers/borrowers.js';
import type { components } from '../../../generated/api-types.js';

export type RestrictionBody = components['schemas']['Restriction'];

/** A contact restriction as `GET /customers/{customerId}/restrictions` and the restriction events carry it. */
export function presentRestriction(r: ContactRestrictionRow): RestrictionBody {
  return {
    id: r.id,
    customerId: r.customerId,
    loanId: r.loanId,
    kind: r.kind,
    source: r.source,
    reason: r.reason,
    callId: r.callId,
    createdAt: r.createdAt,
    liftedAt: r.liftedAt,
    liftedBy: r.liftedBy,
    liftReason: r.liftReason,
  };
}
