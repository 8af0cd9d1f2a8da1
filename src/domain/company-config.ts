import { createAjv } from '../lib/ajv.js';
import type { CompanyConfig } from '../store/companies.js';
import { InvalidInputError } from './errors.js';

// The stored shape is declared by the store (a JSON column); the rules about it live here.
export type { CallsConfig, CompanyConfig, LmsConfig, TaskPurpose, TaskTypeConfig } from '../store/companies.js';


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
    lms: {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'baseUrl', 'instanceId', 'token'],
      properties: {
        kind: { enum: ['loanpro'] },
        baseUrl: { type: 'string', format: 'uri', pattern: '^https?://', maxLength: 500 },
        instanceId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
        token: { type: 'string', minLength: 1, maxLength: 4096 },
        timeoutMs: { type: 'integer', minimum: 100, maximum: 60000 },
        retries: { type: 'integer', minimum: 0, maximum: 5 },
        maxConcurrency: { type: 'integer', minimum: 1, maximum: 64 },
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
  if (config.lms) requireSafeLmsUrl(config.lms.baseUrl);
  return config;
}

/** The token travels in a header: plain http only to this machine (the simulator), https everywhere else. */
function requireSafeLmsUrl(baseUrl: string): void {
  const url = new URL(baseUrl);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !loopback) {
    throw new InvalidInputError(`Invalid company configuration: /lms/baseUrl must use https (plain http is accepted only for 127.0.0.1/localhost)`);
  }
}

/** A task type must be in the company's catalog; the error names the allowed values. */
export function requireKnownTaskType(config: CompanyConfig, taskType: string): void {
  const names = config.taskTypes.map((t) => t.name);
  if (!names.includes(taskType)) {
    throw new InvalidInputError(`taskType "${taskType}" is not configured for this company; allowed values: ${names.join(', ')}`);
  }
}
