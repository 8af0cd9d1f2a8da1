/**
 * Revocation in the borrower's own words (47 CFR 64.1200(a)(10); FCC 24-24, Report and Order, CG
 * Docket 02-278: consent may be revoked by any reasonable means, and a reply that a reasonable
 * person reads as a request to stop is one). A pure, documented rule table
 * (docs/partners/consent.md, "Revocation in any words"); no maintained npm package classifies
 * revocation intent, so the rules are written here and table-tested
 * (revocation-words.test.ts, a labelled English and Spanish set with negatives).
 *
 * Every customer gets every rule, whatever their language: a Spanish reply from a customer whose
 * language is English still revokes.
 */

/**
 * Whole-message keywords that revoke at once. Twilio's defaults for long codes (STOP, UNSUBSCRIBE,
 * END, QUIT, STOPALL, REVOKE, OPTOUT, CANCEL:
 * https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out), the "OPT OUT" variants and
 * REMOVE (AWS's required list: https://docs.aws.amazon.com/sms-voice/latest/userguide/keywords-required.html),
 * "STOP ALL" (Telnyx's default list), and the Spanish words for the same (ALTO, PARAR, PARE,
 * DETENER, CANCELAR, BAJA, DAR DE BAJA, NO MAS, NO MÁS). Matched after folding case, accents and
 * punctuation, so "Stop.", "opt-out" and "¡ALTO!" all match.
 */
export const REVOCATION_KEYWORDS: readonly string[] = [
  'STOP',
  'STOPALL',
  'STOP ALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'OPT OUT',
  'REMOVE',
  'ALTO',
  'PARAR',
  'PARE',
  'DETENER',
  'CANCELAR',
  'BAJA',
  'DAR DE BAJA',
  'NO MAS',
];

export type RevocationReading = 'revoke' | 'review' | 'none';

/** Upper case, accents off, punctuation to spaces, spaces collapsed ("¡No más mensajes!" → "NO MAS MENSAJES"). */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** The single revocation words, for "STOP please", "alto por favor". */
const KEYWORD_WORDS = 'STOP|STOPALL|UNSUBSCRIBE|CANCEL|END|QUIT|REVOKE|OPTOUT|OPT OUT|REMOVE|ALTO|PARAR|PARE|BAJA';

/** What a contact is: calls, texts, messages… (English and Spanish). */
const CONTACT =
  '(CALL|CALLS|CALLING|TEXT|TEXTS|TEXTING|MESSAGE|MESSAGES|MSG|MSGS|SMS|CONTACT|CONTACTING|LLAM\\w*|MENSAJ\\w*|TEXTOS?|CONTACT\\w*)';

/**
 * Clear revocations: a stop verb or a refusal aimed at the contact itself ("please stop calling
 * me", "no more texts", "don't text me", "take me off your list", "deja de llamarme", "no me
 * llamen", "no quiero más mensajes"). Each pattern runs on the folded text.
 */
const CLEAR: ReadonlyArray<{ id: string; pattern: RegExp }> = [
  { id: 'stop-contact', pattern: new RegExp(`\\b(STOP|QUIT|CEASE)\\s+(\\w+\\s+)?${CONTACT}`) },
  { id: 'no-more-contact', pattern: new RegExp(`\\bNO\\s+MORE\\s+(\\w+\\s+)?${CONTACT}`) },
  {
    id: 'keyword-polite',
    pattern: new RegExp(
      `^(PLEASE\\s+)?(${KEYWORD_WORDS})(\\s+(PLEASE|NOW|THANKS|THANK\\s+YOU|POR\\s+FAVOR|YA|GRACIAS))*$`,
    ),
  },
  {
    id: 'do-not-contact',
    pattern: /\b(DONT|DO\s+NOT|DON\s+T|NEVER)\s+(EVER\s+)?(CALL|TEXT|MESSAGE|CONTACT|EMAIL)\w*\b/,
  },
  {
    id: 'take-me-off',
    pattern: /\b(TAKE|REMOVE|PUT)\s+(ME|MY\s+NUMBER)\s+(OFF|FROM|ON)\s+(YOUR|THE|THIS)?\s*(LIST|DO\s+NOT\s+CALL|DNC)/,
  },
  { id: 'leave-me-alone', pattern: /\bLEAVE\s+ME\s+ALONE\b/ },
  {
    id: 'unsubscribe-me',
    pattern:
      /\b(UNSUBSCRIBE|OPT\s*OUT|REVOKE)\b.*\b(ME|MY|CONSENT|NUMBER)\b|\bI\s+(WANT\s+TO\s+)?(UNSUBSCRIBE|OPT\s*OUT)\b/,
  },
  { id: 'revoke-consent', pattern: /\b(REVOKE|WITHDRAW)\w*\s+(MY\s+)?(CONSENT|PERMISSION)/ },
  { id: 'es-deja-de', pattern: new RegExp(`\\b(DEJA|DEJEN|DEJE|PAREN|PARA)\\s+DE\\s+(\\w+\\s+)?${CONTACT}`) },
  // Not "no, me llamo Juan" (my name is): only the forms that ask them not to call or write.
  {
    id: 'es-no-me',
    pattern:
      /\bNO\s+(ME\s+)?(VUELVA\w*\s+A\s+)?(LLAM(E|EN|AR|ARME|ES)|ESCRIB(A|AN|IR|IRME)|CONTACT(E|EN|AR|ARME)|(MANDE|MANDEN|ENVIE|ENVIEN)\s+MENSAJES)\b/,
  },
  {
    id: 'es-no-quiero',
    pattern: new RegExp(`\\bNO\\s+(QUIERO|DESEO)\\s+(RECIBIR\\s+)?(MAS\\s+)?(\\w+\\s+)?${CONTACT}`),
  },
  { id: 'es-no-mas', pattern: new RegExp(`\\bNO\\s+MAS\\s+(\\w+\\s+)?${CONTACT}`) },
  { id: 'es-darme-de-baja', pattern: /\b(DAME|DARME|DENME|DEME|DAR|DEN)\s+(ME\s+)?DE\s+BAJA\b/ },
];

/**
 * Unsure: a stop word in a message that is not clearly about the contact ("stop", "basta",
 * "cancel my payment", "please stop"), or hostility with no stop word. Never "stop by": a visit.
 * An unsure reply is not applied at once; it waits for an operator's review.
 */
const UNSURE: ReadonlyArray<{ id: string; pattern: RegExp }> = [
  {
    id: 'stop-word',
    pattern: /\b(STOP|STOPPING|QUIT|CANCEL|UNSUBSCRIBE|OPT\s*OUT|REMOVE|END|ALTO|PARAR|PARE|BASTA|CANCELAR|DETENER)\b/,
  },
  {
    id: 'harassment',
    pattern: /\b(HARASS\w*|ACOSO|ACOSAR\w*|SUE|LAWYER|ABOGADO|WRONG\s+NUMBER|NUMERO\s+EQUIVOCADO)\b/,
  },
];

/** Phrases where a stop word means something else: never a revocation on their own. */
const NOT_STOP: readonly RegExp[] = [
  /\bSTOP\s+(BY|IN|OVER|AT)\b/,
  /\bPARA\s+(QUE|EL|LA|LOS|LAS|MI|PAGAR)\b/,
  /\bEND\s+OF\b/,
];

/**
 * Reads an inbound text: `revoke` (a keyword, or a clear revocation: applied at once), `review`
 * (unsure: an operator decides), `none` (not a revocation). `rule` names the rule that decided.
 */
export function readRevocation(text: string): { reading: RevocationReading; rule: string } {
  const folded = fold(text);
  if (REVOCATION_KEYWORDS.includes(folded)) return { reading: 'revoke', rule: 'keyword' };
  for (const { id, pattern } of CLEAR) if (pattern.test(folded)) return { reading: 'revoke', rule: id };
  const cleaned = NOT_STOP.reduce((t, p) => t.replace(p, ' '), folded);
  for (const { id, pattern } of UNSURE) if (pattern.test(cleaned)) return { reading: 'review', rule: id };
  return { reading: 'none', rule: 'no-rule' };
}
