import type { Db } from '../../store/shared/db.js';
import {
  getPaymentLink,
  insertPaymentLink,
  listPaymentLinks,
  paymentLinkById,
  paymentLinkOfMessage,
  recordPaymentLinkOpen,
  type PaymentLinkChannel,
  type PaymentLinkRow,
  type PaymentLinkSource,
} from '../../store/payment-links/payment-links.js';
import { customerExists, type LoanRow } from '../borrowers/borrowers.js';
import type { MessageRow } from '../scheduled-messages/scheduled-messages.js';
import type { ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import { scheduleSingleMessage } from '../planning/message-schedules.js';
import { publishEvent } from '../webhooks/publish.js';
import { type CompanyConfig, findCompany, usesPaymentLink } from '../shared/company-config.js';
import type { CompanyContext } from '../shared/context.js';
import { NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { fillPaymentUrl } from '../shared/payment-link-url.js';
import { paymentLinkToken, readPaymentLinkToken } from './tokens.js';

export type { PaymentLinkRow };

/** Hours a link stays usable when the company sets no `paymentLinks.expiresInHours`. */
export const DEFAULT_PAYMENT_LINK_HOURS = 72;
/** The step name of the message a promise sends (shown with the message in GET /texts and /emails). */
export const PAYMENT_LINK_STEP = 'payment-link';

/** Where links point and how they are signed: the service's public address and signing secret. */
export interface LinkSigning {
  publicBaseUrl: string;
  signingSecret: string;
}

/** The short URL of a link: what a text, an email or the agent gives the borrower. */
export function paymentLinkUrl(signing: LinkSigning, link: PaymentLinkRow): string {
  return `${signing.publicBaseUrl}/pay/${paymentLinkToken(signing.signingSecret, link.id, new Date(link.expiresAt))}`;
}

interface IssueInput {
  companyId: string;
  customerId: string;
  loanId: string | null;
  amount: string | null;
  taskType: string;
  channel: PaymentLinkChannel;
  source: PaymentLinkSource;
  promiseId?: string | null;
  scheduledMessageId?: string | null;
  scheduledCallId?: string | null;
  now: Date;
}

/** Issues a link (one per message and per call: issuing again returns the first). */
async function issue(db: Db, config: CompanyConfig, i: IssueInput): Promise<PaymentLinkRow> {
  const hours = config.paymentLinks?.expiresInHours ?? DEFAULT_PAYMENT_LINK_HOURS;
  return insertPaymentLink(db, {
    id: newId(),
    companyId: i.companyId,
    customerId: i.customerId,
    loanId: i.loanId,
    amount: i.amount === null ? null : Number(i.amount).toFixed(2),
    taskType: i.taskType,
    channel: i.channel,
    source: i.source,
    promiseId: i.promiseId ?? null,
    scheduledMessageId: i.scheduledMessageId ?? null,
    scheduledCallId: i.scheduledCallId ?? null,
    createdAt: i.now.toISOString(),
    expiresAt: new Date(i.now.getTime() + hours * 3_600_000).toISOString(),
  });
}

/** A promise just recorded, as the link after it needs it. */
export interface PromiseForLink {
  id: string;
  customerId: string;
  loanId: string | null;
  amount: string;
}

/**
 * After a promise to pay: when the company configured `paymentLinks.afterPromise`, one message with
 * a link for the promised amount, due at once, in the caller's transaction (the call's completion).
 * The message is sent like any other, under every send-time rule (hours, caps, consent, opt-outs).
 * Returns the link, or null when the company sends none.
 */
export async function sendPaymentLinkAfterPromise(
  db: Db,
  config: CompanyConfig,
  call: ScheduledCallRow,
  promise: PromiseForLink,
  now: Date,
): Promise<PaymentLinkRow | null> {
  const after = config.paymentLinks?.afterPromise;
  if (!after) return null;
  const loanId = promise.loanId ?? call.loanId;
  const messageId = await scheduleSingleMessage(db, call.companyId, {
    customerId: promise.customerId,
    loanId,
    taskType: call.taskType,
    purpose: call.purpose === 'collections' ? 'collections' : 'origination',
    channel: after.channel,
    step: PAYMENT_LINK_STEP,
    template: after.template,
    at: now,
    source: 'payment_link',
  });
  return issue(db, config, {
    companyId: call.companyId,
    customerId: promise.customerId,
    loanId,
    amount: promise.amount,
    taskType: call.taskType,
    channel: after.channel,
    source: 'promise',
    promiseId: promise.id,
    scheduledMessageId: messageId,
    now,
  });
}

/**
 * The link a message carries, when its template uses `{{paymentLink}}`: the one issued with it (after
 * a promise), else one issued now for the message's loan and its amount due (a cadence's message
 * step). Null when the template carries none or the company has no payment page.
 */
export async function paymentLinkForMessage(
  db: Db,
  config: CompanyConfig,
  m: MessageRow,
  loan: LoanRow | null,
  now: Date,
): Promise<PaymentLinkRow | null> {
  const template = config.templates?.[m.template];
  if (!config.paymentLinks || !template || !usesPaymentLink(template)) return null;
  const issued = await paymentLinkOfMessage(db, m.companyId, m.id);
  if (issued) return issued;
  return issue(db, config, {
    companyId: m.companyId,
    customerId: m.customerId,
    loanId: m.loanId,
    amount: loan?.amountDue ?? null,
    taskType: m.taskType,
    channel: m.channel,
    source: 'message',
    scheduledMessageId: m.id,
    now,
  });
}

/**
 * The link the agent of a collections call may offer ("I can text you a link"), sent as the
 * `payment_link` dynamic variable: for the call's loan and its amount due, one per scheduled call
 * however often it is dialed. Null when the company has no payment page.
 */
export async function paymentLinkForCall(
  db: Db,
  config: CompanyConfig,
  call: ScheduledCallRow,
  loan: LoanRow,
  now: Date,
): Promise<PaymentLinkRow | null> {
  if (!config.paymentLinks) return null;
  return issue(db, config, {
    companyId: call.companyId,
    customerId: call.customerId,
    loanId: loan.id,
    amount: loan.amountDue,
    taskType: call.taskType,
    channel: 'call',
    source: 'call',
    scheduledCallId: call.id,
    now,
  });
}

/** What following a link leads to: the lender's page, or a page saying why not. */
export type LinkOpening =
  | { kind: 'redirect'; url: string; link: PaymentLinkRow }
  | { kind: 'invalid' }
  | { kind: 'expired'; expiresAt: Date }
  | { kind: 'inactive' };

/**
 * A borrower followed a link: a valid one is counted as opened (its first open publishes
 * `payment_link.opened`, in the same transaction) and leads to the lender's page filled for it. A
 * malformed or altered token is `invalid` before the database is read; an expired one is `expired`;
 * a link whose company no longer has a payment page (or that retention removed) is `inactive`.
 */
export async function openPaymentLink(db: Db, secret: string, token: string, now: Date): Promise<LinkOpening> {
  const read = readPaymentLinkToken(secret, token);
  if (read.kind === 'invalid') return read;
  if (now.getTime() >= read.expiresAt.getTime()) return { kind: 'expired', expiresAt: read.expiresAt };
  const found = await paymentLinkById(db, read.id);
  if (!found) return { kind: 'inactive' };
  const company = await findCompany(db, found.companyId);
  const template = company?.config.paymentLinks?.urlTemplate;
  if (!template) return { kind: 'inactive' };
  const link = await db.transaction(async (trx) => {
    const opened = await recordPaymentLinkOpen(trx, found.companyId, found.id, now.toISOString());
    if (opened.first)
      await publishEvent(
        trx,
        found.companyId,
        { type: 'payment_link.opened', subjectId: found.id, key: `payment_link.opened:${found.id}` },
        now,
      );
    return opened.link;
  });
  const url = fillPaymentUrl(template, {
    customerId: link.customerId,
    loanId: link.loanId,
    amount: link.amount,
    reference: link.id,
  });
  return { kind: 'redirect', url, link };
}

/** The customer's links, newest first (404 for an unknown customer). */
export async function customerPaymentLinks(ctx: CompanyContext, customerId: string): Promise<PaymentLinkRow[]> {
  if (!(await customerExists(ctx.db, ctx.companyId, customerId)))
    throw new NotFoundError(`Customer ${customerId} not found`);
  return listPaymentLinks(ctx.db, ctx.companyId, customerId);
}

/** One link of the company, for the `payment_link.opened` event's data. */
export async function paymentLinkOfCompany(ctx: { db: Db; companyId: string }, id: string): Promise<PaymentLinkRow> {
  const link = await getPaymentLink(ctx.db, ctx.companyId, id);
  if (!link) throw new NotFoundError(`Payment link ${id} not found`);
  return link;
}
