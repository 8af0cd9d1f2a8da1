import { compileConfig } from './compile-config.js';
import { instantMs } from './instants.js';
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
      decision: { rule: TRANSFER_RULE.id, source: TRANSFER_RULE.source, effect: 'selected', message: `route ${route.id}${when}` },
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

/**
 * The transfer destination for a call of `taskType` placed at `at` (re-evaluated at dial time, since
 * business hours may have closed since the call was planned); null for a task type not configured.
 */
export function transferDestinationAt(
  config: import('./types.js').SchedulerConfig,
  taskType: string,
  at: import('./types.js').Instant,
): { destination: string; decision: Decision } | null {
  const cfg = compileConfig(config);
  const type = cfg.taskTypes.get(taskType);
  return type ? routeTransfer(type.routes, cfg.transferFallback, instantMs(at, 'at')) : null;
}
