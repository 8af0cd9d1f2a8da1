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
  /** The company's loan management system, read by `sync: true` and `loanIds` (README "LMS"). */
  lms?: LmsConfig;
}

export interface LmsConfig {
  kind: 'loanpro';
  /** API root, e.g. https://loanpro.simnang.com/api/public/api/1 (OData paths are appended). */
  baseUrl: string;
  /** LoanPro's tenant id, sent as `Autopal-Instance-Id`. */
  instanceId: string;
  /** API token; stored encrypted (`enc:v1:…`), printed masked. */
  token: string;
  /** Per LMS request; default 5000. */
  timeoutMs?: number;
  /** Extra attempts of a read after a timeout, network error, 429 or 5xx; default 2. */
  retries?: number;
  /** Requests in flight to the LMS per company and process; default 4. */
  maxConcurrency?: number;
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
