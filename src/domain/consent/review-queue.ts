import { isFederalHoliday } from '../../scheduler/index.js';
import {
  decideInboundReview,
  findInboundReview,
  insertInboundReviews,
  listInboundReviews,
  markReviewWarned,
  reviewsPastDue,
  reviewsToWarn,
  type InboundReviewRow,
  type InboundReviewStatus,
} from '../../store/consent/inbound-reviews.js';
import type { Db } from '../../store/shared/db.js';
import { findCompanies } from '../shared/company-config.js';
import { decodeCursor, encodeCursor, pageStart, type CursorScope, type PageRequest } from '../shared/cursor.js';
import { NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';

export type { InboundReviewRow, InboundReviewStatus };

/**
 * The limit of 47 CFR 64.1200(a)(10) as amended by FCC 24-24 (Report and Order, CG Docket 02-278,
 * adopted Feb 15 2024): a revocation is honoured "within a reasonable time not to exceed ten
 * business days of receipt".
 */
export const REVIEW_LIMIT_BUSINESS_DAYS = 10;
/** When `inbound_message.review_due` fires unless the company sets consent.reviewWarnBusinessDays. */
export const DEFAULT_REVIEW_WARN_BUSINESS_DAYS = 8;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `from` plus `days` business days, at the same time of day. A business day is a weekday (UTC
 * date) that is not a US federal holiday (5 U.S.C. 6103; @18f/us-federal-holidays through the
 * scheduler). The rule does not define "business day"; counting UTC dates and every federal holiday
 * (observed and actual) is the stricter reading in the sense that matters here: the job never
 * applies a revocation later than the rule allows, whatever the borrower's time zone. Each step moves to the next business
 * day, so a Saturday reply's first business day is Monday.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    const d = new Date(at);
    const weekday = d.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    if (isFederalHoliday(d.toISOString().slice(0, 10))) continue;
    left -= 1;
  }
  return new Date(at);
}

/** An unsure inbound text to queue for review in each company that texted the number. */
export interface UnsureReply {
  address: string;
  body: string;
  rule: string;
  providerMessageId: string | null;
  at: Date;
}

/** Queues the reply once per company (in the caller's transaction); returns the ids, one per company. */
export async function queueForReview(db: Db, companyIds: readonly string[], reply: UnsureReply): Promise<string[]> {
  const companies = await findCompanies(db, companyIds);
  const due = addBusinessDays(reply.at, REVIEW_LIMIT_BUSINESS_DAYS).toISOString();
  const rows = companyIds
    .filter((companyId) => companies.has(companyId))
    .map((companyId) => {
      const warnDays =
        companies.get(companyId)!.config.consent?.reviewWarnBusinessDays ?? DEFAULT_REVIEW_WARN_BUSINESS_DAYS;
      return {
        id: newId(),
        companyId,
        address: reply.address,
        body: reply.body.slice(0, 1600),
        rule: reply.rule.slice(0, 40),
        providerMessageId: reply.providerMessageId,
        receivedAt: reply.at.toISOString(),
        warnAt: addBusinessDays(reply.at, warnDays).toISOString(),
        dueAt: due,
      };
    });
  await insertInboundReviews(db, rows);
  return rows.map((r) => r.id);
}

const DEFAULT_PAGE_SIZE = 100;

/** One page of the company's inbound texts in review (or decided), newest first, and the next page's cursor. */
export async function inboundReviews(
  ctx: { db: Db; companyId: string },
  status: InboundReviewStatus | undefined,
  page: PageRequest,
): Promise<{ reviews: InboundReviewRow[]; nextCursor: string | null }> {
  // The cursor is bound to the company and the status filter (a page of `review` never continues `kept`).
  const scope: CursorScope = {
    list: 'inbound-messages',
    companyId: ctx.companyId,
    customerId: status ?? '*',
    ties: ['string'],
  };
  const offset = pageStart(page);
  const after = page.cursor === undefined ? undefined : decodeCursor(scope, page.cursor);
  const { rows, next } = await listInboundReviews(
    ctx.db,
    ctx.companyId,
    status,
    page.limit ?? DEFAULT_PAGE_SIZE,
    offset,
    after,
  );
  return { reviews: rows, nextCursor: next && encodeCursor(scope, next) };
}

/** One review of the company; NotFoundError for an unknown id or another company's. */
export async function inboundReview(ctx: { db: Db; companyId: string }, id: string): Promise<InboundReviewRow> {
  const row = await findInboundReview(ctx.db, ctx.companyId, id);
  if (!row) throw new NotFoundError('Inbound message not found');
  return row;
}

/** Records the decision on a waiting review; false when it was decided already. */
export async function recordReviewDecision(
  db: Db,
  companyId: string,
  id: string,
  decision: { status: Exclude<InboundReviewStatus, 'review'>; by: string; note: string | null; at: Date },
): Promise<boolean> {
  return decideInboundReview(db, companyId, id, { ...decision, at: decision.at.toISOString() });
}

export { markReviewWarned, reviewsPastDue, reviewsToWarn };
