import type { DateTime } from 'luxon';
import { compileConfig } from './compile-config.js';
import { normalizeHistory } from './history.js';
import { instantMs } from './instants.js';
import { WRONG_NUMBER_RULE } from './phone-choice.js';
import { canonicalPhone, phoneBook } from './phones.js';
import { PLAN_RULES } from './plan.js';
import { customerLocalities } from './localities.js';
import { customerStates, plausibleZones } from './plausible-zones.js';
import { findContactRestriction, RESTRICTION_RULES } from './restrictions.js';
import type { RuleBudget, RuleContext, SchedulingRule } from './rules/rule.js';
import { searchAllowedTime } from './search.js';
import { normalizeState } from './state-zones.js';
import type { Decision, NextAllowedResult, SchedulerConfig, SchedulingContext } from './types.js';
import { isoFromMs } from './zone-clock.js';

/** What the search runs on for one attempt, or the decision that blocks it before any time rule. */
type Prepared =
  | { blocked: Decision; passed: RuleVerdict[] }
  | {
      startMs: number;
      ctx: RuleContext;
      rules: readonly SchedulingRule[];
      horizonDays: number;
      notes: Decision[];
      passed: RuleVerdict[];
    };

/**
 * The earliest time at or after `candidate` when a call in `context` is allowed, with every
 * decision that moved it — or null and the decision that blocked it. Use it to re-check a
 * pending call before dialing: the call may go now when `time` equals the candidate.
 */
export function nextAllowedTime(
  candidate: DateTime,
  context: SchedulingContext,
  config: SchedulerConfig,
): NextAllowedResult {
  const prepared = prepare(candidate, context, config);
  if ('blocked' in prepared) return { time: null, decisions: [prepared.blocked] };
  const result = searchAllowedTime(prepared.startMs, prepared.ctx, prepared.rules, prepared.horizonDays);
  return {
    time: result.timeMs === null ? null : isoFromMs(result.timeMs),
    decisions: [...prepared.notes, ...result.decisions],
  };
}

/** A rule that does not allow the candidate time, and the earliest time it could (null: never). */
export interface BlockingRule {
  rule: string;
  source: string;
  message: string;
  until: string | null;
}

/**
 * One rule evaluated for an attempt at the candidate instant, and its verdict there: the evidence a
 * contact decision keeps. Only rules that apply to the customer (their states, city, channel and
 * purpose) are evaluated; a rule checked before the time rules that blocks ends the list.
 */
export interface RuleVerdict {
  rule: string;
  source: string;
  verdict: 'pass' | 'block';
  /** Why it blocks (absent on a pass). */
  detail?: string;
  /** When a blocking rule could allow (null: never; absent on a pass). */
  until?: string | null;
}

export interface EligibilityResult extends NextAllowedResult {
  /** Every rule evaluated at the candidate, in order, with its verdict. */
  evaluated: RuleVerdict[];
  /** Every rule that rejects the candidate itself (empty when `time` is the candidate). */
  blocking: BlockingRule[];
  /** Every applicable frequency cap's count at the candidate. */
  budgets: Array<Omit<RuleBudget, 'nextFreesAt'> & { nextFreesAt: string | null }>;
}

/**
 * nextAllowedTime (the same preparation and search, so the same answer) plus the reading of each
 * rule at the candidate itself: which ones block it and until when, and each frequency cap's budget.
 */
export function eligibilityAt(
  candidate: DateTime,
  context: SchedulingContext,
  config: SchedulerConfig,
): EligibilityResult {
  const prepared = prepare(candidate, context, config);
  if ('blocked' in prepared) {
    const b = prepared.blocked;
    const evaluated = [
      ...prepared.passed,
      { rule: b.rule, source: b.source, verdict: 'block' as const, detail: b.message, until: null },
    ];
    return {
      time: null,
      decisions: [b],
      evaluated,
      blocking: [{ rule: b.rule, source: b.source, message: b.message, until: null }],
      budgets: [],
    };
  }
  const { startMs, ctx } = prepared;
  const result = searchAllowedTime(startMs, ctx, prepared.rules, prepared.horizonDays);
  const blocking: BlockingRule[] = [];
  const budgets: EligibilityResult['budgets'] = [];
  const evaluated = [...prepared.passed];
  for (const rule of prepared.rules) {
    if (!rule.applies(ctx)) continue;
    const check = rule.check(startMs, ctx);
    if (check.ok) evaluated.push({ rule: rule.id, source: rule.source, verdict: 'pass' });
    else {
      const until = check.until === null ? null : isoFromMs(check.until);
      blocking.push({ rule: rule.id, source: rule.source, message: check.message, until });
      evaluated.push({ rule: rule.id, source: rule.source, verdict: 'block', detail: check.message, until });
    }
    const budget = rule.budget?.(startMs, ctx);
    if (budget)
      budgets.push({ ...budget, nextFreesAt: budget.nextFreesAt === null ? null : isoFromMs(budget.nextFreesAt) });
  }
  return {
    time: result.timeMs === null ? null : isoFromMs(result.timeMs),
    decisions: [...prepared.notes, ...result.decisions],
    evaluated,
    blocking,
    budgets,
  };
}

function prepare(candidate: DateTime, context: SchedulingContext, config: SchedulerConfig): Prepared {
  const cfg = compileConfig(config);
  const startMs = instantMs(candidate, 'candidate');
  const loanId = context.loanId ?? undefined;
  const history = normalizeHistory(context.history, cfg.purposeOf);

  const restriction = findContactRestriction(context.customer, history.flaggedRestrictions, loanId, context.purpose);
  if (restriction) return { blocked: restriction.decision, passed: [] };
  // The restrictions that apply to this purpose and channel, each passed.
  const passed: RuleVerdict[] = Object.values(RESTRICTION_RULES)
    .filter(
      (r) =>
        (!r.purposes || r.purposes.includes(context.purpose)) &&
        (!r.callsOnly || (context.channel ?? 'call') === 'call'),
    )
    .map((r) => ({
      rule: r.id,
      source: r.source,
      verdict: 'pass',
    }));

  const phone = canonicalPhone(context.phoneNumber ?? context.customer.phoneNumber ?? context.customer.mobilePhone);
  const book = phoneBook(context.customer, history.wrongNumbers);
  const why = phone === undefined ? undefined : book.unusable.get(phone);
  if (why !== undefined) return { blocked: blocked(WRONG_NUMBER_RULE, `${phone} is unusable: ${why}`), passed };
  if (phone !== undefined)
    passed.push({ rule: WRONG_NUMBER_RULE.id, source: WRONG_NUMBER_RULE.source, verdict: 'pass' });

  const state = normalizeState(context.customer.state);
  const zones = plausibleZones(context.customer.timezone, state, phone, new Date(startMs).getUTCFullYear());
  if (!zones)
    return { blocked: blocked(PLAN_RULES.zones, `timezone ${context.customer.timezone} is not an IANA zone`), passed };
  passed.push({ rule: PLAN_RULES.zones.id, source: PLAN_RULES.zones.source, verdict: 'pass' });
  const notes: Decision[] = zones.notes.map((message) => ({
    rule: PLAN_RULES.zones.id,
    source: PLAN_RULES.zones.source,
    effect: 'note',
    message,
  }));
  const ctx: RuleContext = {
    zones: zones.clocks,
    states: customerStates(state, phone === undefined ? book.usable : [phone, ...book.usable]),
    localities: customerLocalities(context.customer),
    channel: context.channel ?? 'call',
    purpose: context.purpose,
    loanId,
    attempts: history.points,
    requested: context.requested === true,
  };
  return { startMs, ctx, rules: cfg.rules, horizonDays: cfg.effective.horizonDays, notes, passed };
}

function blocked(rule: { id: string; source: string }, message: string): Decision {
  return { rule: rule.id, source: rule.source, effect: 'blocked', message };
}
