/**
 * The regulatory defaults, as data. Company configuration may tighten the numbers (see
 * effective-rules.ts) but never loosen them, and cannot remove a rule.
 */
export const CALLING_WINDOW = {
  id: 'calling-window',
  source: 'TCPA 47 CFR 64.1200(c)(1); Reg F 12 CFR 1006.6(b)(1)(i)',
  description: 'Calls only between 08:00 and 21:00 customer-local, in every plausible zone',
  start: '08:00',
  end: '21:00',
} as const;

export const BLOCKED_WEEKDAYS = {
  id: 'blocked-weekday',
  source: 'Company policy (default: no Sunday calls)',
  description: 'No calls on blocked weekdays (Sunday always) in any plausible zone',
  weekdays: [7],
} as const;

export const FEDERAL_HOLIDAYS = {
  id: 'federal-holiday',
  source: 'Company policy: US federal holidays (5 U.S.C. 6103), observed and actual dates',
  description: 'No calls on a US federal holiday (observed or actual date) in any plausible zone',
} as const;

export const COMPANY_BLOCKED_DATES = {
  id: 'company-blocked-date',
  source: 'Company configuration (blockedDates)',
  description: 'No calls on dates the company blocks',
} as const;

/**
 * State telephone-solicitation laws (08:00–20:00, 3 per 24 h). They govern telephone solicitation,
 * i.e. telemarketing: here origination/marketing contacts. Collection calls are outside them, so a
 * collections call in FL, OK or MD is not capped at 3 per 24 hours by these rows (the Reg F and
 * state collection caps below apply instead). `channels` are the contacts each law counts (and the
 * contacts it limits): Maryland's subtitle reaches "a telephone solicitation by telephone call, text
 * message, or voicemail" (Com. Law § 14-4501(d)(2)), so its 3 per 24 h counts calls and texts
 * together; Florida's and Oklahoma's count calls.
 */
export const STATE_MARKETING_RULES = [
  {
    state: 'FL',
    // Read October 2026 (leg.state.fl.us): (6)(a) 8 a.m.–8 p.m., (6)(b) "more than three commercial
    // telephone solicitation phone calls … over a 24-hour period on the same subject matter".
    source: 'Fla. Stat. § 501.616(6) (Florida Telemarketing Act)',
    channels: ['call'],
  },
  {
    state: 'OK',
    source: 'Okla. Stat. tit. 15, § 775C.4 (Oklahoma Telephone Solicitation Act of 2022)',
    channels: ['call'],
  },
  {
    state: 'MD',
    source: 'Md. Code, Com. Law §§ 14-4501(d), 14-4503 (Maryland Stop the Spam Calls Act of 2023; calls and texts)',
    channels: ['call', 'sms'],
  },
] as const;

/**
 * Okla. Stat. tit. 15, § 755.1: calls using an automatic dial-announcing device (a recorded or
 * synthetic voice) only between 9 a.m. and 9 p.m. The section has no exception for debt collection,
 * and an AI agent's voice is synthetic (FCC 24-17 holds an AI voice "artificial"), so every call this
 * service places to Oklahoma, collections included, keeps 09:00–21:00 (the conservative reading:
 * whether an AI agent that converses is a "device" that "announces" is not settled). Texts and
 * emails are not calls. The section's text was not read here (the project's compliance sources list it).
 */
export const OK_ADAD_HOURS = {
  id: 'ok-adad-hours',
  state: 'OK',
  source: 'Okla. Stat. tit. 15, § 755.1 (automatic dial-announcing devices)',
  description: 'Calls by the AI agent to Oklahoma only 09:00–21:00 customer-local (collections included)',
  start: '09:00',
  end: '21:00',
} as const;

export const STATE_MARKETING_LIMITS = {
  start: '08:00',
  end: '20:00',
  maxCallsPer24h: 3,
} as const;

/**
 * 940 CMR 7.04(1)(f): "Initiating a communication with any debtor via telephone, either in person
 * or via text messaging or recorded audio message, in excess of two such communications in each
 * seven-day period" (to the residence, cell or personal number; for each debt). Calls and texts
 * count together; an email is not a telephone communication. The AG's 2013 guidance lets an
 * attempt that truly could not reach or leave a message go uncounted; every attempt counts here.
 */
export const MA_COLLECTIONS = {
  id: 'ma-collection-call-frequency',
  state: 'MA',
  source: '940 CMR 7.04(1)(f) (Massachusetts debt collection regulations)',
  description:
    'Collections: at most 2 calls, texts or recorded messages together per 7 days per debt for Massachusetts customers',
  maxAttempts: 2,
  days: 7,
  channels: ['call', 'sms'],
} as const;

/**
 * New York City, 6 RCNY § 5-77 as amended by the DCWP (amendments published 12 August 2024; their
 * effective date was moved to 1 April 2025, then 1 October 2025, then postponed; revised amendments
 * finalized 26 February 2026 take effect 1 September 2026). The amended rule's text could not be
 * read, so its paragraph is not cited. DCWP guidance and practitioner summaries give the limit: 3
 * attempted communications per 7 days across every medium. The 2024 text counted per consumer
 * (per account only for separate creditors); the 2026 revision counts per account. So attempts
 * from `perAccountFrom` on count per account (an attempt without a loan counts for every account),
 * and earlier ones per consumer (never looser than either text), answered or not, every medium.
 */
export const NYC_COLLECTIONS = {
  id: 'nyc-collection-contact-frequency',
  locality: 'NYC',
  source:
    'New York City 6 RCNY § 5-77 as amended (DCWP; in force 2026-09-01; paragraph not verified against the rule text)',
  description:
    'Collections: at most 3 contact attempts (calls, texts, emails together) per 7 days per account for New York City customers',
  maxAttempts: 3,
  days: 7,
  perAccountFrom: '2026-09-01T04:00:00Z', // midnight in New York (EDT)
} as const;

/**
 * RCW 19.16.250(13)(a) (Washington Collection Agency Act, as last amended by 2019 c 227): a
 * communication "is made with a debtor or spouse in any form, manner, or place, more than three
 * times in a single week, unless the licensee is responding to a communication from the debtor or
 * spouse" is presumed harassment. So every medium counts together, per debtor rather than per
 * debt; replies to the customer are not outreach and are not counted here. The section binds
 * licensed collection agencies (a creditor collecting its own debts in its own name is outside the
 * act); applying it to every collections company is stricter, never unlawful. Unanswered attempts
 * count too, and a rolling 7 days contains every calendar week: never looser than "a single week".
 * Not modelled here: (13)(b) once a week at the place of employment, (13)(c) 21:00–07:30 at the
 * residence (inside the 08:00–21:00 window); (18) is WA_MOBILE_DAILY below.
 */
export const WA_COLLECTIONS = {
  id: 'wa-collection-contact-frequency',
  state: 'WA',
  source: 'RCW 19.16.250(13)(a) (Washington Collection Agency Act)',
  description:
    'Collections: at most 3 communications (calls, texts, emails together) per 7 days for Washington customers',
  maxAttempts: 3,
  days: 7,
} as const;

/**
 * RCW 19.16.250(18): no licensee shall "call, or send a text message or other electronic
 * communication to, a cellular telephone or other wireless device more than twice in any day when
 * the licensee knows or reasonably should know that the number belongs to a cellular telephone",
 * unless responding to the debtor. Whether a number is a mobile is not known here, so every number
 * counts as one (stricter, never unlawful); calls and texts count together, emails do not. "Any day"
 * is held as a rolling 25 hours, which contains every calendar day (the autumn DST day included).
 */
export const WA_MOBILE_DAILY = {
  id: 'wa-collection-mobile-daily',
  state: 'WA',
  source: 'RCW 19.16.250(18) (Washington Collection Agency Act)',
  description: "Collections: at most 2 calls and texts together per day to a Washington customer's number",
  maxAttempts: 2,
  channels: ['call', 'sms'],
} as const;

export const REG_F_FREQUENCY = {
  id: 'regf-call-frequency',
  source: 'Reg F 12 CFR 1006.14(b)(2)(i)(A)',
  description: 'Collections: at most 7 telephone calls per 7 consecutive days per loan (texts and emails do not count)',
  maxAttempts: 7,
  days: 7,
} as const;

export const REG_F_AFTER_CONVERSATION = {
  id: 'regf-after-conversation',
  // (i)(B): "within a period of seven consecutive days after having had a telephone conversation …
  // The date of the telephone conversation is the first day"; (ii) is the presumption of violation.
  source: 'Reg F 12 CFR 1006.14(b)(2)(i)(B)',
  description: 'Collections: no call within 7 days after a telephone conversation (RPC or LIVE_CONNECT) about the loan',
  days: 7,
} as const;

/**
 * Post-processing flags that mean a telephone conversation took place. LIVE_CONNECT counts too:
 * whether the person who talked was the borrower is the agent's judgment, so a live conversation
 * starts the quiet period rather than risk a call the rule forbids.
 */
export const CONVERSATION_FLAGS: readonly string[] = ['RPC', 'LIVE_CONNECT'];
