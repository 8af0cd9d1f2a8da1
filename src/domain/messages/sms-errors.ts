/**
 * What a Twilio error code means for the texts of a company and for the number
 * (docs/operators/sms-provider.md#twilio-errors-by-their-meaning). Each entry cites Twilio's error
 * page, https://www.twilio.com/docs/api/errors/<code>. A code not listed keeps the HTTP answer's
 * meaning: a 4xx refusal fails the one text, a 429/5xx or a delivery error leaves the number as it is.
 *
 * - `hold`: the company's account refused the request itself (credentials, suspension): every text
 *   of the company waits, none is failed, until the account answers again.
 * - `unsubscribed`: the recipient opted out of this sender at Twilio: a revocation is recorded.
 * - `unusable`: the number cannot receive texts: no text goes to it again for the company.
 * - `unreachable`: the handset was unreachable this time; only repeated failures make it unusable.
 * - `final`: this text cannot go, the number stays usable.
 */
export type SmsErrorMeaning = 'hold' | 'unsubscribed' | 'unusable' | 'unreachable' | 'final';

export interface SmsErrorInfo {
  meaning: SmsErrorMeaning;
  title: string;
}

export const TWILIO_ERRORS: Readonly<Record<number, SmsErrorInfo>> = {
  // https://www.twilio.com/docs/api/errors/20003 — wrong Account SID/Auth Token, deleted token or key, suspended or closed account.
  20003: { meaning: 'hold', title: 'Permission Denied (the account refused its credentials)' },
  // https://www.twilio.com/docs/api/errors/20403 — the account lacks permission to the API: typically suspended or closed.
  20403: { meaning: 'hold', title: '403 Forbidden (the account is suspended or closed)' },
  // https://www.twilio.com/docs/api/errors/30002 — the account was suspended between the request and the send.
  30002: { meaning: 'hold', title: 'Account suspended' },
  // https://www.twilio.com/docs/api/errors/21610 — the recipient replied STOP (or another opt-out keyword) to this sender.
  21610: { meaning: 'unsubscribed', title: 'Attempt to send to unsubscribed recipient' },
  // https://www.twilio.com/docs/api/errors/21211 — the 'To' number is not a valid phone number.
  21211: { meaning: 'unusable', title: "Invalid 'To' Phone Number" },
  // https://www.twilio.com/docs/api/errors/21614 — the 'To' number is not a mobile number (a landline or unknown number).
  21614: { meaning: 'unusable', title: "'To' number is not a valid mobile number" },
  // https://www.twilio.com/docs/api/errors/30005 — the number is unknown to the carrier or no longer in service.
  30005: { meaning: 'unusable', title: 'Unknown destination handset' },
  // https://www.twilio.com/docs/api/errors/30006 — the number is a landline, or its carrier is unreachable for this sender.
  30006: { meaning: 'unusable', title: 'Landline or unreachable carrier' },
  // https://www.twilio.com/docs/api/errors/30003 — the handset is off, without signal, or otherwise temporarily unreachable; "retry".
  30003: { meaning: 'unreachable', title: 'Unreachable destination handset' },
  // https://www.twilio.com/docs/api/errors/30004 — blocked by the recipient or the carrier for this sender.
  30004: { meaning: 'final', title: 'Message blocked' },
  // https://www.twilio.com/docs/api/errors/30007 — filtered by the carrier as spam or unregistered traffic.
  30007: { meaning: 'final', title: 'Message filtered by the carrier' },
  // https://www.twilio.com/docs/api/errors/30008 — unknown error from the carrier.
  30008: { meaning: 'final', title: 'Unknown error' },
};

export function smsErrorMeaning(code: number | string | null | undefined): SmsErrorMeaning | null {
  const n = typeof code === 'string' ? Number(code) : code;
  return (n !== null && n !== undefined && TWILIO_ERRORS[n]?.meaning) || null;
}

/** The code a stored reason begins with ("30003: Unreachable destination handset"), or null. */
export function reasonCode(reason: string | null): number | null {
  const m = reason?.match(/^(\d{3,6}):/);
  return m ? Number(m[1]) : null;
}

/**
 * 30003 makes a number unusable only when it repeats: this many failures, spread over at least
 * `UNREACHABLE_MIN_DAYS` calendar days (UTC), within `UNREACHABLE_WINDOW_DAYS`. Twilio's page says a
 * single 30003 is usually transient (a phone switched off) and to retry; repeated failures on
 * several days say the number no longer takes texts.
 */
export const UNREACHABLE_FAILURES = 3;
export const UNREACHABLE_MIN_DAYS = 2;
export const UNREACHABLE_WINDOW_DAYS = 30;

/** True when these 30003 failure times (ISO) reach the threshold. */
export function repeatedlyUnreachable(failedAt: readonly string[]): boolean {
  if (failedAt.length < UNREACHABLE_FAILURES) return false;
  return new Set(failedAt.map((t) => new Date(t).toISOString().slice(0, 10))).size >= UNREACHABLE_MIN_DAYS;
}

/** Line types that never receive a text (Lookup v2 Line Type Intelligence `type`). */
export const NEVER_TEXTED_LINE_TYPES: ReadonlySet<string> = new Set(['landline']);

/** How long a line-type lookup is trusted: numbers are ported between mobile and landline carriers. */
export const LINE_TYPE_CACHE_DAYS = 90;

/** How long the company's texts wait after a `hold` refusal before one is tried again. */
export const HOLD_RETRY_MS = 15 * 60_000;
