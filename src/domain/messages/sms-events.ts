import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { optInSms, optOutSms } from '../../store/messages/channel-stops.js';
import { companiesTexting } from '../scheduled-messages/scheduled-messages.js';
import type { Db } from '../../store/shared/db.js';
import { applyDeliveryStatus, hasProviderMessage, recordSend } from '../scheduled-messages/scheduled-messages.js';
import { applyEarlyStatuses, forgetEarlyStatuses, keepEarlyStatus } from '../scheduled-messages/scheduled-messages.js';
import { InvalidInputError } from '../shared/errors.js';
import { recordGrant, recordRevocation } from '../consent/ledger.js';
import { fold, readRevocation } from '../consent/revocation-words.js';
import { queueForReview } from '../consent/review-queue.js';
import type { SmsDeliveryStatus } from '../ports/sms.js';
import { TWILIO_ERRORS } from './sms-errors.js';
import { applyFailureToNumber } from './sms-numbers.js';

/** Opt-out keywords (CTIA; the words carriers and Twilio honour), matched as the whole message, any case. */
export const SMS_OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
export const SMS_OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'];

const FINAL: Record<string, SmsDeliveryStatus | undefined> = {
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

/**
 * A provider status callback: moves the message forward only (callbacks may repeat or arrive out
 * of order); undelivered and failed keep the provider's error code as the reason. queued,
 * accepted and sending change nothing. Returns whether a message changed.
 *
 * The provider reports as soon as it has answered the send, so a report can come before the sender
 * has recorded the message id: it is kept (sms_early_statuses) and applied when the sender records
 * the id (recordSmsSent). Either side runs after the other's write, so none is lost: the report is
 * kept and then tried once more; the sender records the id and then applies what was kept.
 */
export async function recordSmsStatus(db: Db, params: Record<string, string>, now: Date): Promise<boolean> {
  const sid = params.MessageSid ?? params.SmsSid;
  const reported = (params.MessageStatus ?? params.SmsStatus ?? '').toLowerCase();
  if (!sid || !reported) throw new InvalidInputError('MessageSid and MessageStatus are required');
  const status = FINAL[reported];
  if (!status) return false;
  const reason =
    status === 'undelivered' || status === 'failed'
      ? `${params.ErrorCode ?? 'unknown'}: ${describeError(params.ErrorCode)}`
      : null;
  const at = now.toISOString();
  const applied = await applyDeliveryStatus(db, sid, status, reason, at);
  if (applied) {
    await applyFailureToNumber(db, applied, now);
    return true;
  }
  if (await hasProviderMessage(db, sid)) {
    // A repeated or older report, or the sender recorded the id between the two reads: tried once more.
    const again = await applyDeliveryStatus(db, sid, status, reason, at);
    if (again) await applyFailureToNumber(db, again, now);
    return again !== null;
  }
  await keepEarlyStatus(db, sid, status, reason, at);
  const late = await applyDeliveryStatus(db, sid, status, reason, at);
  if (!late) return false;
  await forgetEarlyStatuses(db, sid); // the sender recorded the id meanwhile: applied here
  await applyFailureToNumber(db, late, now);
  return true;
}

/** Records a text the provider accepted, then applies any status it reported before this (recordSmsStatus). */
export async function recordSmsSent(
  db: Db,
  companyId: string,
  id: string,
  sent: Parameters<typeof recordSend>[3] & { providerMessageId: string },
  at: string,
): Promise<void> {
  await recordSend(db, companyId, id, sent, at);
  for (const applied of await applyEarlyStatuses(db, sent.providerMessageId, at))
    await applyFailureToNumber(db, applied, new Date(at));
}

/**
 * An inbound text. STOP and its synonyms (English and Spanish keywords, and a clear revocation in
 * the borrower's own words: consent/revocation-words.ts) opt the sender's number out of SMS at once, in every
 * company that texted it (each company's dispatcher then skips texts to it), and revoke its consent
 * in the same transaction: AI-voice calls to it stop too unless the company's revocation scope is
 * `channel` (docs/partners/consent.md). An unsure reply (revocation-words.ts, `review`) is queued
 * for an operator's review in each of those companies (consent/review-queue.ts). START opts back in
 * to texts. Other texts are not acted on.
 */
export async function receiveInboundSms(
  db: Db,
  params: Record<string, string>,
  now: Date,
): Promise<'opted_out' | 'opted_in' | 'in_review' | 'ignored'> {
  if (!params.From || params.Body === undefined) throw new InvalidInputError('From and Body are required');
  const from = parsePhoneNumberFromString(params.From, 'US')?.number ?? params.From;
  // Twilio's Advanced Opt-Out names what it did with the text (OptOutType STOP, START or HELP), for
  // the keywords the Messaging Service configured too (a Spanish "PARAR"):
  // https://help.twilio.com/articles/31560110671259 ("How to Track Opt-Out, Opt-In and Help Messages Using the OptOutType Parameter").
  const optOutType = params.OptOutType?.trim().toUpperCase();
  const keyword = optOutType === 'STOP' || optOutType === 'START' ? optOutType : params.Body.trim().toUpperCase();
  // A keyword (English or Spanish, any customer) or a clear revocation in the borrower's own words
  // (revocation-words.ts) revokes at once; an unsure reply waits in the review queue (inbound-reviews.ts).
  const read = readRevocation(params.Body);
  const sid = params.MessageSid ?? null;
  if (SMS_OPT_OUT_KEYWORDS.includes(keyword) || read.reading === 'revoke') {
    const word =
      optOutType === 'STOP' || read.rule === 'keyword'
        ? fold(params.Body).slice(0, 32)
        : `words:${read.rule}`.slice(0, 32);
    const evidence = `SMS ${word}${optOutType ? ` (OptOutType ${optOutType})` : ''}${sid ? ` ${sid}` : ''}`;
    // The opt-out and the consent revocation commit together: no call or text can slip between them.
    await db.transaction(async (trx) => {
      const companies = await companiesTexting(trx, from);
      await applyTextRevocation(trx, companies, from, word, evidence, now);
    });
    return 'opted_out';
  }
  if (read.reading === 'review') {
    await db.transaction(async (trx) => {
      const companies = await companiesTexting(trx, from);
      await queueForReview(trx, companies, {
        address: from,
        body: params.Body,
        rule: read.rule,
        providerMessageId: sid,
        at: now,
      });
    });
    return 'in_review';
  }
  if (SMS_OPT_IN_KEYWORDS.includes(keyword)) {
    // START consents to texts again; calls stay revoked until the partner records consent to them.
    await db.transaction(async (trx) => {
      const companies = await companiesTexting(trx, from);
      await optInSms(trx, companies, from);
      await recordGrant(trx, companies, {
        address: from,
        channel: 'sms',
        type: 'express',
        source: 'inbound_text',
        at: now,
        evidenceRef: `SMS ${keyword}${params.MessageSid ? ` ${params.MessageSid}` : ''}`,
      });
    });
    return 'opted_in';
  }
  return 'ignored';
}

function describeError(code: string | undefined): string {
  return (code && TWILIO_ERRORS[Number(code)]?.title) || 'delivery failed';
}

/**
 * Opts the number out of texts and revokes its consent in these companies, in the caller's
 * transaction (an inbound STOP, an operator's review decision, or the review limit running out).
 */
export async function applyTextRevocation(
  trx: Db,
  companyIds: readonly string[],
  from: string,
  word: string,
  evidenceRef: string,
  now: Date,
): Promise<void> {
  await optOutSms(trx, [...companyIds], from, word.slice(0, 32), now.toISOString());
  await recordRevocation(trx, companyIds, {
    address: from,
    channel: 'sms',
    source: 'inbound_text',
    at: now,
    evidenceRef: evidenceRef.slice(0, 500),
  });
}
