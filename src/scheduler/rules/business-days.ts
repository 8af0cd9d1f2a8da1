import { federalHolidayOn } from '../holidays.js';
import { DAY, MINUTE, dayNumber, describeLocal } from '../zone-clock.js';
import { ALLOWED, type SchedulingRule } from './rule.js';

export interface BlockedDayRuleSpec {
  id: string;
  source: string;
  description: string;
  /** Why a day is blocked, or undefined when it is allowed. */
  blockedReason: (day: number) => string | undefined;
}

/** No calls on a blocked local calendar day in any plausible zone; moves to the next open day's midnight. */
export function blockedDayRule(spec: BlockedDayRuleSpec): SchedulingRule {
  return {
    id: spec.id,
    source: spec.source,
    description: spec.description,
    lookbackMs: 0,
    applies: () => true,
    check(utcMs, ctx) {
      for (const zone of ctx.zones) {
        const day = dayNumber(zone.toLocal(utcMs));
        const reason = spec.blockedReason(day);
        if (reason === undefined) continue;
        let next = day + 1;
        // Bounded: a config cannot block every weekday, and holidays never run for a week.
        while (spec.blockedReason(next) !== undefined && next < day + 370) next++;
        const until = Math.max(zone.toUtc(next * DAY), utcMs + MINUTE);
        return {
          ok: false,
          until,
          message: `${describeLocal(zone, utcMs)} is ${reason}; next open day starts ${describeLocal(zone, until)}`,
        };
      }
      return ALLOWED;
    },
  };
}

const WEEKDAY_NAMES = ['', 'a Monday', 'a Tuesday', 'a Wednesday', 'a Thursday', 'a Friday', 'a Saturday', 'a Sunday'];

export function weekdayReason(blocked: ReadonlySet<number>): (day: number) => string | undefined {
  return (day) => {
    const weekday = ((((day + 3) % 7) + 7) % 7) + 1;
    return blocked.has(weekday) ? WEEKDAY_NAMES[weekday] : undefined;
  };
}

export function federalHolidayReason(day: number): string | undefined {
  const holiday = federalHolidayOn(day);
  return holiday === undefined ? undefined : `the ${holiday}`;
}

export function blockedDateReason(blocked: ReadonlySet<number>): (day: number) => string | undefined {
  return (day) => (blocked.has(day) ? 'a company-blocked date' : undefined);
}
