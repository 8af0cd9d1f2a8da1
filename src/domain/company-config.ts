import { createAjv } from '../lib/ajv.js';
import { InvalidInputError } from './errors.js';

export type TaskPurpose = 'origination' | 'collections';

export interface TaskTypeConfig {
  name: string;
  /** Drives which call-frequency rules apply (marketing/origination vs debt collection). */
  purpose: TaskPurpose;
}

/** Per-company configuration, managed with `outreach company config get|set`. */
export interface CompanyConfig {
  /** `announced` opts the company in early to the announced POST /customers contract changes. */
  customerContract: 'current' | 'announced';
  taskTypes: TaskTypeConfig[];
  /** Integration identifiers accepted by the legacy create-scheduled-calls operation. */
  scheduleTypes: string[];
  /** Scheduler overrides; may only tighten the defaults (see src/scheduler). */
  scheduler?: Record<string, unknown>;
  /** Call dispatch (README "Calls"). */
  calls?: CallsConfig;
}

export interface CallsConfig {
  /** Calls of the company in `dialing` at once (default OUTREACH_CALLS_MAX_CONCURRENT_PER_COMPANY). */
  maxConcurrentCalls?: number;
  /** Provider agent (script) per task type; default `agent-<taskType>`. */
  agents?: Record<string, string>;
}

export const ORIGINATION_TASK_TYPES = ['PendingLoanNewLead', 'PendingLoanReturning'] as const;

export function defaultCompanyConfig(): CompanyConfig {
  return {
    customerContract: 'current',
    taskTypes: [
      { name: 'PendingLoanNewLead', purpose: 'origination' },
      { name: 'PendingLoanReturning', purpose: 'origination' },
      { name: 'Collections', purpose: 'collections' },
    ],
    scheduleTypes: ['default'],
  };
}

export const companyConfigSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['customerContract', 'taskTypes', 'scheduleTypes'],
  properties: {
    customerContract: { enum: ['current', 'announced'] },
    taskTypes: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'purpose'],
        properties: {
          name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,119}$' },
          purpose: { enum: ['origination', 'collections'] },
        },
      },
    },
    scheduleTypes: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 120 } },
    scheduler: { type: 'object' },
    calls: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxConcurrentCalls: { type: 'integer', minimum: 1, maximum: 1000 },
        agents: { type: 'object', additionalProperties: { type: 'string', minLength: 1, maxLength: 200 } },
      },
    },
  },
} as const;

const validate = createAjv().compile(companyConfigSchema);

/** Validates a whole configuration document; throws InvalidInputError listing every problem. */
export function parseCompanyConfig(value: unknown): CompanyConfig {
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new InvalidInputError(`Invalid company configuration: ${problems.join('; ')}`);
  }
  const config = value as unknown as CompanyConfig;
  const names = config.taskTypes.map((t) => t.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new InvalidInputError(`Invalid company configuration: task type "${dup}" is listed twice`);
  return config;
}
