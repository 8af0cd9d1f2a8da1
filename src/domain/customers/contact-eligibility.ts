import { DateTime } from 'luxon';
import {
  customerLocalities,
  type EligibilityResult,
  eligibilityAt,
  messageContact,
  phoneBook,
} from '../../scheduler/index.js';
import { getCustomer, type CustomerRow } from '../borrowers/borrowers.js';
import { getLoan } from '../borrowers/borrowers.js';
import { emailSuppression, smsOptOut } from '../messages/messages.js';
import { sentTimesSince, type MessageChannel, type MessageRow } from '../scheduled-messages/scheduled-messages.js';
import { callEligibilityAt, callingState } from '../calls/call-rules.js';
import { capVerdict } from '../messages/message-checks.js';
import { awaitsConsent, consentAddress, type MessageSubject, messageConsent } from '../consent/standing.js';
import {
  consentDateOf,
  type ReassignedAnswerRow,
  reassignedPolicy,
  reassignedStanding,
  reassignedVerdict,
} from '../consent/reassigned-check.js';
import { listConsentEvents } from '../consent/ledger.js';
import { schedulerConfigFor } from '../planning/scheduler-config.js';
import type { CompanyContext } from '../shared/context.js';
import { NotFoundError } from '../shared/errors.js';

export type ContactChannel = 'call' | 'sms' | 'email';

export interface BlockingReason {
  rule: string;
  source: string;
  detail: string;
  until: string | null;
}
export interface Budget {
  rule: string;
  source: string;
  used: number;
  limit: number;
  window: string;
  nextFreesAt: string | null;
}

export interface ChannelEligibility {
  channel: ContactChannel;
  address: string;
  allowed: boolean;
  /** Now, a later instant, or null when no time is allowed within the search horizon. */
  nextAllowedAt: string | null;
  blocking: BlockingReason[];
  budgets: Budget[];
}

export interface ContactEligibility {
  customerId: string;
  at: string;
  loanId: string | null;
  purpose: 'origination' | 'collections';
  channels: ChannelEligibility[];
}

/** A stop that is not a time rule: it has no end of its own (the customer or partner lifts it). */
const CHANNEL_STOPS = {
  smsOptOut: {
    rule: 'sms-opt-out',
    source: 'TCPA 47 CFR 64.1200(a)(10): revocation by any reasonable means (SMS STOP)',
  },
  emailSuppressed: {
    rule: 'email-suppressed',
    source: 'CAN-SPAM 15 U.S.C. 7704(a)(4); Reg F 12 CFR 1006.6(e) (opt-out)',
  },
  channelCap: {
    rule: 'channel-frequency',
    source: 'Company configuration (channels.<channel>.maxPerDay, maxPer7Days)',
  },
} as const;

/**
 * Whether each channel and number or address of the customer may be used at `at`, read by the same
 * pure scheduler code the dial-time check (calls) and the send-time check (texts, emails) run: what
 * blocks it now and until when, the next allowed instant, and each frequency budget.
 */
export async function contactEligibility(
  ctx: CompanyContext,
  customerId: string,
  query: { at?: string; loanId?: string },
): Promise<ContactEligibility> {
  const customer = await getCustomer(ctx.db, ctx.companyId, customerId);
  if (!customer) throw new NotFoundError(`Customer ${customerId} not found`);
  const at = query.at ? new Date(query.at) : ctx.now;
  const loan = query.loanId ? await getLoan(ctx.db, ctx.companyId, customerId, query.loanId) : null;
  const taskType = loan?.taskType ?? customer.taskType;
  const purpose = ctx.config.taskTypes.find((t) => t.name === taskType)?.purpose ?? 'origination';
  const loanId = query.loanId ?? null;

  const state = await callingState(ctx.db, ctx.config, customer, { id: '' }, at);
  const channels: ChannelEligibility[] = [];
  const numbers = phoneBook(state.contact, new Map()).all;
  for (const phone of numbers) {
    channels.push(
      fromScheduler(
        'call',
        phone,
        callEligibilityAt(ctx.config, { purpose, loanId, phoneNumber: phone, taskType: taskType ?? '' }, state, at),
        at,
      ),
    );
  }
  // Texts and emails see calls without their outcome flags, as the send-time check does.
  const messageState = {
    ...state,
    contact: messageContact(state.contact),
    history: state.history.map((h) => ({ ...h, flags: [] })),
  };
  const messageRead = (channel: MessageChannel) =>
    eligibilityAt(
      DateTime.fromJSDate(at, { zone: 'utc' }),
      { customer: messageState.contact, purpose, loanId, channel, history: messageState.history },
      schedulerConfigFor(ctx.config),
    );
  // Who a text or email is for, as the send-time consent check reads it (New York City's consent rule).
  const subject: MessageSubject = { purpose, localities: customerLocalities(customer), isTest: customer.isTest };
  if (customer.phoneNumber) {
    const sms = fromScheduler('sms', customer.phoneNumber, messageRead('sms'), at);
    const optedOut = await smsOptOut(ctx.db, ctx.companyId, customer.phoneNumber);
    if (optedOut)
      stop(sms, {
        ...CHANNEL_STOPS.smsOptOut,
        detail: `${customer.phoneNumber} opted out of SMS (${optedOut.keyword})`,
        until: null,
      });
    else consentStop(ctx, customer, sms, state.consents, state.reassigned, at, subject);
    channels.push(await withChannelCap(ctx, customer, sms, purpose, loanId, at));
  }
  if (customer.email) {
    const email = fromScheduler('email', customer.email, messageRead('email'), at);
    const suppressed = await emailSuppression(ctx.db, ctx.companyId, customer.email);
    if (suppressed)
      stop(email, {
        ...CHANNEL_STOPS.emailSuppressed,
        detail: `${customer.email} is unusable: ${suppressed.reason}`,
        until: null,
      });
    else
      consentStop(
        ctx,
        customer,
        email,
        await listConsentEvents(ctx.db, ctx.companyId, [customer.email.toLowerCase()]),
        [],
        at,
        subject,
      );
    channels.push(await withChannelCap(ctx, customer, email, purpose, loanId, at));
  }
  return { customerId, at: at.toISOString(), loanId, purpose, channels };
}

function fromScheduler(
  channel: ContactChannel,
  address: string,
  read: EligibilityResult,
  at: Date,
): ChannelEligibility {
  return {
    channel,
    address,
    allowed: read.time !== null && Date.parse(read.time) <= at.getTime(),
    nextAllowedAt: read.time,
    blocking: read.blocking.map((b) => ({ rule: b.rule, source: b.source, detail: b.message, until: b.until })),
    budgets: read.budgets.map((b) => ({
      rule: b.rule,
      source: b.source,
      used: b.used,
      limit: b.limit,
      window: b.window,
      nextFreesAt: b.nextFreesAt,
    })),
  };
}

/** A stop without an end: not allowed, and no next allowed instant until it is lifted. */
function stop(entry: ChannelEligibility, reason: BlockingReason): void {
  entry.blocking.push(reason);
  entry.allowed = false;
  entry.nextAllowedAt = null;
}

/**
 * A revoked consent stops a text or email as the send-time check does (message-dispatch.ts); a
 * consent a rule asks for and that is not recorded (New York City) holds it, with the same reason;
 * for a text, a Reassigned Numbers Database answer kept for the number ("yes", or "no data" held)
 * stops it as the send-time step does (reassigned-send.ts).
 */
function consentStop(
  ctx: Pick<CompanyContext, 'config'>,
  customer: Pick<CustomerRow, 'createdAt'>,
  entry: ChannelEligibility,
  events: Parameters<typeof messageConsent>[2],
  answers: readonly ReassignedAnswerRow[],
  at: Date,
  subject: MessageSubject,
): void {
  const standing = messageConsent(entry.channel as MessageChannel, entry.address, events, at, subject);
  if (standing.kind === 'refused') {
    stop(entry, {
      rule: standing.rule,
      source: standing.source,
      detail: awaitsConsent(standing) ? `consent-required: ${standing.detail}` : standing.detail,
      until: null,
    });
    return;
  }
  if (entry.channel !== 'sms') return;
  const phone = consentAddress(entry.address);
  const consentDate = consentDateOf(standing.basis, customer.createdAt);
  const kept = reassignedStanding(answers, phone, consentDate, reassignedPolicy(ctx.config), at);
  if (kept.kind !== 'reassigned' && kept.kind !== 'no-data') return;
  const verdict = reassignedVerdict(kept, phone, consentDate);
  stop(entry, {
    rule: verdict.rule,
    source: verdict.source,
    detail: kept.kind === 'no-data' ? `consent-required: ${verdict.detail}` : verdict.detail!,
    until: null,
  });
}

/** The company's own per-channel caps, checked by the same function the send-time check uses. */
async function withChannelCap(
  ctx: CompanyContext,
  customer: CustomerRow,
  entry: ChannelEligibility,
  purpose: string,
  loanId: string | null,
  at: Date,
): Promise<ChannelEligibility> {
  const channel = entry.channel as MessageChannel;
  const limits = ctx.config.channels?.[channel];
  if (limits?.maxPerDay === undefined && limits?.maxPer7Days === undefined) return entry;
  const sent = await sentTimesSince(
    ctx.db,
    ctx.companyId,
    customer.id,
    channel,
    new Date(at.getTime() - 7 * 86_400_000).toISOString(),
  );
  const verdict = capVerdict({ channel, purpose, loanId } as MessageRow, sent, ctx.config, at);
  if (verdict.send) return entry;
  const until = verdict.status === 'pending' ? verdict.at : null;
  entry.blocking.push({ ...CHANNEL_STOPS.channelCap, detail: verdict.reason, until });
  entry.allowed = false;
  if (until === null) entry.nextAllowedAt = null;
  else if (entry.nextAllowedAt !== null && until > entry.nextAllowedAt) entry.nextAllowedAt = until;
  return entry;
}
