/**
 * Sandbox phone numbers that choose an SMS outcome, like a payment API's test cards (fictional
 * 555-01xx range; 555-0100…0108 are the voice simulator's). Any other number is delivered.
 */
export interface SmsOutcome {
  /** The create request answers this HTTP status instead of 201 (a provider outage). */
  createStatus?: number;
  final: 'delivered' | 'undelivered' | 'failed';
  errorCode?: number;
  errorMessage?: string;
}

export const SMS_MAGIC_NUMBERS: Record<string, SmsOutcome> = {
  '5550110': { final: 'undelivered', errorCode: 30003, errorMessage: 'Unreachable destination handset' },
  '5550111': { final: 'failed', errorCode: 30006, errorMessage: 'Landline or unreachable carrier' },
  '5550112': { final: 'undelivered', errorCode: 30005, errorMessage: 'Unknown destination handset' },
  '5550113': { createStatus: 503, final: 'delivered' },
};

export function smsOutcomeFor(to: string): SmsOutcome {
  return SMS_MAGIC_NUMBERS[to.replace(/\D/g, '').slice(-7)] ?? { final: 'delivered' };
}
