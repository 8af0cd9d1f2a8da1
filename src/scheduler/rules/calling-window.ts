import { DAY, MINUTE, dayNumber, describeLocal, formatClockTime } from '../zone-clock.js';
import { ALLOWED, type RuleContext, type SchedulingRule } from './rule.js';

export interface WindowRuleSpec {
  id: string;
  source: string;
  description: string;
  startMin: number;
  endMin: number;
  applies?: (ctx: RuleContext) => boolean;
}

/**
 * Allows [start, end) wall-clock time in every plausible zone; a time outside moves to the
 * window's next opening in the zone that rejected it (the engine then re-checks the others).
 */
export function callingWindowRule(spec: WindowRuleSpec): SchedulingRule {
  const startMs = spec.startMin * MINUTE;
  const endMs = spec.endMin * MINUTE;
  const label = `${formatClockTime(spec.startMin)}–${formatClockTime(spec.endMin)}`;
  return {
    id: spec.id,
    source: spec.source,
    description: spec.description,
    lookbackMs: 0,
    applies: spec.applies ?? (() => true),
    check(utcMs, ctx) {
      for (const zone of ctx.zones) {
        const local = zone.toLocal(utcMs);
        const day = dayNumber(local);
        const msOfDay = local - day * DAY;
        if (msOfDay >= startMs && msOfDay < endMs) continue;
        const openingDay = msOfDay < startMs ? day : day + 1;
        // A DST quirk must never send the search backwards.
        const until = Math.max(zone.toUtc(openingDay * DAY + startMs), utcMs + MINUTE);
        return {
          ok: false,
          until,
          message: `${describeLocal(zone, utcMs)} is outside ${label}; next opening ${describeLocal(zone, until)}`,
        };
      }
      return ALLOWED;
    },
  };
}
