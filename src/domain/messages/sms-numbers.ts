import type { Db } from '../../store/shared/db.js';
import { optOutSms } from '../../store/messages/channel-stops.js';
import { getSmsNumber, markSmsNumberUnusable } from '../../store/messages/sms-numbers.js';
import { smsFailureTimes, type MessageRow } from '../scheduled-messages/scheduled-messages.js';
import { recordRevocation } from '../consent/ledger.js';
import {
  reasonCode,
  repeatedlyUnreachable,
  smsErrorMeaning,
  TWILIO_ERRORS,
  UNREACHABLE_WINDOW_DAYS,
} from './sms-errors.js';

/** The consent ledger's source of a revocation Twilio reported (21610), next to `inbound_text`. */
export const PROVIDER_OPT_OUT_SOURCE = 'sms_provider_opt_out';

/**
 * Twilio's 21610: the recipient opted out of this sender at Twilio (a STOP the service never saw,
 * e.g. sent to a number of the company's Messaging Service pool). Recorded like an inbound STOP,
 * in one transaction: the number is opted out of the company's texts and a revocation enters the
 * consent ledger through its one write path (recordRevocation), naming the sender in its evidence.
 */
export async function recordProviderOptOut(
  db: Db,
  companyId: string,
  to: string,
  sender: string,
  at: Date,
): Promise<void> {
  await db.transaction(async (trx) => {
    await optOutSms(trx, [companyId], to, 'STOP', at.toISOString());
    await recordRevocation(trx, [companyId], {
      address: to,
      channel: 'sms',
      source: PROVIDER_OPT_OUT_SOURCE,
      at,
      evidenceRef: `Twilio 21610: ${to} unsubscribed from sender ${sender}`,
    });
  });
}

/**
 * What a text's failure says about its number (docs/operators/sms-provider.md#twilio-errors-by-their-meaning):
 * 30005, 30006 (and the create refusals 21211, 21614) make it unusable for the company's texts at
 * once; 30003 only once it repeats (sms-errors.ts `repeatedlyUnreachable`). Returns why the number
 * became unusable, or null.
 */
export async function applyFailureToNumber(db: Db, row: MessageRow, at: Date): Promise<string | null> {
  if (row.channel !== 'sms' || !row.recipient || (row.status !== 'undelivered' && row.status !== 'failed')) return null;
  const code = reasonCode(row.statusReason);
  const meaning = smsErrorMeaning(code);
  if (meaning === 'unusable') {
    const why = `${code}: ${TWILIO_ERRORS[code!].title}`;
    await markSmsNumberUnusable(db, row.companyId, row.recipient, code, why, at.toISOString());
    return why;
  }
  if (meaning === 'unreachable') {
    const since = new Date(at.getTime() - UNREACHABLE_WINDOW_DAYS * 86_400_000).toISOString();
    const times = await smsFailureTimes(db, row.companyId, row.customerId, row.recipient, code!, since);
    if (!repeatedlyUnreachable(times)) return null;
    const why = `${code}: ${TWILIO_ERRORS[code!].title}, ${times.length} times since ${times[0].slice(0, 10)}`;
    await markSmsNumberUnusable(db, row.companyId, row.recipient, code, why, at.toISOString());
    return why;
  }
  return null;
}

/** Why the company may not text this number (marked unusable), or null. */
export async function unusableNumber(db: Db, companyId: string, phoneNumber: string): Promise<string | null> {
  const known = await getSmsNumber(db, companyId, phoneNumber);
  return known?.unusableAt ? (known.unusableReason ?? 'unusable for texts') : null;
}
