import { inboundReviews } from '../domain/consent/review-queue.js';
import { decideInboundReview } from '../domain/messages/inbound-reviews.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentInboundMessage } from '../http/presenters/consent.js';
import { companyContext } from './context.js';
import { nextCursorHeader, pageRequest } from './pages.js';

export const listInboundMessages: OperationHandler<'listInboundMessages'> = async (c, env) => {
  const { reviews, nextCursor } = await inboundReviews(
    companyContext(env),
    c.request.query.status,
    pageRequest(c.request.query),
  );
  return { status: 200, headers: nextCursorHeader(nextCursor), body: reviews.map(presentInboundMessage) };
};

export const reviewInboundMessage: OperationHandler<'reviewInboundMessage'> = async (c, env) => {
  const review = await decideInboundReview(
    companyContext(env),
    c.request.params.inboundMessageId,
    c.request.requestBody,
  );
  return { status: 200, body: presentInboundMessage(review) };
};
