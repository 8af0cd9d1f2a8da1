import {
  BLOCKED_WEEKDAYS,
  CALLING_WINDOW,
  MA_COLLECTIONS,
  REG_F_AFTER_CONVERSATION,
  REG_F_FREQUENCY,
  STATE_MARKETING_LIMITS,
} from './rules/catalog.js';
import type { LocalTimeWindow, SchedulerConfig } from './types.js';
import { dayOfIsoDate, formatClockTime, parseClockTime } from './zone-clock.js';

/** A configuration value that cannot be read at all (as opposed to one that is too loose). */
export class SchedulerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchedulerConfigError';
  }
}

export interface MinuteWindow {
  readonly startMin: number;
  readonly endMin: number;
}

/** The numbers the rules run with after company tightenings. */
export interface EffectiveRules {
  readonly callingWindow: MinuteWindow;
  readonly blockedWeekdays: ReadonlySet<number>;
  readonly blockedDays: ReadonlySet<number>;
  readonly marketingWindow: MinuteWindow;
  readonly marketingMaxCallsPer24h: number;
  readonly maCollectionsMaxAttemptsPer7Days: number;
  readonly regFMaxAttemptsPer7Days: number;
  readonly regFQuietDaysAfterConversation: number;
  readonly minGapMinutes: number;
  readonly horizonDays: number;
}

/** A company value that tried to loosen a default and was clamped. */
export interface ConfigAdjustment {
  field: string;
  requested: unknown;
  applied: unknown;
  reason: string;
}

export const DEFAULT_MIN_GAP_MINUTES = 120;
export const DEFAULT_HORIZON_DAYS = 30;
const MAX_HORIZON_DAYS = 366;

/**
 * Applies a company configuration to the regulatory defaults. Values may only tighten: a window
 * wider than the default, a higher cap or a shorter quiet period is clamped to the default and
 * reported in `adjustments`; malformed values throw SchedulerConfigError.
 */
export function effectiveRules(config: SchedulerConfig): {
  rules: EffectiveRules;
  adjustments: ConfigAdjustment[];
} {
  const adjustments: ConfigAdjustment[] = [];
  const limits = config.limits ?? {};

  const callingWindow = tightenWindow(
    'callingWindow',
    config.callingWindow,
    { start: CALLING_WINDOW.start, end: CALLING_WINDOW.end },
    adjustments,
  );
  const marketingDefault = {
    start: formatClockTime(Math.max(callingWindow.startMin, minutes(STATE_MARKETING_LIMITS.start))),
    end: formatClockTime(Math.min(callingWindow.endMin, minutes(STATE_MARKETING_LIMITS.end))),
  };
  const marketingWindow = tightenWindow(
    'limits.marketingWindow',
    limits.marketingWindow,
    marketingDefault,
    adjustments,
  );

  const blockedWeekdays = new Set<number>(BLOCKED_WEEKDAYS.weekdays);
  for (const day of config.blockedWeekdays ?? []) {
    if (!Number.isInteger(day) || day < 1 || day > 7) {
      throw new SchedulerConfigError(`blockedWeekdays: ${String(day)} is not an ISO weekday 1-7`);
    }
    blockedWeekdays.add(day);
  }
  if (config.blockedWeekdays && !config.blockedWeekdays.includes(7)) {
    adjustments.push({
      field: 'blockedWeekdays',
      requested: config.blockedWeekdays,
      applied: [...blockedWeekdays].sort(),
      reason: 'Sunday (7) is always blocked',
    });
  }
  if (blockedWeekdays.size === 7) throw new SchedulerConfigError('blockedWeekdays: every weekday is blocked');

  const blockedDays = new Set<number>();
  for (const date of config.blockedDates ?? []) {
    const day = dayOfIsoDate(date);
    if (day === undefined) throw new SchedulerConfigError(`blockedDates: "${date}" is not YYYY-MM-DD`);
    blockedDays.add(day);
  }

  const rules: EffectiveRules = {
    callingWindow,
    blockedWeekdays,
    blockedDays,
    marketingWindow,
    marketingMaxCallsPer24h: capAtMost(
      'limits.marketingMaxCallsPer24h',
      limits.marketingMaxCallsPer24h,
      STATE_MARKETING_LIMITS.maxCallsPer24h,
      adjustments,
    ),
    maCollectionsMaxAttemptsPer7Days: capAtMost(
      'limits.maCollectionsMaxAttemptsPer7Days',
      limits.maCollectionsMaxAttemptsPer7Days,
      MA_COLLECTIONS.maxAttempts,
      adjustments,
    ),
    regFMaxAttemptsPer7Days: capAtMost(
      'limits.regFMaxAttemptsPer7Days',
      limits.regFMaxAttemptsPer7Days,
      REG_F_FREQUENCY.maxAttempts,
      adjustments,
    ),
    regFQuietDaysAfterConversation: atLeast(
      'limits.regFQuietDaysAfterConversation',
      limits.regFQuietDaysAfterConversation,
      REG_F_AFTER_CONVERSATION.days,
      adjustments,
    ),
    minGapMinutes: nonNegative('minGapMinutes', config.minGapMinutes, DEFAULT_MIN_GAP_MINUTES),
    horizonDays: Math.min(
      MAX_HORIZON_DAYS,
      Math.max(1, nonNegative('horizonDays', config.horizonDays, DEFAULT_HORIZON_DAYS)),
    ),
  };
  return { rules, adjustments };
}

function minutes(value: string): number {
  const parsed = parseClockTime(value);
  if (parsed === undefined) throw new SchedulerConfigError(`"${value}" is not HH:mm`);
  return parsed;
}

function tightenWindow(
  field: string,
  requested: LocalTimeWindow | undefined,
  fallback: LocalTimeWindow,
  adjustments: ConfigAdjustment[],
): MinuteWindow {
  const defaultStart = minutes(fallback.start);
  const defaultEnd = minutes(fallback.end);
  if (!requested) return { startMin: defaultStart, endMin: defaultEnd };
  const start = parseClockTime(requested.start);
  const end = parseClockTime(requested.end);
  if (start === undefined || end === undefined) {
    throw new SchedulerConfigError(`${field}: start and end must be HH:mm`);
  }
  const startMin = Math.max(start, defaultStart);
  const endMin = Math.min(end, defaultEnd);
  if (startMin >= endMin) throw new SchedulerConfigError(`${field}: the window is empty`);
  if (startMin !== start || endMin !== end) {
    adjustments.push({
      field,
      requested,
      applied: { start: formatClockTime(startMin), end: formatClockTime(endMin) },
      reason: `may only narrow the default ${fallback.start}–${fallback.end}`,
    });
  }
  return { startMin, endMin };
}

function capAtMost(field: string, requested: number | undefined, max: number, adjustments: ConfigAdjustment[]): number {
  if (requested === undefined) return max;
  if (!Number.isInteger(requested) || requested < 0) {
    throw new SchedulerConfigError(`${field}: ${String(requested)} is not a non-negative integer`);
  }
  if (requested <= max) return requested;
  adjustments.push({ field, requested, applied: max, reason: `may not exceed the default ${max}` });
  return max;
}

function atLeast(field: string, requested: number | undefined, min: number, adjustments: ConfigAdjustment[]): number {
  if (requested === undefined) return min;
  if (!Number.isInteger(requested) || requested < 0) {
    throw new SchedulerConfigError(`${field}: ${String(requested)} is not a non-negative integer`);
  }
  if (requested >= min) return requested;
  adjustments.push({ field, requested, applied: min, reason: `may not be shorter than the default ${min}` });
  return min;
}

function nonNegative(field: string, requested: number | undefined, fallback: number): number {
  if (requested === undefined) return fallback;
  if (!Number.isFinite(requested) || requested < 0) {
    throw new SchedulerConfigError(`${field}: ${String(requested)} is not a non-negative number`);
  }
  return requested;
}
