import {
  compileConfig,
  mergeSchedulerConfig,
  SchedulerConfigError,
  type SchedulerConfig,
} from '../../scheduler/index.js';
import type { CompanyConfig } from '../shared/company-config.js';
import { InvalidInputError } from '../shared/errors.js';

// Company configurations are read per request (a new object each time), so the merged scheduler
// configuration is cached by the text of the overrides: compileConfig then caches by identity.
const merged = new Map<string, SchedulerConfig>();
const MAX_CACHED = 1000;

/** The company's scheduler configuration: its overrides on the defaults, compiled once. */
export function schedulerConfigFor(config: CompanyConfig): SchedulerConfig {
  const text = JSON.stringify(config.scheduler ?? null);
  let found = merged.get(text);
  if (!found) {
    found = mergeSchedulerConfig(config.scheduler);
    compileConfig(found); // throws on an unreadable configuration before it is cached
    if (merged.size >= MAX_CACHED) merged.clear();
    merged.set(text, found);
  }
  return found;
}

/** Rejects a company configuration whose scheduler section cannot be compiled (at `config set` time). */
export function validateSchedulerConfig(config: CompanyConfig): void {
  let scheduler: SchedulerConfig;
  try {
    scheduler = schedulerConfigFor(config);
  } catch (err) {
    // A malformed section can also fail as a TypeError deep in compilation; either way the operator gets one line.
    const why = err instanceof SchedulerConfigError ? err.message : (err as Error).message;
    throw new InvalidInputError(`Invalid company configuration: scheduler: ${why}`);
  }
  // Outreach on a return enrolls in this task type's cadence: without one, every return would fail to plan.
  const outreach = config.ach?.returnOutreach;
  if (outreach && !scheduler.taskTypes[outreach.taskType]) {
    throw new InvalidInputError(
      `Invalid company configuration: ach.returnOutreach task type "${outreach.taskType}" has no cadence in the scheduler section (scheduler.taskTypes)`,
    );
  }
}
