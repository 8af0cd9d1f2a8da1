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
import { searchAllowedTime } from './search.js';
import { normalizeState } from './state-zones.js';
import type { Decision, NextAllowedResult, SchedulerConfig, SchedulingContext } from './types.js';
import { isoFromMs } from './zone-clock.js';

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
  const cfg = compileConfig(config);
  const startMs = instantMs(candidate, 'candidate');
  const loanId = context.loanId ?? undefined;
  const history = normalizeHistory(context.history, cfg.purposeOf);

  const restriction = findContactRestriction(context.customer, history.flaggedRestrictions, loanId);
  if (restriction) return { time: null, decisions: [restriction.decision] };

  const phone = canonicalPhone(context.phoneNumber ?? context.customer.phoneNumber ?? context.customer.mobilePhone);
  const book = phoneBook(context.customer, history.wrongNumbers);
  const why = phone === undefined ? undefined : book.unusable.get(phone);
  if (why !== undefined) return { time: null, decisions: [blocked(WRONG_NUMBER_RULE, `${phone} is unusable: ${why}`)] };

  const state = normalizeState(context.customer.state);
  const zones = plausibleZones(context.customer.timezone, state, phone, new Date(startMs).getUTCFullYear());
  if (!zones) {
    return { time: null, decisions: [blocked(PLAN_RULES.zones, `timezone ${context.customer.timezone} is not an IANA zone`)] };
  }
  const notes: Decision[] = zones.notes.map((message) => ({
    rule: PLAN_RULES.zones.id,
    source: PLAN_RULES.zones.source,
    effect: 'note',
    message,
  }));
  const result = searchAllowedTime(
    startMs,
    {
      zones: zones.clocks,
      states: customerStates(state, phone === undefined ? book.usable : [phone, ...book.usable]),
      localities: customerLocalities(context.customer),
      channel: context.channel ?? 'call',
      purpose: context.purpose,
      loanId,
      attempts: history.points,
    },
    cfg.rules,
    cfg.effective.horizonDays,
  );
  return {
    time: result.timeMs === null ? null : isoFromMs(result.timeMs),
    decisions: [...notes, ...result.decisions],
  };
}

function blocked(rule: { id: string; source: string }, message: string): Decision {
  return { rule: rule.id, source: rule.source, effect: 'blocked', message };
}

