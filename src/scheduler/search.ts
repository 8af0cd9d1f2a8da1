import type { RuleContext, SchedulingRule } from './rules/rule.js';
import type { Decision } from './types.js';
import { DAY, isoFromMs } from './zone-clock.js';

export interface SearchResult {
  /** Epoch ms, or null when blocked or nothing is allowed within the horizon. */
  timeMs: number | null;
  decisions: Decision[];
}

export const HORIZON_RULE = {
  id: 'search-horizon',
  source: 'Company configuration (horizonDays)',
} as const;

// Every move goes forward and the horizon ends the search; this only guards against a
// pathological configuration.
const MAX_MOVES = 5_000;

/**
 * Earliest time ≥ start that every applicable rule allows: each rule that rejects the time
 * moves it to its own next possibility, until every rule accepts it. Every move is recorded
 * as a decision naming the rule and its source.
 */
export function searchAllowedTime(
  startMs: number,
  ctx: RuleContext,
  rules: readonly SchedulingRule[],
  horizonDays: number,
): SearchResult {
  const limit = startMs + horizonDays * DAY;
  const decisions: Decision[] = [];
  const active = rules.filter((rule) => rule.applies(ctx));
  let t = startMs;
  // After any move the rules are re-checked from the first one, so day rules settle the date
  // before the window rule picks the hour (fewer, clearer decisions).
  let index = 0;
  for (let moves = 0; moves < MAX_MOVES && index < active.length;) {
    const rule = active[index];
    const check = rule.check(t, ctx);
    if (check.ok) {
      index++;
      continue;
    }
    if (check.until === null) {
      decisions.push({
        rule: rule.id,
        source: rule.source,
        effect: 'blocked',
        message: check.message,
        from: isoFromMs(t),
      });
      return { timeMs: null, decisions };
    }
    decisions.push({
      rule: rule.id,
      source: rule.source,
      effect: 'moved',
      message: check.message,
      from: isoFromMs(t),
      to: isoFromMs(check.until),
    });
    t = check.until;
    if (t > limit) return { timeMs: null, decisions: [...decisions, horizonDecision(startMs, horizonDays)] };
    moves++;
    index = 0;
  }
  if (index >= active.length) return { timeMs: t, decisions };
  return { timeMs: null, decisions: [...decisions, horizonDecision(startMs, horizonDays)] };
}

function horizonDecision(startMs: number, horizonDays: number): Decision {
  return {
    rule: HORIZON_RULE.id,
    source: HORIZON_RULE.source,
    effect: 'blocked',
    message: `no time satisfies every rule within ${horizonDays} day(s) of ${isoFromMs(startMs)}`,
    from: isoFromMs(startMs),
  };
}
