import type { DateTime } from 'luxon';

/** What a task type's calls are for; decides which state and Reg F rules apply. */
export type Purpose = 'origination' | 'collections';

/** How an attempt reaches the customer; decides which frequency caps count it. */
export type Channel = 'call' | 'sms' | 'email';

/** An instant: a luxon DateTime or an ISO 8601 string with offset or Z. */
export type Instant = DateTime | string;

export type RestrictionKind =
  | 'do_not_call'
  | 'cease_request'
  | 'attorney_representation'
  | 'bankruptcy'
  | 'deceased'
  // Restrictions call outcomes assert (src/domain/calls/call-effects.ts; docs/partners/outcomes.md).
  | 'debt_dispute'
  | 'hardship_review'
  | 'fraud_claim'
  | 'military_review'
  | 'incarcerated'
  | 'threat_or_abuse'
  | 'accessibility';

export interface ContactRestriction {
  kind: RestrictionKind;
  /** When set, restricts outreach about this loan only. */
  loanId?: string | null;
  since?: string | null;
}

export interface CustomerContact {
  id?: string;
  /** IANA zone name. */
  timezone: string;
  /** 2-letter state code. */
  state?: string | null;
  /** City and ZIP code of the address: they place a customer in a city with its own rules (New York City). */
  city?: string | null;
  zipCode?: string | null;
  phoneNumber?: string | null;
  mobilePhone?: string | null;
  /** cell_phone and home_phone are used for rotation. */
  externalMetadata?: Record<string, unknown> | null;
  doNotCall?: boolean | null;
  restrictions?: readonly ContactRestriction[];
  /** Numbers marked unusable (wrong number). */
  unusablePhones?: readonly string[];
}

/** A past (or already pending) attempt to reach the customer: a call unless `channel` says otherwise. */
export interface ContactAttempt {
  at: Instant;
  /** Default call. Texts and emails count only toward the caps that count them (940 CMR 7.04(1)(f), NYC, WA). */
  channel?: Channel | null;
  loanId?: string | null;
  phoneNumber?: string | null;
  taskType?: string | null;
  /** Overrides the purpose derived from taskType; unknown purpose counts toward every cap. */
  purpose?: Purpose | null;
  /** Post-processing flags: RPC marks a conversation, WRONG_NUMBER, DNC, ATTORNEY_REP, BANKRUPTCY, DECEASED … */
  flags?: readonly string[] | null;
  /**
   * A telephone conversation took place (a lender-reported contact says so without flags). Only a
   * call's conversation starts the quiet period: 1006.14(b)(2)(i)(B) speaks of a telephone conversation.
   */
  conversation?: boolean | null;
  /**
   * Default outbound. An inbound contact (the customer called or wrote) is no attempt to reach them:
   * no frequency cap counts it (1006.14(b)(2)(i)(A) counts calls "placed"; RCW 19.16.250(13)(a)
   * excepts responses to the debtor), but an inbound telephone conversation starts the quiet period.
   */
  direction?: 'outbound' | 'inbound' | null;
  /** A call the borrower asked for within the 7 days before it: not counted by Reg F (12 CFR 1006.14(b)(3)(i)). */
  requested?: boolean | null;
}

export interface EnrollmentPlanInput {
  taskType: string;
  loanId?: string | null;
  daysSincePaidOff?: number | null;
  /** Context only: never skips cadence steps. */
  daysInApplied?: number | null;
  oneOff?: boolean | null;
  customer: CustomerContact;
  history?: readonly ContactAttempt[];
}

/** One step of reasoning: which rule moved, blocked or selected something, and why. */
export interface Decision {
  rule: string;
  source: string;
  effect: 'moved' | 'blocked' | 'selected' | 'skipped' | 'note';
  message: string;
  /** UTC ISO time before the move. */
  from?: string;
  /** UTC ISO time after the move. */
  to?: string;
}

export interface PlannedCall {
  /** UTC ISO 8601. */
  scheduledTime: string;
  phoneNumber: string;
  transferDestination: string;
  step: string;
  stepIndex: number;
  fallback: boolean;
  explanation: Decision[];
}

export interface SkippedStep {
  step: string;
  stepIndex: number;
  reason: 'no_allowed_time' | 'no_fallback_phone' | 'nothing_to_back_up';
  explanation: Decision[];
}

export type PlanFailureReason =
  | 'contact_restricted'
  | 'unknown_task_type'
  | 'one_off_not_allowed'
  | 'no_cadence_for_days_since_paid_off'
  | 'no_usable_phone'
  | 'invalid_timezone'
  | 'no_allowed_time';

export type PlanResult =
  | {
      ok: true;
      taskType: string;
      purpose: Purpose;
      cadence: string;
      calls: PlannedCall[];
      skipped: SkippedStep[];
      notes: Decision[];
    }
  | {
      ok: false;
      reason: PlanFailureReason;
      rule: string;
      source: string;
      message: string;
      explanation: Decision[];
    };

// ---- Company configuration -------------------------------------------------------------

/** Wall-clock window, "HH:mm" each, end exclusive. */
export interface LocalTimeWindow {
  start: string;
  end: string;
}

/** rotate: next usable number; primary: phoneNumber (mobile if unusable); mobile: mobilePhone only. */
export type PhoneChoice = 'rotate' | 'primary' | 'mobile';

export interface CadenceStep {
  id: string;
  /** Customer-local calendar days after enrollment (0 = enrollment day). */
  day?: number;
  /** Customer-local "HH:mm" on that day; omitted = enrollment time + `day` days. */
  at?: string;
  /** Added to the base time; for a fallback step, minutes after the call it backs up. */
  offsetMinutes?: number;
  phone?: PhoneChoice;
  /** Backs up the previous call on another number; skipped when there is none. */
  fallback?: boolean;
}

export interface CadenceConfig {
  id: string;
  steps: CadenceStep[];
}

/** Inclusive range of daysSincePaidOff; max null = open ended. */
export interface DaysSincePaidOffCadence {
  min: number;
  max: number | null;
  cadence: CadenceConfig;
}

export interface BusinessHours {
  /** IANA zone of the destination (e.g. the call center's). */
  zone: string;
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: number[];
  start: string;
  end: string;
  closedOnFederalHolidays?: boolean;
}

export interface TransferRoute {
  id: string;
  destination: string;
  /** Omitted = always open. */
  hours?: BusinessHours;
}

/** A task type's calling plan for the scheduler (its cadences and transfer routes); the company-level task type is TaskTypeConfig in src/domain/shared/. */
export interface TaskTypeSchedule {
  purpose: Purpose;
  /** New-lead cadence, or the returning initial call when daysSincePaidOff is omitted. */
  cadence: CadenceConfig;
  /** Returning cadences selected by daysSincePaidOff. */
  byDaysSincePaidOff?: DaysSincePaidOffCadence[];
  /** oneOff = exactly one call, no fallback. */
  oneOffAllowed?: boolean;
  /** First route open at the call's time wins; else the config's transferFallback. */
  transfer: TransferRoute[];
}

/** Company tightenings of the regulatory defaults; a looser value is clamped to the default. */
export interface RuleLimits {
  /** Reg F 1006.14(b)(2)(i)(A): ≤ 7. */
  regFMaxAttemptsPer7Days?: number;
  /** Reg F 1006.14(b)(2)(i)(B): ≥ 7. */
  regFQuietDaysAfterConversation?: number;
  /** 940 CMR 7.04(1)(f): ≤ 2. */
  maCollectionsMaxAttemptsPer7Days?: number;
  /** FL/OK/MD telephone solicitation: ≤ 3. */
  marketingMaxCallsPer24h?: number;
  /** FL/OK/MD telephone solicitation window, inside 08:00–20:00. */
  marketingWindow?: LocalTimeWindow;
}

export interface SchedulerConfig {
  /** Inside 08:00–21:00 customer-local. */
  callingWindow?: LocalTimeWindow;
  /** ISO weekdays never called; Sunday (7) always is. */
  blockedWeekdays?: number[];
  /** Extra customer-local "YYYY-MM-DD" dates never called (federal holidays always are). */
  blockedDates?: string[];
  limits?: RuleLimits;
  /** Minimum minutes between two calls of one plan (fallback steps use their own offset). */
  minGapMinutes?: number;
  /** How far past its target a step may be pushed before it is dropped. */
  horizonDays?: number;
  taskTypes: Record<string, TaskTypeSchedule>;
  transferFallback: string;
}

/** Input of nextAllowedTime: who is called, why, and what was already attempted. */
export interface SchedulingContext {
  customer: CustomerContact;
  purpose: Purpose;
  loanId?: string | null;
  /** The number to dial (its area code widens the plausible zones); defaults to phoneNumber. */
  phoneNumber?: string | null;
  history?: readonly ContactAttempt[];
  /** The channel of the attempt being timed (default call). */
  channel?: Channel;
  /**
   * The call is one the borrower asked for, at a time within 7 days of asking: Reg F's two call
   * frequencies (7-in-7, the quiet period after a conversation) do not apply to it and do not count
   * it (12 CFR 1006.14(b)(3)(i)); calling hours, state caps and every other rule still do.
   */
  requested?: boolean;
}

export interface NextAllowedResult {
  /** UTC ISO, or null when blocked or nothing is allowed within the horizon. */
  time: string | null;
  decisions: Decision[];
}
