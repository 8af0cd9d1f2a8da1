import { createAjv } from '../lib/ajv.js';
import { InvalidInputError } from './errors.js';

export type TaskPurpose = 'origination' | 'collections';

export interface TaskTypeConfig {
  name: string;
  /** Drives which call-frequency rules apply (marketing/origination vs debt collection). */
  purpose: TaskPurpose;
  /**
   * Email and SMS steps of the task type's workflow, next to its call cadence (the scheduler
   * section). Each names a template; times follow the same day/at/offset rules as call steps.
   */
  messages?: MessageStepConfig[];
}

export type MessageChannel = 'email' | 'sms';

export interface MessageStepConfig {
  id: string;
  channel: MessageChannel;
  /** Customer-local calendar days after the schedule is created (0 = that day). */
  day?: number;
  /** Customer-local "HH:mm" on that day; omitted = creation time + `day` days. */
  at?: string;
  offsetMinutes?: number;
  /** Name of an entry in `templates`. */
  template: string;
}

/** Handlebars text: `{{customer.firstName}}`, `{{loan.amountDue}}`… HTML-escaped by default. */
export interface MessageTemplate {
  /** Email only. */
  subject?: string;
  body: string;
}

export interface ChannelLimits {
  /** At most this many messages of the channel to one customer per rolling 24 h. */
  maxPerDay?: number;
  /** At most this many messages of the channel to one customer per rolling 7 days. */
  maxPer7Days?: number;
}

export interface ChannelsConfig {
  email?: ChannelLimits & { from?: string };
  sms?: ChannelLimits & { from?: string };
}

/** An integration of the legacy create-scheduled-calls operation: the calls it creates. */
export interface IntegrationConfig {
  /** The identifier sent as `scheduleType`; must also be listed in `scheduleTypes`. */
  scheduleType: string;
  /** Task type whose purpose (caps) and transfer routing the calls use. */
  taskType: string;
  /** Call steps, like a cadence's (day, at, offsetMinutes, phone, fallback). */
  steps: Array<Record<string, unknown>>;
}

/** When a loan row's outreach stops, and which loans get collections outreach at all. */
export interface LoanWorkflowConfig {
  /** servicingStatus values (case-insensitive) that end the loan's outreach. */
  closedServicingStatuses?: string[];
  /** isSettled: true ends the loan's outreach (default true). */
  stopWhenSettled?: boolean;
  /** A chargeoffDate ends the loan's outreach (default true). */
  stopWhenChargedOff?: boolean;
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
  /** Definitions of `scheduleTypes` entries; an entry without one places a single call. */
  integrations?: IntegrationConfig[];
  /** Message templates referenced by task types' message steps. */
  templates?: Record<string, MessageTemplate>;
  /** Sender and per-channel frequency caps of email and SMS. */
  channels?: ChannelsConfig;
  loanWorkflow?: LoanWorkflowConfig;
}

export const DEFAULT_CLOSED_SERVICING_STATUSES = ['paid_off', 'paidoff', 'closed', 'settled', 'charged_off', 'chargedoff', 'charge_off'];

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
          messages: {
            type: 'array',
            maxItems: 50,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['id', 'channel', 'template'],
              properties: {
                id: { type: 'string', minLength: 1, maxLength: 120 },
                channel: { enum: ['email', 'sms'] },
                day: { type: 'integer', minimum: 0, maximum: 365 },
                at: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
                offsetMinutes: { type: 'integer', minimum: 0, maximum: 525600 },
                template: { type: 'string', minLength: 1, maxLength: 120 },
              },
            },
          },
        },
      },
    },
    scheduleTypes: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 120 } },
    scheduler: { type: 'object' },
    integrations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['scheduleType', 'taskType', 'steps'],
        properties: {
          scheduleType: { type: 'string', minLength: 1, maxLength: 120 },
          taskType: { type: 'string', minLength: 1, maxLength: 120 },
          steps: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'object' } },
        },
      },
    },
    templates: {
      type: 'object',
      propertyNames: { minLength: 1, maxLength: 120 },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['body'],
        properties: {
          subject: { type: 'string', minLength: 1, maxLength: 998 },
          body: { type: 'string', minLength: 1, maxLength: 100000 },
        },
      },
    },
    channels: {
      type: 'object',
      additionalProperties: false,
      properties: {
        email: { $ref: '#/$defs/channel' },
        sms: { $ref: '#/$defs/channel' },
      },
    },
    loanWorkflow: {
      type: 'object',
      additionalProperties: false,
      properties: {
        closedServicingStatuses: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 120 } },
        stopWhenSettled: { type: 'boolean' },
        stopWhenChargedOff: { type: 'boolean' },
      },
    },
  },
  $defs: {
    channel: {
      type: 'object',
      additionalProperties: false,
      properties: {
        from: { type: 'string', minLength: 1, maxLength: 320 },
        maxPerDay: { type: 'integer', minimum: 0, maximum: 1000 },
        maxPer7Days: { type: 'integer', minimum: 0, maximum: 1000 },
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
  checkReferences(config, names);
  return config;
}

/** Cross-references JSON Schema cannot express: integrations, message steps and their templates. */
function checkReferences(config: CompanyConfig, taskTypes: string[]): void {
  const fail = (why: string) => {
    throw new InvalidInputError(`Invalid company configuration: ${why}`);
  };
  const seen = new Set<string>();
  for (const integration of config.integrations ?? []) {
    if (seen.has(integration.scheduleType)) fail(`integration "${integration.scheduleType}" is defined twice`);
    seen.add(integration.scheduleType);
    if (!config.scheduleTypes.includes(integration.scheduleType)) fail(`integration "${integration.scheduleType}" is not listed in scheduleTypes`);
    if (!taskTypes.includes(integration.taskType)) fail(`integration "${integration.scheduleType}" names unknown task type "${integration.taskType}"`);
  }
  for (const taskType of config.taskTypes) {
    for (const step of taskType.messages ?? []) {
      const template = config.templates?.[step.template];
      if (!template) fail(`task type "${taskType.name}" message step "${step.id}" names unknown template "${step.template}"`);
      if (step.channel === 'email' && !template!.subject) fail(`template "${step.template}" is used for email and needs a subject`);
    }
  }
}
