import { DAY, HOUR, dayNumber, describeLocal, isoFromMs } from '../zone-clock.js';
import { ALLOWED, type AttemptPoint, type RuleContext, type SchedulingRule } from './rule.js';

export interface AfterConversationSpec {
  id: string;
  source: string;
  description: string;
  days: number;
  applies: (ctx: RuleContext) => boolean;
  counts: (attempt: AttemptPoint, ctx: RuleContext) => boolean;
}

/**
 * No call within `days` days after a conversation. Both readings of "within 7 days" are honoured:
 * 7 × 24 h later, and the start of the 7th local calendar day after the conversation's date
 * (the date of the conversation is day 1) in every plausible zone — whichever is later.
 */
export function afterConversationRule(spec: AfterConversationSpec): SchedulingRule {
  return {
    id: spec.id,
    source: spec.source,
    description: spec.description,
    // The local-calendar reading never ends later than days × 24 h, but for a DST change in between.
    lookbackMs: spec.days * DAY + HOUR,
    applies: spec.applies,
    check(utcMs, ctx) {
      let until = Number.NEGATIVE_INFINITY;
      let conversationAt = 0;
      for (const attempt of ctx.attempts) {
        if (!attempt.conversation || attempt.atMs > utcMs || !spec.counts(attempt, ctx)) continue;
        let quietEnd = attempt.atMs + spec.days * DAY;
        for (const zone of ctx.zones) {
          const firstOpenDay = dayNumber(zone.toLocal(attempt.atMs)) + spec.days;
          quietEnd = Math.max(quietEnd, zone.toUtc(firstOpenDay * DAY));
        }
        if (quietEnd > utcMs && quietEnd > until) {
          until = quietEnd;
          conversationAt = attempt.atMs;
        }
      }
      if (until === Number.NEGATIVE_INFINITY) return ALLOWED;
      const zone = ctx.zones[0];
      return {
        ok: false,
        until,
        message:
          `telephone conversation at ${isoFromMs(conversationAt)}; no call for ${spec.days} days,` +
          ` until ${describeLocal(zone, until)}`,
      };
    },
  };
}
