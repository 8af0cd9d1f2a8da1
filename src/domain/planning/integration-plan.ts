import { compileConfig, type CadenceStep, type SchedulerConfig } from '../../scheduler/index.js';
import type { CompanyConfig, IntegrationConfig } from '../shared/company-config.js';
import { InvalidInputError } from '../shared/errors.js';
import { schedulerConfigFor } from './scheduler-config.js';

/** An integration without a definition places one call at the earliest allowed time. */
const SINGLE_CALL: Array<Record<string, unknown>> = [{ id: 'call', day: 0 }];

/** Scheduler task-type key of an integration; never a catalog name (those cannot contain ':'). */
export const integrationKey = (scheduleType: string) => `integration:${scheduleType}`;

export interface ResolvedIntegration {
  scheduleType: string;
  /** The catalog task type recorded on the calls (purpose and transfer routing come from it). */
  taskType: string;
  schedulerTaskType: string;
  scheduler: SchedulerConfig;
}

// Keyed by the text of the company's scheduler overrides and integrations: compileConfig caches by identity.
const cache = new Map<string, SchedulerConfig>();
const MAX_CACHED = 1000;

/** The supported scheduleTypes of the legacy operation, in configuration order. */
export function supportedScheduleTypes(config: CompanyConfig): string[] {
  return config.scheduleTypes;
}

/**
 * The integration `scheduleType` names, resolved to a scheduler configuration in which its calls
 * are one more task type (same rules as every call), or null when the company does not support it.
 */
export function resolveIntegration(config: CompanyConfig, scheduleType: string): ResolvedIntegration | null {
  if (!config.scheduleTypes.includes(scheduleType)) return null;
  const defined = config.integrations?.find((i) => i.scheduleType === scheduleType);
  const taskType = defined?.taskType ?? defaultTaskType(config);
  const integration: IntegrationConfig = defined ?? { scheduleType, taskType, steps: SINGLE_CALL };
  return {
    scheduleType,
    taskType,
    schedulerTaskType: integrationKey(scheduleType),
    scheduler: withIntegration(config, integration),
  };
}

function defaultTaskType(config: CompanyConfig): string {
  return (config.taskTypes.find((t) => t.purpose === 'origination') ?? config.taskTypes[0]).name;
}

function withIntegration(config: CompanyConfig, integration: IntegrationConfig): SchedulerConfig {
  const text = JSON.stringify([config.scheduler ?? null, integration]);
  let found = cache.get(text);
  if (!found) {
    const base = schedulerConfigFor(config);
    const source = base.taskTypes[integration.taskType];
    const purpose =
      source?.purpose ?? config.taskTypes.find((t) => t.name === integration.taskType)?.purpose ?? 'origination';
    found = {
      ...base,
      taskTypes: {
        ...base.taskTypes,
        [integrationKey(integration.scheduleType)]: {
          purpose,
          cadence: { id: integration.scheduleType, steps: integration.steps as unknown as CadenceStep[] },
          oneOffAllowed: false,
          transfer: source?.transfer ?? [],
        },
      },
    };
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(text, found);
  }
  return found;
}

/** Compiles every defined integration's calls (at `config set` time), so a bad step fails there, not at a request. */
export function validateIntegrations(config: CompanyConfig): void {
  for (const integration of config.integrations ?? []) {
    const resolved = resolveIntegration(config, integration.scheduleType)!;
    try {
      compileConfig(resolved.scheduler);
    } catch (err) {
      throw new InvalidInputError(
        `Invalid company configuration: integration "${integration.scheduleType}": ${(err as Error).message}`,
      );
    }
  }
}
