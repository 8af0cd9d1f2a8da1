import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** What a company configures for its collections voicemails (`calls.voicemail`). */
export interface VoicemailSettings {
  /** The business name the message gives; it must not say the caller collects debts. */
  businessName: string;
  /** The natural person the borrower may ask for when replying. */
  agentName: string;
  /** The number to call back, E.164. */
  callbackNumber: string;
}

/**
 * Words that would tell whoever hears the message that the caller collects debts. 12 CFR
 * 1006.2(j)(1) allows "a business name for the debt collector that does not indicate that the
 * debt collector is in the debt collection business"; anything saying so takes the message out of
 * the limited-content safe harbor (it would then be a communication that could disclose the debt
 * to a third party who hears the voicemail, 1006.6(d)).
 */
const DEBT_WORDS =
  /\b(debts?|collect\w*|recover\w*|delinquen\w*|past[- ]due|overdue|arrears|owed?|owing|default\w*|charge[- ]?off|repossess\w*|bankrupt\w*|loans?|payments?|balances?|accounts?)\b/i;

/**
 * The limited-content message (12 CFR 1006.2(j)): only the items the rule lists and none other —
 * a business name that does not indicate debt collection, a request that the consumer reply, the
 * name of a natural person to contact, and a telephone number to reply to (plus a salutation).
 * Composed from the company's settings, so nothing else can slip in.
 */
export function limitedContentMessage(v: VoicemailSettings): string {
  const number = parsePhoneNumberFromString(v.callbackNumber);
  const spoken =
    number?.countryCallingCode === '1' ? number.formatNational() : (number?.formatInternational() ?? v.callbackNumber);
  return `Hello, this is ${v.agentName.trim()} with ${v.businessName.trim()}. Please call me back at ${spoken}. Thank you.`;
}

/** Why these settings cannot make a limited-content message; empty when they can. One rule per entry (a test each). */
export function limitedContentProblems(v: VoicemailSettings): string[] {
  const problems: string[] = [];
  const business = v.businessName.trim();
  const person = v.agentName.trim();
  if (business.length < 2 || business.length > 80) problems.push('businessName must be 2 to 80 characters');
  if (DEBT_WORDS.test(business))
    problems.push(`businessName "${business}" indicates debt collection (12 CFR 1006.2(j)(1)(i))`);
  if (!/^\p{L}[\p{L}'’.\- ]{0,39}$/u.test(person))
    problems.push(
      'agentName must be the name of a natural person: letters, spaces, apostrophes, hyphens, periods; at most 40 characters (12 CFR 1006.2(j)(1)(iii))',
    );
  else if (DEBT_WORDS.test(person))
    problems.push(`agentName "${person}" indicates debt collection (12 CFR 1006.2(j)(1)(i))`);
  if (person.toLowerCase() === business.toLowerCase())
    problems.push('agentName must name a person, not repeat the business name (12 CFR 1006.2(j)(1)(iii))');
  if (!parsePhoneNumberFromString(v.callbackNumber)?.isValid() || !v.callbackNumber.startsWith('+'))
    problems.push('callbackNumber must be a valid E.164 telephone number (12 CFR 1006.2(j)(1)(iv))');
  return problems;
}
