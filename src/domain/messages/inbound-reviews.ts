import type { Db } from '../../store/shared/db.js';
import {
  inboundReview,
  markReviewWarned,
  recordReviewDecision,
  reviewsPastDue,
  reviewsToWarn,
  type InboundReviewRow,
} from '../consent/review-queue.js';
import { ConflictError } from '../shared/errors.js';
import { publishEvent } from '../webhooks/publish.js';
import { applyTextRevocation } from './sms-events.js';

/** An operator's decision on an unsure inbound text. */
export interface ReviewDecision {
  /** `revocation`: the reply revokes consent (applied now); `not_revocation`: consent stands. */
  decision: 'revocation' | 'not_revocation';
  /** Who decided (the operator's name or email; the console sends the signed-in user). */
  reviewedBy: string;
  note?: string | null;
}

/**
 * Records an operator's decision on a review still waiting, and, for `revocation`, opts the number
 * out of texts and revokes its consent in the company (docs/partners/consent.md), in one
 * transaction. A review decided already (by an operator or at the limit) is 409: a decision is
 * recorded once.
 */
export async function decideInboundReview(
  ctx: { db: Db; companyId: string; now: Date },
  id: string,
  input: ReviewDecision,
): Promise<InboundReviewRow> {
  const review = await inboundReview(ctx, id);
  await ctx.db.transaction(async (trx) => {
    const decided = await recordReviewDecision(trx, ctx.companyId, id, {
      status: input.decision === 'revocation' ? 'revoked' : 'kept',
      by: input.reviewedBy,
      note: input.note ?? null,
      at: ctx.now,
    });
    if (!decided) throw new ConflictError(`Inbound message ${id} was already reviewed`, 'already_reviewed');
    if (input.decision === 'revocation')
      await applyTextRevocation(
        trx,
        [ctx.companyId],
        review.address,
        `review:${review.rule}`,
        `SMS review ${id} by ${input.reviewedBy}${review.providerMessageId ? ` ${review.providerMessageId}` : ''}`,
        ctx.now,
      );
  });
  return inboundReview(ctx, id);
}

/** Who the job records as the decider when the limit runs out. */
export const REVIEW_LIMIT_DECIDER = 'system:review-limit';

/**
 * The review queue's clock, run by a job with "now" as a parameter: publishes
 * `inbound_message.review_due` once for each waiting review whose warning time has come, and
 * applies every review still waiting at its 10-business-day limit (47 CFR 64.1200(a)(10); FCC
 * 24-24) as a revocation, recorded as decided by `system:review-limit`. Each item commits alone,
 * so one failure neither blocks nor repeats the others; a run that races another changes nothing twice.
 */
export async function runReviewDeadlines(
  db: Db,
  now: Date,
  options: { batchSize?: number } = {},
): Promise<{ warned: number; applied: number }> {
  const batch = options.batchSize ?? 500;
  const at = now.toISOString();
  let warned = 0;
  for (const review of await reviewsToWarn(db, at, batch)) {
    await db.transaction(async (trx) => {
      if (!(await markReviewWarned(trx, review.id, at))) return;
      await publishEvent(
        trx,
        review.companyId,
        { type: 'inbound_message.review_due', subjectId: review.id, key: `inbound_message.review_due:${review.id}` },
        now,
      );
      warned += 1;
    });
  }
  let applied = 0;
  for (const review of await reviewsPastDue(db, at, batch)) {
    await db.transaction(async (trx) => {
      const decided = await recordReviewDecision(trx, review.companyId, review.id, {
        status: 'revoked',
        by: REVIEW_LIMIT_DECIDER,
        note: 'Not reviewed within 10 business days (47 CFR 64.1200(a)(10)): applied as a revocation',
        at: now,
      });
      if (!decided) return;
      await applyTextRevocation(
        trx,
        [review.companyId],
        review.address,
        `review-limit:${review.rule}`,
        `SMS review ${review.id} limit${review.providerMessageId ? ` ${review.providerMessageId}` : ''}`,
        now,
      );
      applied += 1;
    });
  }
  return { warned, applied };
}
