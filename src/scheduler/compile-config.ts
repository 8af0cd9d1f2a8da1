import { SchedulerConfigError, effectiveRules, type ConfigAdjustment, type EffectiveRules } from './effective-rules.js';
import { buildRules } from './rules/build-rules.js';
import type { SchedulingRule } from './rules/rule.js';
import type { CompiledRoute } from './transfer.js';
import type { CadenceConfig, PhoneChoice, Purpose, SchedulerConfig, TaskTypeSchedule, TransferRoute } from './types.js';
import { MINUTE, parseClockTime, zoneClock } from './zone-clock.js';

export interface CompiledStep {
  readonly id: string;
  readonly day: number;
  readonly atMin: number | undefined;
  readonly offsetMs: number;
  readonly phone: PhoneChoice;
  readonly fallback: boolean;
}

export interface CompiledCadence {
  readonly id: string;
  readonly steps: readonly CompiledStep[];
}

export interface CompiledTaskType {
  readonly name: string;
  readonly purpose: Purpose;
  readonly cadence: CompiledCadence;
  readonly byDaysSincePaidOff: ReadonlyArray<{ min: number; max: number | null; cadence: CompiledCadence }>;
  readonly oneOffAllowed: boolean;
  readonly routes: readonly CompiledRoute[];
}

export interface CompiledConfig {
  readonly effective: EffectiveRules;
  readonly adjustments: readonly ConfigAdjustment[];
  readonly rules: readonly SchedulingRule[];
  readonly taskTypes: ReadonlyMap<string, CompiledTaskType>;
  readonly transferFallback: string;
  readonly purposeOf: (taskType: string) => Purpose | undefined;
}

/** oneOff: exactly one call to phoneNumber (mobilePhone when it has none), never a fallback. */
export const ONE_OFF_CADENCE: CompiledCadence = {
  id: 'one-off',
  steps: [{ id: 'one-off', day: 0, atMin: undefined, offsetMs: 0, phone: 'primary', fallback: false }],
};

const compiled = new WeakMap<SchedulerConfig, CompiledConfig>();

/** Validates and prepares a configuration once; the result is cached per config object. */
export function compileConfig(config: SchedulerConfig): CompiledConfig {
  const cached = compiled.get(config);
  if (cached) return cached;
  if (typeof config.transferFallback !== 'string' || config.transferFallback === '') {
    throw new SchedulerConfigError('transferFallback: a fallback transfer destination is required');
  }
  const { rules: effective, adjustments } = effectiveRules(config);
  const taskTypes = new Map<string, CompiledTaskType>();
  for (const [name, taskType] of Object.entries(config.taskTypes ?? {})) {
    taskTypes.set(name, compileTaskType(name, taskType));
  }
  const result: CompiledConfig = {
    effective,
    adjustments,
    rules: buildRules(effective),
    taskTypes,
    transferFallback: config.transferFallback,
    purposeOf: (taskType) => taskTypes.get(taskType)?.purpose,
  };
  compiled.set(config, result);
  return result;
}

function compileTaskType(name: string, taskType: TaskTypeSchedule): CompiledTaskType {
  if (taskType.purpose !== 'origination' && taskType.purpose !== 'collections') {
    throw new SchedulerConfigError(`taskTypes.${name}.purpose must be origination or collections`);
  }
  const ranges = (taskType.byDaysSincePaidOff ?? []).map((range, i) => {
    const where = `taskTypes.${name}.byDaysSincePaidOff[${i}]`;
    if (!Number.isInteger(range.min) || range.min < 0)
      throw new SchedulerConfigError(`${where}.min must be an integer ≥ 0`);
    if (range.max !== null && (!Number.isInteger(range.max) || range.max < range.min)) {
      throw new SchedulerConfigError(`${where}.max must be null or an integer ≥ min`);
    }
    return { min: range.min, max: range.max, cadence: compileCadence(`${where}.cadence`, range.cadence) };
  });
  return {
    name,
    purpose: taskType.purpose,
    cadence: compileCadence(`taskTypes.${name}.cadence`, taskType.cadence),
    byDaysSincePaidOff: ranges,
    oneOffAllowed: taskType.oneOffAllowed === true,
    routes: (taskType.transfer ?? []).map((route, i) => compileRoute(`taskTypes.${name}.transfer[${i}]`, route)),
  };
}

function compileCadence(where: string, cadence: CadenceConfig): CompiledCadence {
  if (!cadence || !Array.isArray(cadence.steps) || cadence.steps.length === 0) {
    throw new SchedulerConfigError(`${where}: a cadence needs at least one step`);
  }
  const steps = cadence.steps.map((step, i): CompiledStep => {
    const at = `${where}.steps[${i}]`;
    const day = step.day ?? 0;
    if (!Number.isInteger(day) || day < 0) throw new SchedulerConfigError(`${at}.day must be an integer ≥ 0`);
    const atMin = step.at === undefined ? undefined : parseClockTime(step.at);
    if (step.at !== undefined && atMin === undefined) throw new SchedulerConfigError(`${at}.at must be HH:mm`);
    const offset = step.offsetMinutes ?? 0;
    if (!Number.isFinite(offset) || offset < 0) throw new SchedulerConfigError(`${at}.offsetMinutes must be ≥ 0`);
    if (step.fallback && i === 0) throw new SchedulerConfigError(`${at}: a fallback step needs a step before it`);
    return {
      id: step.id || `step-${i}`,
      day,
      atMin,
      offsetMs: offset * MINUTE,
      phone: step.phone ?? (step.fallback ? 'mobile' : 'rotate'),
      fallback: step.fallback === true,
    };
  });
  return { id: cadence.id, steps };
}

function compileRoute(where: string, route: TransferRoute): CompiledRoute {
  if (!route.destination) throw new SchedulerConfigError(`${where}.destination is required`);
  if (!route.hours) return { id: route.id, destination: route.destination, hours: undefined };
  const clock = zoneClock(route.hours.zone);
  const startMin = parseClockTime(route.hours.start);
  const endMin = parseClockTime(route.hours.end);
  if (!clock) throw new SchedulerConfigError(`${where}.hours.zone "${route.hours.zone}" is not an IANA zone`);
  if (startMin === undefined || endMin === undefined || startMin >= endMin) {
    throw new SchedulerConfigError(`${where}.hours: start and end must be HH:mm with start < end`);
  }
  return {
    id: route.id,
    destination: route.destination,
    hours: {
      clock,
      days: new Set(route.hours.days),
      startMin,
      endMin,
      closedOnFederalHolidays: route.hours.closedOnFederalHolidays === true,
    },
  };
}

/**
 * How far back contact history must be read for the rules to decide any time from now on: the
 * longest lookback of the configuration's rules (the 7-day caps plus a DST hour, the quiet period
 * after a conversation, which a company may lengthen, the 24-hour state caps). Derived from the
 * compiled rules, so a rule with a longer window lengthens the reads with it.
 */
export function historyLookbackMs(config: SchedulerConfig): number {
  return Math.max(0, ...compileConfig(config).rules.map((r) => r.lookbackMs));
}
