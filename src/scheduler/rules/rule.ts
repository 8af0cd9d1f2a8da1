import type { Channel, Purpose } from '../types.js';
import type { ZoneClock } from '../zone-clock.js';

/** An attempt as the rules see it: epoch ms and what it counts toward. */
export interface AttemptPoint {
  readonly atMs: number;
  readonly loanId: string | undefined;
  /** undefined = unknown, which counts toward every purpose's caps. */
  readonly purpose: Purpose | undefined;
  /** A telephone conversation with the customer (RPC). */
  readonly conversation: boolean;
  /** Planned by the current plan rather than taken from history. */
  readonly planned: boolean;
  /** undefined = a call (history written before texts and emails counted). */
  readonly channel?: Channel;
  /** The customer's own contact (an inbound call or text): no frequency cap counts it. */
  readonly inbound?: boolean;
  /** A call the borrower asked for (a callback within 7 days of asking): Reg F does not count it (12 CFR 1006.14(b)(3)). */
  readonly requested?: boolean;
}

/** Everything a time rule needs about one call. */
export interface RuleContext {
  /** Plausible zones of the callee; the first is the customer's own. */
  readonly zones: readonly ZoneClock[];
  /** States whose rules apply (customer's state, dialed area code's state). */
  readonly states: readonly string[];
  /** Cities with their own rules the customer lives in (see localities.ts); none when omitted. */
  readonly localities?: readonly string[];
  /** The channel of the attempt being timed; a call when omitted. */
  readonly channel?: Channel;
  readonly purpose: Purpose;
  readonly loanId: string | undefined;
  /** History plus calls already planned, ascending by time. */
  readonly attempts: readonly AttemptPoint[];
  /** The call being timed is one the borrower asked for (SchedulingContext.requested). */
  readonly requested?: boolean;
}

export type RuleCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** Earliest time this rule could allow; null = never (blocked). */
      readonly until: number | null;
      readonly message: string;
    };

export const ALLOWED: RuleCheck = { ok: true };

/**
 * A scheduling rule as data plus behaviour: it names its source, says whether it applies to a
 * call, and for a time either allows it or names the earliest time it could allow.
 */
export interface SchedulingRule {
  readonly id: string;
  readonly source: string;
  readonly description: string;
  /**
   * How far back from a time the attempts this rule reads reach: no attempt older than
   * `t - lookbackMs` changes its verdict at t or later (0: it reads no history). Bounds the
   * history reads (historyLookbackMs).
   */
  readonly lookbackMs: number;
  applies(ctx: RuleContext): boolean;
  check(utcMs: number, ctx: RuleContext): RuleCheck;
  /** Frequency caps only: attempts counted in the window ending at `utcMs`. */
  budget?(utcMs: number, ctx: RuleContext): RuleBudget;
}

/** A frequency cap's count at a time: how much of it is used and when the oldest counted attempt leaves it. */
export interface RuleBudget {
  readonly rule: string;
  readonly source: string;
  readonly used: number;
  readonly limit: number;
  /** e.g. "7-day". */
  readonly window: string;
  /** When the oldest counted attempt leaves the window (epoch ms); null when none is counted. */
  readonly nextFreesAt: number | null;
}
