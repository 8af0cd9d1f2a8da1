import type { InboundReviewRow } from '../../domain/consent/review-queue.js';
import type { components } from '../../../generated/api-types.js';

/** An inbound text of the review queue (GET /inbound-messages, its review decision, `inbound_message.review_due`). */
export function presentInboundMessage(r: InboundReviewRow): components['schemas']['InboundMessage'] {
  return {
    id: r.id,
    fromPhoneNumber: r.address,
    body: r.body,
    rule: r.rule,
    status: r.status,
    receivedAt: r.receivedAt,
    warnAt: r.warnAt,
    dueAt: r.dueAt,
    warnedAt: r.warnedAt,
    reviewedAt: r.decidedAt,
    reviewedBy: r.decidedBy,
    note: r.decisionNote,
  };
}
