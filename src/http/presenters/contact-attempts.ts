import type { OutsideContactRow } from '../../domain/borrowers/borrowers.js';

/** A reported contact on the wire (`ContactAttempt`): the lender's attempt id, not our row id. */
export function presentContactAttempt(r: OutsideContactRow) {
  return {
    attemptId: r.externalId,
    customerId: r.customerId,
    loanId: r.loanId,
    channel: r.channel,
    direction: r.direction,
    purpose: r.purpose,
    occurredAt: r.occurredAt,
    outcome: r.outcome,
    conversation: r.conversation,
    address: r.address,
    source: r.source,
    recordedAt: r.recordedAt,
  };
}
