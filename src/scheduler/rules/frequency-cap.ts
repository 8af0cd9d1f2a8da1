import { isoFromMs } from '../zone-clock.js';
import { ALLOWED, type AttemptPoint, type RuleContext, type SchedulingRule } from './rule.js';

export interface FrequencyCapSpec {
  id: string;
  source: string;
  description: string;
  maxAttempts: number;
  windowMs: number;
  /** e.g. "7-day" — used in messages. */
  windowLabel: string;
  applies: (ctx: RuleContext) => boolean;
  counts: (attempt: AttemptPoint, ctx: RuleContext) => boolean;
}

/**
 * At most `maxAttempts` counted attempts in any window of `windowMs` — including the call being
 * placed. Every window containing the candidate is checked, so already-pending later attempts
 * count too; when over, the search moves to the moment the earliest counted attempt in reach
 * leaves every window that contains the candidate.
 */
export function frequencyCapRule(spec: FrequencyCapSpec): SchedulingRule {
  const { maxAttempts, windowMs } = spec;
  // An inbound contact is the customer reaching out, not an attempt to reach them: no cap counts it.
  const counted = (attempt: AttemptPoint, ctx: RuleContext): boolean => !attempt.inbound && spec.counts(attempt, ctx);
  return {
    id: spec.id,
    source: spec.source,
    description: spec.description,
    lookbackMs: windowMs,
    applies: spec.applies,
    budget(utcMs, ctx) {
      let used = 0;
      let oldest: number | null = null;
      for (const attempt of ctx.attempts) {
        if (attempt.atMs <= utcMs - windowMs || attempt.atMs > utcMs || !counted(attempt, ctx)) continue;
        used++;
        if (oldest === null || attempt.atMs < oldest) oldest = attempt.atMs;
      }
      return {
        rule: spec.id,
        source: spec.source,
        used,
        limit: maxAttempts,
        window: spec.windowLabel,
        nextFreesAt: oldest === null ? null : oldest + windowMs,
      };
    },
    check(utcMs, ctx) {
      if (maxAttempts <= 0) {
        return { ok: false, until: null, message: `the company allows no attempts under ${spec.id}` };
      }
      const inReach: number[] = [];
      for (const attempt of ctx.attempts) {
        if (attempt.atMs <= utcMs - windowMs || attempt.atMs >= utcMs + windowMs) continue;
        if (counted(attempt, ctx)) inReach.push(attempt.atMs);
      }
      if (inReach.length < maxAttempts) return ALLOWED;
      const busiest = busiestWindowCount(inReach, utcMs, windowMs);
      if (busiest < maxAttempts) return ALLOWED;
      const until = inReach[0] + windowMs;
      return {
        ok: false,
        until,
        message:
          `${busiest} attempt(s) already in a ${spec.windowLabel} window around this time (max ${maxAttempts});` +
          ` the attempt at ${isoFromMs(inReach[0])} leaves it at ${isoFromMs(until)}`,
      };
    },
  };
}

/**
 * Most points (ascending) in one half-open window [s, s + w) with s in (t - w, t]. The count
 * only rises where a window starts at a point or just takes in a later one, so those starts
 * (plus both ends of the range) are the only ones to try.
 */
function busiestWindowCount(points: number[], t: number, w: number): number {
  let best = 0;
  const starts = [t - w + 1, t];
  for (const p of points) {
    if (p > t - w && p <= t) starts.push(p);
    else if (p > t && p < t + w) starts.push(p - w + 1);
  }
  for (const s of starts) {
    let count = 0;
    for (const p of points) if (p >= s && p < s + w) count++;
    if (count > best) best = count;
  }
  return best;
}
