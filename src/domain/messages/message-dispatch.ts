import { findCompany } from '../shared/company-config.js';
import { listActiveRestrictions, listOutsideContactsOf } from '../borrowers/borrowers.js';
import { getCustomer, type CustomerRow } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import { listConsentEvents } from '../consent/ledger.js';
import {
  awaitsConsent,
  type ConsentBasis,
  consentAddress,
  messageConsent,
  type MessageSubject,
  refusalReason,
} from '../consent/standing.js';
import { customerLocalities } from '../../scheduler/index.js';
import { emailSuppression, smsOptOut, suppressEmail } from '../../store/messages/channel-stops.js';
import {
  getSmsNumber,
  holdSms,
  markSmsNumberUnusable,
  recordLineType,
  releaseSmsHold,
  smsHold,
  type SmsAccount,
} from '../../store/messages/sms-numbers.js';
import type { SmsProvider } from '../ports/sms.js';
import type { ReassignedNumbers } from '../ports/reassigned-numbers.js';
import { reassignedAtSend } from './reassigned-send.js';
import { HOLD_RETRY_MS, LINE_TYPE_CACHE_DAYS, NEVER_TEXTED_LINE_TYPES, smsErrorMeaning } from './sms-errors.js';
import { recordProviderOptOut, unusableNumber } from './sms-numbers.js';
import { resolveLanguage, type SupportedLanguage } from '../shared/language.js';
import { getLoan } from '../borrowers/borrowers.js';
import {
  claimDueMessages,
  failStaleSending,
  listSentMessagesOf,
  recordSend,
  releaseMessage,
  sentTimesSince,
  MESSAGE_HELD_PREFIX,
  type MessageRow,
} from '../scheduled-messages/scheduled-messages.js';
import { listContactHistory } from '../scheduled-calls/scheduled-calls.js';
import type { ContactAttempt } from '../../scheduler/index.js';
import { callAttempts, historySince, messageAttempts, outsideAttempts } from '../planning/contact-history.js';
import type { CompanyConfig } from '../shared/company-config.js';
import type { ChannelRoute, MessageRoutes } from '../ports/channels.js';
import { optOutToken } from './email-opt-out.js';
import { capVerdict, type SendVerdict, windowVerdict } from './message-checks.js';
import { render, templateData } from './templates.js';
import { PROMISE_REMINDER_STEP, promiseOfReminder } from '../promises/promises.js';
import { paymentLinkForMessage, paymentLinkUrl } from '../payment-links/payment-links.js';
import { recordSmsSent } from './sms-events.js';
import { recordContactDecisions } from '../audit/contact-decisions.js';
import type { RuleVerdict } from '../../scheduler/index.js';

export interface DispatchDeps {
  db: Db;
  now: () => Date;
  routes: MessageRoutes;
  /** Base of links in messages and of the SMS status callback URL. */
  publicBaseUrl: string;
  log: { error(msg: string, data?: object): void };
  /**
   * The `provider.alert` of an account that refused the request itself (a `hold`): raised when the
   * hold starts, closed when the account accepts a text again. The voice go-live's alert mechanism
   * (src/domain/calls/refusals.ts `smsAccountAlerts`), handed in by the workers (src/jobs/index.ts)
   * since calls and messages are siblings. Absent: the hold alone.
   */
  alerts?: {
    raise(
      db: Db,
      a: { companyId: string; account: SmsAccount; code: number; reason: string; now: Date },
    ): Promise<void>;
    clear(db: Db, a: { companyId: string; account: SmsAccount; now: Date }): Promise<void>;
  };
  /**
   * The Reassigned Numbers Database: `sandbox` (the simulator) for test customers, `live` for real
   * ones; unset = not asked (docs/operators/compliance.md#reassigned-numbers).
   */
  reassigned?: { live?: ReassignedNumbers; sandbox?: ReassignedNumbers };
}

/** A claim older than this whose send never finished: its process died mid-send. */
const STALE_CLAIM_MS = 10 * 60_000;
/** Transient provider failures (connection refused, 4xx SMTP, 5xx HTTP) are retried after this. */
const RETRY_MS = 5 * 60_000;
/** A message waiting for consent a rule asks for is looked at again this long after. */
const CONSENT_HOLD_RECHECK_MS = 24 * 3_600_000;

/** The opt-out line every text carries, in the customer's language (STOP works in every language: CTIA). */
export const SMS_OPT_OUT_NOTICES: Record<SupportedLanguage, string> = {
  en: 'Reply STOP to opt out.',
  es: 'Responda STOP para no recibir más mensajes.',
};
export const SMS_OPT_OUT_NOTICE = SMS_OPT_OUT_NOTICES.en;

/** The email opt-out footer (Reg F 12 CFR 1006.6(e)), in the customer's language. */
const EMAIL_OPT_OUT: Record<SupportedLanguage, { text: (link: string) => string; html: (link: string) => string }> = {
  en: {
    text: (link) => `To stop receiving these emails, open ${link}`,
    html: (link) => `<p>To stop receiving these emails, <a href="${link}">unsubscribe here</a>.</p>`,
  },
  es: {
    text: (link) => `Para dejar de recibir estos correos, abra ${link}`,
    html: (link) => `<p>Para dejar de recibir estos correos, <a href="${link}">cancele la suscripción aquí</a>.</p>`,
  },
};

/**
 * Every text carries a clear opt-out notice (12 CFR 1006.6(e); CTIA): the notice is appended unless
 * the text already contains the notice itself (its words, whatever the case and spacing). A text
 * that only mentions "stop" in another sense ("stop by the branch") still gets it.
 */
export function withOptOutNotice(text: string, notice: string = SMS_OPT_OUT_NOTICE): string {
  const words = (t: string) =>
    ` ${t
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()} `;
  return words(text).includes(words(notice)) ? text : `${text.trimEnd()}\n${notice}`;
}

/**
 * One dispatch round: claims due messages (one statement, committed before anything is sent),
 * re-checks each against the state now, and sends the allowed ones. Returns how many were claimed.
 */
export async function dispatchDueMessages(deps: DispatchDeps, limit: number, perCompany: number): Promise<number> {
  const now = deps.now();
  // At most once: a message whose sender died mid-send is failed, never sent again.
  await failStaleSending(deps.db, new Date(now.getTime() - STALE_CLAIM_MS).toISOString(), now.toISOString());
  const claimed = await claimDueMessages(deps.db, now.toISOString(), limit, perCompany);
  const configs = new Map<string, Promise<CompanyConfig | null>>();
  const configOf = (companyId: string) => {
    if (!configs.has(companyId))
      configs.set(
        companyId,
        findCompany(deps.db, companyId).then((c) => c?.config ?? null),
      );
    return configs.get(companyId)!;
  };
  await Promise.all(
    claimed.map((m) =>
      deliver(deps, m, configOf).catch((err: Error) => {
        deps.log.error('message dispatch failed', { messageId: m.id, error: err.stack });
        return releaseMessage(
          deps.db,
          m.companyId,
          m.id,
          {
            status: 'pending',
            scheduledTime: new Date(deps.now().getTime() + RETRY_MS).toISOString(),
            reason: `retrying after an error: ${err.message}`.slice(0, 500),
          },
          deps.now().toISOString(),
        );
      }),
    ),
  );
  return claimed.length;
}

async function deliver(
  deps: DispatchDeps,
  m: MessageRow,
  configOf: (id: string) => Promise<CompanyConfig | null>,
): Promise<void> {
  const now = deps.now();
  const at = now.toISOString();
  let decided = false; // set once the contact itself is decided on (not a vanished customer or template)
  // The send-time decision's evidence, kept whatever it was: the rules evaluated (none when it stopped before them) and the consent basis.
  const decide = (
    verdict: 'allowed' | 'moved' | 'refused',
    recipient: string | null,
    rules: readonly RuleVerdict[],
    reason: string | null,
    consent: ConsentBasis | null = null,
  ) =>
    recordContactDecisions(deps.db, [
      {
        companyId: m.companyId,
        customerId: m.customerId,
        channel: m.channel,
        subjectId: m.id,
        at: now,
        verdict,
        recipient,
        rules,
        reason,
        consent,
      },
    ]);
  const release = async (v: Exclude<SendVerdict, { send: true }>, recipient: string | null = null) => {
    if (decided) await decide(v.status === 'pending' ? 'moved' : 'refused', recipient, v.rules ?? [], v.reason);
    return releaseMessage(
      deps.db,
      m.companyId,
      m.id,
      {
        status: v.status,
        scheduledTime: v.status === 'pending' ? v.at : undefined,
        reason: v.reason,
        explanation: v.explanation,
      },
      at,
    );
  };
  const skip = (reason: string) => release({ send: false, status: 'skipped', reason });

  const [config, customer] = [await configOf(m.companyId), await getCustomer(deps.db, m.companyId, m.customerId)];
  if (!config || !customer) return skip('the customer no longer exists');
  const template = config.templates?.[m.template];
  if (!template) return skip(`template ${m.template} is no longer configured`);
  const own = customer.isTest ? undefined : deps.routes.companySms?.(m.companyId, config);
  const route = customer.isTest ? deps.routes.sandbox : own ? { ...deps.routes.live, sms: own } : deps.routes.live;
  const account: SmsAccount = customer.isTest ? 'sandbox' : own ? 'company' : 'operator';
  // The account refused its credentials (20003): the company's texts wait for it, none is failed.
  const hold = m.channel === 'sms' ? await smsHold(deps.db, m.companyId, account) : null;
  if (hold && hold.retryAt > at)
    return release({ send: false, status: 'pending', at: hold.retryAt, reason: heldReason(hold.reason) });
  decided = true;
  const recipient = await usableRecipient(deps.db, m, customer, route, now);
  if ('skip' in recipient) return skip(recipient.skip);
  // Waiting for the consent a rule asks for (New York City's consent to electronic communications):
  // looked at again a day later, and sent once the consent is recorded.
  if ('hold' in recipient)
    return release({
      send: false,
      status: 'pending',
      at: new Date(now.getTime() + CONSENT_HOLD_RECHECK_MS).toISOString(),
      reason: recipient.hold.slice(0, 500),
      rules: recipient.rules,
    });

  const restrictions = await listActiveRestrictions(deps.db, m.companyId, m.customerId);
  const windowCheck = windowVerdict(
    m,
    customer,
    restrictions,
    config,
    now,
    await contactHistory(deps.db, m, historySince(config, now)),
  );
  if (!windowCheck.send) return release(windowCheck, recipient.to);
  const limits = config.channels?.[m.channel];
  if (limits?.maxPerDay !== undefined || limits?.maxPer7Days !== undefined) {
    const sent = await sentTimesSince(
      deps.db,
      m.companyId,
      m.customerId,
      m.channel,
      new Date(now.getTime() - 7 * 86_400_000).toISOString(),
    );
    const capCheck = capVerdict(m, sent, config, now);
    if (!capCheck.send) return release({ ...capCheck, rules: windowCheck.rules }, recipient.to);
  }
  if (m.channel === 'sms') {
    // Before the first text to a number (and when the cached answer is old): its line type; landlines are never texted.
    const line = await lineTypeVerdict(deps, m.companyId, route.sms!, recipient.to, now);
    if ('hold' in line) return holdTexts(deps, m, account, line.hold, line.reason);
    if ('retry' in line)
      return release({
        send: false,
        status: 'pending',
        at: new Date(now.getTime() + RETRY_MS).toISOString(),
        reason: line.retry,
      });
    if ('skip' in line) return release({ send: false, status: 'skipped', reason: line.skip, rules: windowCheck.rules });
  }
  const rules = [...(windowCheck.rules ?? [])];
  if (m.channel === 'sms') {
    // Consent old enough: the Reassigned Numbers Database is asked before the text (reassigned-send.ts).
    const rnd = await reassignedAtSend(
      deps.db,
      deps.reassigned,
      m,
      customer,
      config,
      recipient.to,
      recipient.consent,
      now,
    );
    if (!('go' in rnd)) return release({ ...rnd, rules: [...rules, ...(rnd.rules ?? [])] }, recipient.to);
    rules.push(rnd.go);
  }
  await decide('allowed', recipient.to, rules, null, recipient.consent);

  const loan = m.loanId ? await getLoan(deps.db, m.companyId, m.customerId, m.loanId) : null;
  // The customer's language (BCP 47), else the company's default: the template version and the notices.
  const { language } = resolveLanguage(customer.language, config);
  const promise = m.step === PROMISE_REMINDER_STEP ? await promiseOfReminder(deps.db, m.companyId, m.id) : null;
  // A template with `{{paymentLink}}` carries the message's payment link (docs/partners/outcomes.md#pay-by-link).
  const link = await paymentLinkForMessage(deps.db, config, m, loan, now);
  const data = templateData(customer, loan, promise && { amount: promise.amount, promisedDate: promise.promisedDate });
  const signing = { publicBaseUrl: deps.publicBaseUrl, signingSecret: deps.routes.signingSecret };
  const rendered = render(template, link ? { ...data, paymentLink: paymentLinkUrl(signing, link) } : data, language);
  // A text sent through the company's own account reports back naming the company: its token verifies it.
  const statusCallback = `${deps.publicBaseUrl}/webhooks/sms/status${own ? `?company=${encodeURIComponent(m.companyId)}` : ''}`;
  if (m.channel === 'sms')
    return sendSms(deps, m, route, recipient.to, config, rendered.text, customer.isTest, statusCallback, {
      account,
      held: hold !== null,
      language,
    });
  return sendEmail(deps, m, route, recipient.to, config, rendered, customer.isTest, language);
}

/**
 * Every other attempt the cross-channel caps count: calls (without their outcome flags: a call's
 * Do Not Call outcome is a telephone rule, not a text or email one), texts and emails sent, and the
 * lender's own contacts (POST /contact-attempts).
 */
async function contactHistory(db: Db, m: MessageRow, since: string): Promise<ContactAttempt[]> {
  const calls = await listContactHistory(db, m.companyId, m.customerId, since);
  const key = [{ companyId: m.companyId, customerId: m.customerId }];
  const messages = (await listSentMessagesOf(db, key, since)).filter((x) => x.id !== m.id);
  const outside = await listOutsideContactsOf(db, key, since);
  return [...callAttempts(calls, false), ...messageAttempts(messages), ...outsideAttempts(outside)];
}

/** The address or number to use, or why the message cannot go (missing, suppressed, opted out, no route). */
async function usableRecipient(
  db: Db,
  m: MessageRow,
  customer: CustomerRow,
  route: ChannelRoute,
  now: Date,
): Promise<{ to: string; consent: ConsentBasis } | { skip: string } | { hold: string; rules: RuleVerdict[] }> {
  if (m.channel === 'email') {
    if (!route.email)
      return {
        skip: customer.isTest ? 'test customer: no sandbox SMTP server is configured' : 'no email server is configured',
      };
    if (!customer.email) return { skip: 'the customer has no email address' };
    const suppressed = await emailSuppression(db, m.companyId, customer.email);
    if (suppressed)
      return {
        skip: `email address ${customer.email} is unusable: ${suppressed.reason}${suppressed.detail ? ` (${suppressed.detail})` : ''}`,
      };
    const consent = await consentOf(db, m, 'email', customer.email, now, customer);
    return 'basis' in consent ? { to: customer.email, consent: consent.basis } : consent;
  }
  if (!route.sms)
    return {
      skip: customer.isTest ? 'test customer: no sandbox SMS simulator is configured' : 'no SMS provider is configured',
    };
  if (!customer.phoneNumber) return { skip: 'the customer has no phone number' };
  const optedOut = await smsOptOut(db, m.companyId, customer.phoneNumber);
  if (optedOut) return { skip: `${customer.phoneNumber} opted out of SMS (${optedOut.keyword})` };
  const unusable = await unusableNumber(db, m.companyId, customer.phoneNumber);
  if (unusable) return { skip: `${customer.phoneNumber} is unusable for texts: ${unusable}` };
  const consent = await consentOf(db, m, 'sms', customer.phoneNumber, now, customer);
  return 'basis' in consent ? { to: customer.phoneNumber, consent: consent.basis } : consent;
}

/**
 * The consent the message relies on, or the ledger's revocation of this address and channel as the
 * skip reason (a revocation by any means, by API included).
 */
async function consentOf(
  db: Db,
  m: MessageRow,
  channel: 'sms' | 'email',
  address: string,
  now: Date,
  customer: CustomerRow,
): Promise<{ basis: ConsentBasis } | { skip: string } | { hold: string; rules: RuleVerdict[] }> {
  const subject: MessageSubject = {
    purpose: m.purpose === 'collections' ? 'collections' : 'origination',
    localities: customerLocalities(customer),
    isTest: customer.isTest,
  };
  const standing = messageConsent(
    channel,
    address,
    await listConsentEvents(db, m.companyId, [consentAddress(address)]),
    now,
    subject,
  );
  if (standing.kind === 'covered') return { basis: standing.basis };
  if (awaitsConsent(standing))
    return {
      hold: `${MESSAGE_HELD_PREFIX}${refusalReason(standing)}`,
      rules: [{ rule: standing.rule, source: standing.source, verdict: 'block', detail: standing.detail, until: null }],
    };
  return { skip: refusalReason(standing) };
}

async function sendSms(
  deps: DispatchDeps,
  m: MessageRow,
  route: ChannelRoute,
  to: string,
  config: CompanyConfig,
  text: string,
  sandbox: boolean,
  statusCallback: string,
  via: { account: SmsAccount; held: boolean; language: SupportedLanguage },
) {
  // Every text says how to stop them, in the borrower's language (12 CFR 1006.6(e); CTIA).
  const body = withOptOutNotice(text, SMS_OPT_OUT_NOTICES[via.language]);
  const from = config.channels?.sms?.from ?? route.smsFrom;
  const messagingServiceSid = config.channels?.sms?.messagingServiceSid;
  const at = () => deps.now().toISOString();
  let result;
  try {
    result = await route.sms!.send({
      to,
      from,
      ...(messagingServiceSid ? { messagingServiceSid } : {}),
      body,
      statusCallback,
    });
  } catch (err) {
    return releaseMessage(
      deps.db,
      m.companyId,
      m.id,
      {
        status: 'pending',
        scheduledTime: new Date(deps.now().getTime() + RETRY_MS).toISOString(),
        reason: `SMS provider unavailable: ${(err as Error).message}`.slice(0, 500),
      },
      at(),
    );
  }
  if (result.accepted) {
    if (via.held) {
      // The account answers again: the hold lifts, and its alert closes.
      await releaseSmsHold(deps.db, m.companyId, via.account);
      await deps.alerts?.clear(deps.db, { companyId: m.companyId, account: via.account, now: deps.now() });
    }
    return recordSmsSent(
      deps.db,
      m.companyId,
      m.id,
      {
        status: 'sent',
        recipient: to,
        subject: null,
        content: body,
        sandbox,
        providerMessageId: result.providerMessageId,
        reason: null,
      },
      at(),
    );
  }
  const meaning = smsErrorMeaning(result.code);
  if (meaning === 'hold') return holdTexts(deps, m, via.account, result.code!, result.reason);
  // The provider knows of a STOP we missed: recorded as a revocation for this sender and number.
  if (meaning === 'unsubscribed')
    await recordProviderOptOut(deps.db, m.companyId, to, messagingServiceSid ?? from, deps.now());
  if (meaning === 'unusable') await markSmsNumberUnusable(deps.db, m.companyId, to, result.code!, result.reason, at());
  return recordSend(
    deps.db,
    m.companyId,
    m.id,
    {
      status: 'failed',
      recipient: to,
      subject: null,
      content: body,
      sandbox,
      providerMessageId: null,
      reason: result.reason.slice(0, 500),
    },
    at(),
  );
}

async function sendEmail(
  deps: DispatchDeps,
  m: MessageRow,
  route: ChannelRoute,
  to: string,
  config: CompanyConfig,
  rendered: { subject: string | null; text: string; html: string },
  sandbox: boolean,
  language: SupportedLanguage,
) {
  const link = `${deps.publicBaseUrl}/unsubscribe/email/${optOutToken(deps.routes.signingSecret, m.companyId, to)}`;
  // Reg F 12 CFR 1006.6(e): a clear and conspicuous, reasonable and simple way to opt out of emails.
  const text = `${rendered.text.trimEnd()}\n\n${EMAIL_OPT_OUT[language].text(link)}`;
  const html = `${rendered.html}\n${EMAIL_OPT_OUT[language].html(link)}`;
  const subject = rendered.subject ?? '';
  const at = () => deps.now().toISOString();
  let result;
  try {
    result = await route.email!.send({
      from: config.channels?.email?.from ?? deps.routes.emailFrom,
      to,
      subject,
      text,
      html,
      messageId: `<${m.id}@outreach.invalid>`,
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  } catch (err) {
    return releaseMessage(
      deps.db,
      m.companyId,
      m.id,
      {
        status: 'pending',
        scheduledTime: new Date(deps.now().getTime() + RETRY_MS).toISOString(),
        reason: `email server unavailable: ${(err as Error).message}`.slice(0, 500),
      },
      at(),
    );
  }
  if (result.accepted) {
    return recordSend(
      deps.db,
      m.companyId,
      m.id,
      {
        status: 'sent',
        recipient: to,
        subject,
        content: text,
        sandbox,
        providerMessageId: result.providerMessageId,
        reason: null,
      },
      at(),
    );
  }
  if (!result.permanent) {
    return releaseMessage(
      deps.db,
      m.companyId,
      m.id,
      {
        status: 'pending',
        scheduledTime: new Date(deps.now().getTime() + RETRY_MS).toISOString(),
        reason: `soft bounce: ${result.reason}`.slice(0, 500),
      },
      at(),
    );
  }
  // A hard bounce: the address is unusable for this company from now on.
  await suppressEmail(deps.db, m.companyId, to, 'hard_bounce', result.reason, at());
  return recordSend(
    deps.db,
    m.companyId,
    m.id,
    {
      status: 'bounced',
      recipient: to,
      subject,
      content: text,
      sandbox,
      providerMessageId: null,
      reason: `hard bounce: ${result.reason}`.slice(0, 500),
    },
    at(),
  );
}

function heldReason(reason: string): string {
  return `held: the SMS account refused the request (${reason}); texts wait until it answers again`.slice(0, 500);
}

/**
 * A refusal of the account itself (sms-errors.ts `hold`: 20003 credentials, 20403 suspended): the
 * account's texts of this company are held until HOLD_RETRY_MS from now, when one is tried again,
 * and this one goes back to pending with the reason. Nothing is failed. The operator is told by a
 * `provider.alert` (deps.alerts: one per hold, however many retries it refuses).
 */
async function holdTexts(deps: DispatchDeps, m: MessageRow, account: SmsAccount, code: number, reason: string) {
  const now = deps.now();
  const retryAt = new Date(now.getTime() + HOLD_RETRY_MS).toISOString();
  await holdSms(deps.db, m.companyId, account, { code, reason, at: now.toISOString(), retryAt });
  await deps.alerts?.raise(deps.db, { companyId: m.companyId, account, code, reason, now });
  return releaseMessage(
    deps.db,
    m.companyId,
    m.id,
    { status: 'pending', scheduledTime: retryAt, reason: heldReason(reason) },
    now.toISOString(),
  );
}

type LineVerdict = { ok: true } | { skip: string } | { retry: string } | { hold: number; reason: string };

/**
 * The number's line type, from the cache (LINE_TYPE_CACHE_DAYS) or looked up now (Twilio Lookup v2
 * Line Type Intelligence): a landline is marked unusable and never texted; an invalid number too.
 * A lookup that cannot tell (a package error) lets the text go: its delivery errors then decide.
 */
async function lineTypeVerdict(
  deps: DispatchDeps,
  companyId: string,
  sms: SmsProvider,
  to: string,
  now: Date,
): Promise<LineVerdict> {
  const known = await getSmsNumber(deps.db, companyId, to);
  const fresh =
    known?.lookedUpAt && now.getTime() - new Date(known.lookedUpAt).getTime() < LINE_TYPE_CACHE_DAYS * 86_400_000;
  let lineType = fresh ? known.lineType : null;
  if (!fresh) {
    let found;
    try {
      found = await sms.lineType(to);
    } catch (err) {
      return { retry: `line-type lookup unavailable: ${(err as Error).message}`.slice(0, 500) };
    }
    if (!found.found) {
      if (smsErrorMeaning(found.code) === 'hold') return { hold: found.code!, reason: found.reason };
      if (found.permanent) {
        const why = `line-type lookup: ${found.reason}`;
        await markSmsNumberUnusable(deps.db, companyId, to, found.code, why, now.toISOString());
        return { skip: `${to} is unusable for texts: ${why}` };
      }
      lineType = 'unknown';
    } else lineType = found.lineType;
    await recordLineType(deps.db, companyId, to, lineType, found.found ? found.carrierName : null, now.toISOString());
  }
  if (lineType && NEVER_TEXTED_LINE_TYPES.has(lineType)) {
    const why = `line type ${lineType} (Twilio Lookup): never texted`;
    await markSmsNumberUnusable(deps.db, companyId, to, null, why, now.toISOString());
    return { skip: `${to} is unusable for texts: ${why}` };
  }
  return { ok: true };
}
