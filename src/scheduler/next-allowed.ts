import type { DateTime } from 'luxon';
import { compileConfig } from './compile-config.js';
import { normalizeHistory } from './history.js';
import { instantMs } from './instants.js';
import { WRONG_NUMBER_RULE } from './phone-choice.js';
import { canonicalPhone, phoneBook } from './phones.js';
import { PLAN_RULES } from './plan.js';
import { customerLocalities } from './localities.js';
import { customerStates, plausibleZones } from './plausible-zones.js';
import { findContactRestriction } from './restrictions.js';
import type { RuleBudget, RuleContext, SchedulingRule } from './rules/rule.js';
import { searchAllowedTime } from './search.js';
import { normalizeState } from './state-zones.js';
import type { Decision, NextAllowedResult, SchedulerConfig, SchedulingContext } from './types.js';
import { isoFromMs } from './zone-clock.js';

/** What the search runs on for one attempt, or the decision that blocks it before any time rule. */
type Prepared =
  | { blocked: Decision }
  | { startMs: number; ctx: RuleContext; rules: readonly SchedulingRule[]; horizonDays: number; notes: Decision[] };

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

export interface EligibilityResult extends NextAllowedResult {
  /** Every rule that rejects the candidate itself (empty when `time` is the candidate). */
  blocking: BlockingRule[];
  /** Every applicable frequency cap's count at the candidate. */
  budgets: Array<Omit<RuleBudget, 'nextFreesAt'> & { nextFreesAt: string | null }>;
}

/**
 * nextAllowedTime (the same preparation and search, so the same answer) plus the reading of each
 * rule at the candidate itself: which ones block it and until when, and each frequency cap's budget.
 */
export function eligibilityAt(candidate: DateTime, context: SchedulingContext, config: SchedulerConfig): EligibilityResult {
  const prepared = prepare(candidate, context, config);
  if ('blocked' in prepared) {
    const b = prepared.blocked;
    return { time: null, decisions: [b], blocking: [{ rule: b.rule, source: b.source, message: b.message, until: null }], budgets: [] };
  }
  const { startMs, ctx } = prepared;
  const result = searchAllowedTime(startMs, ctx, prepared.rules, prepared.horizonDays);
  const blocking: BlockingRule[] = [];
  const budgets: EligibilityResult['budgets'] = [];
  for (const rule of prepared.rules) {
    if (!rule.applies(ctx)) continue;
    const check = rule.check(startMs, ctx);
    if (!check.ok) blocking.push({ rule: rule.id, source: rule.source, message: check.message, until: check.until === null ? null : isoFromMs(check.until) });
    const budget = rule.budget?.(startMs, ctx);
    if (budget) budgets.push({ ...budget, nextFreesAt: budget.nextFreesAt === null ? null : isoFromMs(budget.nextFreesAt) });
  }
  return {
    time: result.timeMs === null ? null : isoFromMs(result.timeMs),
    decisions: [...prepared.notes, ...result.decisions],
    blocking,
    budgets,
  };
}

function prepare(candidate: DateTime, context: SchedulingContext, config: SchedulerConfig): Prepared {
  const cfg = compileConfig(config);
  const startMs = instantMs(candidate, 'candidate');
  const loanId = context.loanId ?? undefined;
  const history = normalizeHistory(context.history, cfg.purposeOf);

  const restriction = findContactRestriction(context.customer, history.flaggedRestrictions, loanId);
  if (restriction) return { blocked: restriction.decision };

  const phone = canonicalPhone(context.phoneNumber ?? context.customer.phoneNumber ?? context.customer.mobilePhone);
  const book = phoneBook(context.customer, history.wrongNumbers);
  const why = phone === undefined ? undefined : book.unusable.get(phone);
  if (why !== undefined) return { blocked: blocked(WRONG_NUMBER_RULE, `${phone} is unusable: ${why}`) };

  const state = normalizeState(context.customer.state);
  const zones = plausibleZones(context.customer.timezone, state, phone, new Date(startMs).getUTCFullYear());
  if (!zones) return { blocked: blocked(PLAN_RULES.zones, `timezone ${context.customer.timezone} is not an IANA zone`) };
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
  };
  return { startMs, ctx, rules: cfg.rules, horizonDays: cfg.effective.horizonDays, notes };
}

function blocked(rule: { id: string; source: string }, message: string): Decision {
  return { rule: rule.id, source: rule.source, effect: 'blocked', message };
}

