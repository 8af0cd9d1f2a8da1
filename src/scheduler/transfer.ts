import { isFederalHolidayDay } from './holidays.js';
import type { Decision } from './types.js';
import { DAY, MINUTE, dayNumber, describeLocal, isoWeekday, type ZoneClock } from './zone-clock.js';

export const TRANSFER_RULE = {
  id: 'transfer-routing',
  source: 'Company configuration (task type transfer routes)',
} as const;

export interface CompiledRoute {
  readonly id: string;
  readonly destination: string;
  readonly hours:
    | {
        readonly clock: ZoneClock;
        readonly days: ReadonlySet<number>;
        readonly startMin: number;
        readonly endMin: number;
        readonly closedOnFederalHolidays: boolean;
      }
    | undefined;
}

export function isRouteOpen(route: CompiledRoute, utcMs: number): boolean {
  const hours = route.hours;
  if (!hours) return true;
  const local = hours.clock.toLocal(utcMs);
  const day = dayNumber(local);
  if (!hours.days.has(isoWeekday(day))) return false;
  if (hours.closedOnFederalHolidays && isFederalHolidayDay(day)) return false;
  const minute = (local - day * DAY) / MINUTE;
  return minute >= hours.startMin && minute < hours.endMin;
}

/** The first route open at the call's time, else the company fallback destination. */
export function routeTransfer(
  routes: readonly CompiledRoute[],
  fallback: string,
  utcMs: number,
): { destination: string; decision: Decision } {
  for (const route of routes) {
    if (!isRouteOpen(route, utcMs)) continue;
    const when = route.hours ? ` (open at ${describeLocal(route.hours.clock, utcMs)})` : '';
    return {
      destination: route.destination,
      decision: {
        rule: TRANSFER_RULE.id,
        source: TRANSFER_RULE.source,
        effect: 'selected',
        message: `route ${route.id}${when}`,
      },
    };
  }
  const closed = routes.map((r) => r.id).join(', ') || 'none configured';
  return {
    destination: fallback,
    decision: {
      rule: TRANSFER_RULE.id,
      source: TRANSFER_RULE.source,
      effect: 'selected',
      message: `no route open at the call time (${closed}); fallback destination`,
    },
  };
}
