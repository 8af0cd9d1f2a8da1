import { createAjv } from '../../lib/ajv.js';
import type { CompanyConfig, LmsConfig, SubStatusEffect } from './company-config-types.js';
import { InvalidInputError } from './errors.js';
import type { Db } from '../../store/shared/db.js';
import { getCompanies, getCompany } from '../../store/shared/companies.js';
import { paymentUrlTemplateProblem } from './payment-link-url.js';

export type {
  AchConfig,
  ReturnOutreachConfig,
  CallsConfig,
  ChannelLimits,
  ChannelsConfig,
  CompanyConfig,
  ConsentConfig,
  ConsentPolicy,
  ConsentType,
  IntegrationConfig,
  LmsConfig,
  LoanWorkflowConfig,
  SubStatusEffect,
  MessageChannel,
  MessageStepConfig,
  MessageTemplate,
  PaymentLinksConfig,
  TaskPurpose,
  TaskTypeConfig,
} from './company-config-types.js';

export const DEFAULT_CLOSED_SERVICING_STATUSES = [
  'paid_off',
  'paidoff',
  'closed',
  'settled',
  'charged_off',
  'chargedoff',
  'charge_off',
];

/**
 * LoanPro's default loan sub-statuses that end or restrict collections calls, by the names its
 * documentation gives them: "Open-bankruptcy", "Open-attorney retained", "Open-deceased process"
 * and "Closed - Charged Off" (https://help.loanpro.io/organization/statuses-and-sub-statuses),
 * "Closed - Settled" (the same page), and "Paid Off - Paid in Full", which LoanPro's default payoff
 * process assigns (https://help.loanpro.io/article/qfzol7bo1s-default-payoff-small-balance-write-off-process).
 * "Open-charged off collectible" is left out on purpose: LoanPro's page says the loan "is still
 * being attempted to collect".
 */
export const DEFAULT_SUB_STATUS_EFFECTS: Readonly<Record<string, SubStatusEffect>> = {
  'Open-bankruptcy': 'bankruptcy',
  'Open-attorney retained': 'attorney_representation',
  'Open-deceased process': 'deceased',
  'Closed - Charged Off': 'charged_off',
  'Closed - Settled': 'settled',
  'Paid Off - Paid in Full': 'paid_off',
};

/** A sub-status name as the mapping compares it: no case, one space between words, none around dashes. */
export const subStatusKey = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+/g, ' ');

/** The company's sub-status mapping (its own, else LoanPro's defaults), keyed by subStatusKey. */
export function subStatusEffects(lms: Pick<LmsConfig, 'subStatusEffects'>): Map<string, SubStatusEffect> {
  return new Map(
    Object.entries(lms.subStatusEffects ?? DEFAULT_SUB_STATUS_EFFECTS).map(([name, effect]) => [
      subStatusKey(name),
      effect,
    ]),
  );
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

/** A channel's sender and caps (email; SMS adds its own provider account). */
const CHANNEL_PROPERTIES = {
  from: { type: 'string', minLength: 1, maxLength: 320 },
  maxPerDay: { type: 'integer', minimum: 0, maximum: 1000 },
  maxPer7Days: { type: 'integer', minimum: 0, maximum: 1000 },
} as const;

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
    defaultLanguage: { enum: ['en', 'es'] },
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
          languages: {
            type: 'object',
            propertyNames: { enum: ['en', 'es'] },
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
        },
      },
    },
    channels: {
      type: 'object',
      additionalProperties: false,
      properties: {
        email: { $ref: '#/$defs/channel' },
        sms: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...CHANNEL_PROPERTIES,
            messagingServiceSid: { type: 'string', pattern: '^MG[0-9a-fA-F]{32}$' },
            provider: {
              type: 'object',
              additionalProperties: false,
              required: ['accountSid', 'authToken'],
              properties: {
                accountSid: { type: 'string', pattern: '^AC[A-Za-z0-9]{1,62}$' },
                authToken: { type: 'string', minLength: 1, maxLength: 500 },
              },
            },
          },
        },
      },
    },
    calls: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxConcurrentCalls: { type: 'integer', minimum: 1, maximum: 1000 },
        account: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$' },
        reservedInbound: { type: 'integer', minimum: 0, maximum: 10000 },
        agents: {
          type: 'object',
          maxProperties: 200,
          additionalProperties: {
            oneOf: [
              { $ref: '#/$defs/agentId' },
              {
                type: 'object',
                minProperties: 1,
                maxProperties: 50,
                propertyNames: { $ref: '#/$defs/language' },
                additionalProperties: { $ref: '#/$defs/agentId' },
              },
            ],
          },
        },
        callerIds: {
          type: 'array',
          minItems: 1,
          maxItems: 500,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['number'],
            properties: {
              number: { type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$' },
              states: {
                type: 'array',
                maxItems: 60,
                uniqueItems: true,
                items: { type: 'string', pattern: '^[A-Z]{2}$' },
              },
            },
          },
        },
        provider: {
          type: 'object',
          additionalProperties: false,
          required: ['apiKey'],
          properties: {
            apiKey: { type: 'string', minLength: 1, maxLength: 500 },
            webhookKey: { type: 'string', minLength: 1, maxLength: 500 },
          },
        },
        voicemail: {
          type: 'object',
          additionalProperties: false,
          required: ['businessName', 'agentName', 'callbackNumber'],
          properties: {
            businessName: { type: 'string', minLength: 1, maxLength: 80 },
            agentName: { type: 'string', minLength: 1, maxLength: 40 },
            callbackNumber: { type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$' },
          },
        },
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
        dialCheckCacheSeconds: { type: 'integer', minimum: 0, maximum: 3600 },
        subStatusEffects: {
          type: 'object',
          maxProperties: 200,
          propertyNames: { minLength: 1, maxLength: 120 },
          additionalProperties: {
            enum: ['paid_off', 'settled', 'charged_off', 'bankruptcy', 'attorney_representation', 'deceased'],
          },
        },
      },
    },
    paymentLinks: { $ref: '#/$defs/paymentLinks' },
    consent: {
      type: 'object',
      additionalProperties: false,
      properties: {
        default: { $ref: '#/$defs/consentPolicy' },
        taskTypes: { type: 'object', maxProperties: 200, additionalProperties: { $ref: '#/$defs/consentPolicy' } },
        revocationScope: { enum: ['all-channels', 'channel'] },
        reviewWarnBusinessDays: { type: 'integer', minimum: 1, maximum: 9 },
        reassignedNumbers: {
          type: 'object',
          additionalProperties: false,
          properties: {
            queryAfterDays: { type: 'integer', minimum: 0, maximum: 3650 },
            noData: { enum: ['hold', 'proceed'] },
          },
        },
        attestation: {
          type: 'object',
          additionalProperties: false,
          required: ['form', 'version'],
          properties: {
            form: { type: 'string', minLength: 1, maxLength: 200 },
            version: { type: 'string', minLength: 1, maxLength: 60 },
            taskTypes: { type: 'array', maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 120 } },
          },
        },
        belowLawOverride: {
          type: 'object',
          additionalProperties: false,
          required: ['reason', 'approvedBy'],
          properties: {
            reason: { type: 'string', minLength: 10, maxLength: 1000 },
            approvedBy: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
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
    promises: {
      type: 'object',
      additionalProperties: false,
      properties: {
        horizonDays: { type: 'integer', minimum: 1, maximum: 365 },
        graceDays: { type: 'integer', minimum: 0, maximum: 30 },
        reminder: {
          type: 'object',
          additionalProperties: false,
          required: ['template'],
          properties: {
            template: { type: 'string', minLength: 1, maxLength: 120 },
            daysBefore: { type: 'integer', minimum: 0, maximum: 14 },
            at: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
          },
        },
      },
    },
    ach: {
      type: 'object',
      additionalProperties: false,
      properties: {
        returnOutreach: {
          type: 'object',
          additionalProperties: false,
          required: ['enabled', 'taskType'],
          properties: {
            enabled: { type: 'boolean' },
            taskType: { type: 'string', minLength: 1, maxLength: 120 },
            // The return codes the service accepts (docs/partners/ach.md): R01–R29 and R51.
            returnCodes: {
              type: 'array',
              minItems: 1,
              maxItems: 30,
              uniqueItems: true,
              items: { type: 'string', pattern: '^R(0[1-9]|1[0-9]|2[0-9]|51)$' },
            },
          },
        },
      },
    },
  },
  $defs: {
    paymentLinks: {
      type: 'object',
      additionalProperties: false,
      required: ['urlTemplate'],
      properties: {
        urlTemplate: { type: 'string', minLength: 10, maxLength: 2000 },
        expiresInHours: { type: 'integer', minimum: 1, maximum: 720 },
        afterPromise: {
          type: 'object',
          additionalProperties: false,
          required: ['channel', 'template'],
          properties: {
            channel: { enum: ['email', 'sms'] },
            template: { type: 'string', minLength: 1, maxLength: 120 },
          },
        },
      },
    },
    agentId: { type: 'string', minLength: 1, maxLength: 200 },
    // BCP 47 language tag, as the customer's language (`en`, `es`, `pt-BR`).
    language: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' },
    channel: { type: 'object', additionalProperties: false, properties: CHANNEL_PROPERTIES },
    consentPolicy: {
      type: 'object',
      additionalProperties: false,
      properties: {
        suppliedNumbers: { enum: ['express', 'express_written', 'none'] },
        required: { enum: ['express', 'express_written'] },
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
  if (config.lms) requireSafeLmsUrl(config.lms.baseUrl);
  return config;
}

/** The token travels in a header: plain http only to this machine (the simulator), https everywhere else. */
function requireSafeLmsUrl(baseUrl: string): void {
  const url = new URL(baseUrl);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !loopback) {
    throw new InvalidInputError(
      `Invalid company configuration: /lms/baseUrl must use https (plain http is accepted only for 127.0.0.1/localhost)`,
    );
  }
}

/** A task type must be in the company's catalog; the error names the allowed values. */
export function requireKnownTaskType(config: CompanyConfig, taskType: string): void {
  const names = config.taskTypes.map((t) => t.name);
  if (!names.includes(taskType)) {
    throw new InvalidInputError(
      `taskType "${taskType}" is not configured for this company; allowed values: ${names.join(', ')}`,
    );
  }
}

/** Cross-references JSON Schema cannot express: integrations, message steps and their templates. */
function checkReferences(config: CompanyConfig, taskTypes: string[]): void {
  const fail = (why: string): never => {
    throw new InvalidInputError(`Invalid company configuration: ${why}`);
  };
  const seen = new Set<string>();
  for (const integration of config.integrations ?? []) {
    if (seen.has(integration.scheduleType)) fail(`integration "${integration.scheduleType}" is defined twice`);
    seen.add(integration.scheduleType);
    if (!config.scheduleTypes.includes(integration.scheduleType))
      fail(`integration "${integration.scheduleType}" is not listed in scheduleTypes`);
    if (!taskTypes.includes(integration.taskType))
      fail(`integration "${integration.scheduleType}" names unknown task type "${integration.taskType}"`);
  }
  for (const name of Object.keys(config.consent?.taskTypes ?? {})) {
    if (!taskTypes.includes(name)) fail(`consent names unknown task type "${name}"`);
  }
  for (const name of config.consent?.attestation?.taskTypes ?? []) {
    if (!taskTypes.includes(name)) fail(`consent.attestation names unknown task type "${name}"`);
  }
  for (const taskType of config.taskTypes) {
    for (const step of taskType.messages ?? []) {
      const template = config.templates?.[step.template];
      if (!template)
        fail(`task type "${taskType.name}" message step "${step.id}" names unknown template "${step.template}"`);
      if (step.channel === 'email' && !template!.subject)
        fail(`template "${step.template}" is used for email and needs a subject`);
    }
  }
  const reminder = config.promises?.reminder;
  if (reminder && !config.templates?.[reminder.template])
    fail(`promises.reminder names unknown template "${reminder.template}"`);
  checkPaymentLinks(config, fail);
  const outreach = config.ach?.returnOutreach;
  if (outreach) {
    const taskType = config.taskTypes.find((t) => t.name === outreach.taskType);
    if (!taskType) fail(`ach.returnOutreach names unknown task type "${outreach.taskType}"`);
    if (taskType!.purpose !== 'collections')
      fail(`ach.returnOutreach task type "${outreach.taskType}" must have purpose collections`);
  }
}

/** `{{paymentLink}}` in a template: the message carries a payment link (src/domain/payment-links/). */
export const PAYMENT_LINK_VARIABLE = /\{\{\{?\s*paymentLink\s*\}?\}\}/;

/** Whether any version of the template (its languages included) uses the payment link. */
export function usesPaymentLink(template: {
  subject?: string;
  body: string;
  languages?: Record<string, { subject?: string; body: string }>;
}): boolean {
  return [template, ...Object.values(template.languages ?? {})].some(
    (v) => PAYMENT_LINK_VARIABLE.test(v.body) || (v.subject !== undefined && PAYMENT_LINK_VARIABLE.test(v.subject)),
  );
}

/** The payment page's template, and the templates that carry a link: only where links can be made. */
function checkPaymentLinks(config: CompanyConfig, fail: (why: string) => never): void {
  const links = config.paymentLinks;
  if (links) {
    const problem = paymentUrlTemplateProblem(links.urlTemplate);
    if (problem) fail(`paymentLinks.urlTemplate: ${problem}`);
    const after = links.afterPromise;
    if (after) {
      const template = config.templates?.[after.template];
      if (!template) fail(`paymentLinks.afterPromise names unknown template "${after.template}"`);
      if (after.channel === 'email' && !template.subject)
        fail(`template "${after.template}" is used for email and needs a subject`);
      if (!usesPaymentLink(template)) fail(`template "${after.template}" must use {{paymentLink}}`);
    }
    return;
  }
  for (const [name, template] of Object.entries(config.templates ?? {}))
    if (usesPaymentLink(template)) fail(`template "${name}" uses {{paymentLink}} but paymentLinks is not configured`);
}

/** A stored company, its configuration typed (every configuration was validated when it was written). */
export interface Company {
  id: string;
  name: string;
  config: CompanyConfig;
  createdAt: string;
}

export const findCompany = async (db: Db, companyId: string): Promise<Company | null> =>
  (await getCompany(db, companyId)) as Company | null;

/** Several companies by id in one read (a dial batch's configurations). */
export const findCompanies = async (db: Db, ids: readonly string[]): Promise<Map<string, Company>> =>
  (await getCompanies(db, ids)) as Map<string, Company>;
