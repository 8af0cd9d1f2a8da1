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

/** State telephone-solicitation laws: marketing/origination calls only. */
export const STATE_MARKETING_RULES = [
  {
    state: 'FL',
    source: 'Fla. Stat. § 501.616(6) (Florida Telephone Solicitation Act)',
  },
  {
    state: 'OK',
    source: 'Okla. Stat. tit. 15, § 775C.4 (Oklahoma Telephone Solicitation Act of 2022)',
  },
  {
    state: 'MD',
    source: 'Md. Code, Com. Law § 14-4503 (Maryland Stop the Spam Calls Act of 2023)',
  },
] as const;

export const STATE_MARKETING_LIMITS = {
  start: '08:00',
  end: '20:00',
  maxCallsPer24h: 3,
} as const;

export const MA_COLLECTIONS = {
  id: 'ma-collection-call-frequency',
  state: 'MA',
  source: '940 CMR 7.04(1)(f) (Massachusetts debt collection regulations)',
  description: 'Collections: at most 2 call attempts per 7 days per debt for Massachusetts customers',
  maxAttempts: 2,
  days: 7,
} as const;

export const REG_F_FREQUENCY = {
  id: 'regf-call-frequency',
  source: 'Reg F 12 CFR 1006.14(b)(2)(i)',
  description: 'Collections: at most 7 call attempts per 7 consecutive days per loan',
  maxAttempts: 7,
  days: 7,
} as const;

export const REG_F_AFTER_CONVERSATION = {
  id: 'regf-after-conversation',
  source: 'Reg F 12 CFR 1006.14(b)(2)(ii)',
  description: 'Collections: no call within 7 days after a telephone conversation (RPC or LIVE_CONNECT) about the loan',
  days: 7,
} as const;

/**
 * Post-processing flags that mean a telephone conversation took place. LIVE_CONNECT counts too:
 * whether the person who talked was the borrower is the agent's judgment, so a live conversation
 * starts the quiet period rather than risk a call the rule forbids.
 */
export const CONVERSATION_FLAGS: readonly string[] = ['RPC', 'LIVE_CONNECT'];
