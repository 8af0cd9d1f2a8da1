/**
 * The TCPA consent rules the dial-time and send-time checks apply (src/domain/consent/standing.ts),
 * listed here so the rule catalog cites them like every scheduler rule. The statute and the
 * regulation paragraphs were checked against their texts; 64.1200(a)(1) is cited as a paragraph
 * (its cellular-number subparagraph was not checked).
 */
export const CONSENT_RULES = {
  required: {
    id: 'tcpa-consent-required',
    source:
      'TCPA 47 U.S.C. 227(b)(1)(A)(iii); 47 CFR 64.1200(a)(1): prior express consent for an artificial-voice call to a mobile number (FCC 24-17: an AI-generated voice is an artificial voice)',
  },
  writtenRequired: {
    id: 'tcpa-written-consent-required',
    source:
      '47 CFR 64.1200(a)(2): prior express written consent for a telemarketing call with an artificial or prerecorded voice (FCC 24-17): every AI-voice origination call, and a task type whose company configuration consent.required asks for it',
  },
  revoked: {
    id: 'tcpa-consent-revoked',
    source: '47 CFR 64.1200(a)(10): consent revoked by any reasonable means (FCC 24-24), honored at once',
  },
  reassigned: {
    id: 'tcpa-reassigned-number',
    source:
      '47 CFR 64.1200(m): the Reassigned Numbers Database (FCC 18-177; DA 21-1649) queried with the consent date; "yes" (permanently disconnected on or after it) ends the consent for the number, "no" is the safe harbor',
  },
  nycElectronic: {
    id: 'nyc-electronic-consent-required',
    source:
      "New York City 6 RCNY § 5-77 as amended (DCWP; in force 2026-09-01): a collector emails or texts a New York City consumer only with the consumer's consent to that medium and address (paragraph not verified against the rule text)",
  },
} as const;
