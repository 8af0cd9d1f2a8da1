/**
 * Sandbox phone numbers that choose an SMS outcome, like a payment API's test cards (fictional
 * 555-01xx range; 555-0100…0108 are the voice simulator's). Any other number is delivered. Codes
 * are Twilio's (https://www.twilio.com/docs/api/errors).
 */
export interface SmsOutcome {
  /** The create request is refused with this Twilio error instead of 201. */
  refusal?: { status: number; code: number; message: string };
  /** Lookup v2 Line Type Intelligence `type` (default `mobile`). */
  lineType?: string;
  /** Lookup v2 answers this error instead of 200. */
  lookupRefusal?: { status: number; code: number; message: string };
  /** Lookup v2 finds the number invalid (`valid: false`, no line type). */
  invalid?: boolean;
  /** Lookup v2 answers without a type, with this package `error_code` (60600: unprovisioned or out of coverage). */
  lineTypeError?: number;
  final: 'delivered' | 'undelivered' | 'failed';
  errorCode?: number;
  errorMessage?: string;
}

export const SMS_MAGIC_NUMBERS: Record<string, SmsOutcome> = {
  '5550110': { final: 'undelivered', errorCode: 30003, errorMessage: 'Unreachable destination handset' },
  '5550111': { final: 'failed', errorCode: 30006, errorMessage: 'Landline or unreachable carrier' },
  '5550112': { final: 'undelivered', errorCode: 30005, errorMessage: 'Unknown destination handset' },
  '5550113': { refusal: { status: 503, code: 20503, message: 'Service Unavailable' }, final: 'delivered' },
  '5550114': {
    refusal: { status: 400, code: 21614, message: "'To' number is not a valid mobile number" },
    final: 'failed',
  },
  '5550115': {
    refusal: { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
    final: 'failed',
  },
  '5550116': { refusal: { status: 429, code: 20429, message: 'Too Many Requests' }, final: 'delivered' },
  // 555-0130…0139: Twilio errors by their meaning and Lookup v2 (docs/partners/sandbox.md).
  '5550130': {
    lineType: 'landline',
    final: 'failed',
    errorCode: 30006,
    errorMessage: 'Landline or unreachable carrier',
  },
  '5550131': { final: 'undelivered', errorCode: 30003, errorMessage: 'Unreachable destination handset' },
  '5550132': { final: 'undelivered', errorCode: 30005, errorMessage: 'Unknown destination handset' },
  '5550133': { final: 'failed', errorCode: 30006, errorMessage: 'Landline or unreachable carrier' },
  '5550134': { refusal: { status: 401, code: 20003, message: 'Authenticate' }, final: 'delivered' },
  '5550135': { lookupRefusal: { status: 503, code: 20503, message: 'Service Unavailable' }, final: 'delivered' },
  '5550136': { invalid: true, final: 'failed' },
  '5550137': { lineTypeError: 60600, final: 'delivered' },
  '5550138': { lineType: 'fixedVoip', final: 'delivered' },
};

export function smsOutcomeFor(to: string): SmsOutcome {
  return SMS_MAGIC_NUMBERS[to.replace(/\D/g, '').slice(-7)] ?? { final: 'delivered' };
}
