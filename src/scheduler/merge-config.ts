import { DEFAULT_SCHEDULER_CONFIG } from './default-config.js';
import type { SchedulerConfig } from './types.js';

/**
 * A company's scheduler configuration: its overrides on top of the defaults. Task types are
 * replaced whole by name (a partial cadence would be ambiguous); `limits` merge key by key.
 * Tightening is enforced later by effectiveRules, so an override cannot loosen anything.
 * compileConfig caches by object identity: keep the merged object per company config version.
 */
export function mergeSchedulerConfig(
  overrides: Partial<SchedulerConfig> | undefined,
  base: SchedulerConfig = DEFAULT_SCHEDULER_CONFIG,
): SchedulerConfig {
  if (!overrides) return base;
  return {
    ...base,
    ...overrides,
    limits: { ...base.limits, ...overrides.limits },
    taskTypes: { ...base.taskTypes, ...overrides.taskTypes },
  };
}
