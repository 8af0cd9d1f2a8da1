import type { CompanyConfig } from '../shared/company-config.js';
import type { MessageRoutes } from '../ports/channels.js';
import type { SmsProvider } from '../ports/sms.js';
import type { ReadinessCheck, ReadinessResult } from './check-shape.js';

/** The SMS account a company's real customers' texts go through, as the dispatcher picks it. */
export interface SmsRoute {
  provider: SmsProvider;
  /** The company's own Twilio account (`channels.sms.provider`), else the operator's. */
  own: boolean;
  /** The sender number: `channels.sms.from`, else the operator's OUTREACH_SMS_FROM. */
  from: string;
}

/** `null`: no live SMS provider is configured (real customers' texts then go to the simulator). */
export type SmsRouteOf = (companyId: string, config: CompanyConfig) => SmsRoute | null;

/**
 * The account real customers' texts go through, as the dispatcher picks it: the company's own Twilio
 * account, else the operator's (`operatorSms`, OUTREACH_SMS_*, when configured).
 */
export function smsRouteOf(routes: MessageRoutes | undefined, operatorSms: { from?: string } | undefined): SmsRouteOf {
  return (companyId, cfg) => {
    const ownSms = routes?.companySms?.(companyId, cfg);
    const provider = ownSms ?? (operatorSms ? routes?.live.sms : undefined);
    if (!provider) return null;
    return { provider, own: ownSms !== undefined, from: cfg.channels?.sms?.from ?? operatorSms?.from ?? '' };
  };
}

const E164 = /^\+[1-9]\d{7,14}$/;
const credentialsFix = (own: boolean) =>
  own
    ? "set the company's Twilio Account SID and auth token: `outreach company config set` with channels.sms.provider"
    : "set OUTREACH_SMS_ACCOUNT_SID and OUTREACH_SMS_AUTH_TOKEN to the operator's Twilio account";
const noRoute: ReadinessResult = {
  ok: false,
  detail: "no Twilio account: real customers' texts go to the SMS simulator",
  fix: 'configure channels.sms.provider for the company, or OUTREACH_SMS_* for the operator (docs/operators/sms-provider.md)',
};

/**
 * The go-live rows of texts (docs/operators/sms-provider.md#readiness): the Twilio credentials
 * answer for an active account; the sender (number, or Messaging Service the account has); and
 * Lookup, which every first text to a number needs (landlines are never texted).
 */
export function smsReadinessChecks(routeOf: SmsRouteOf): ReadinessCheck[] {
  return [
    {
      id: 'sms.credentials',
      title: 'Twilio credentials',
      async run({ companyId, config }) {
        const route = routeOf(companyId, config);
        if (!route) return noRoute;
        const account = await route.provider.account();
        if (!account.ok)
          return {
            ok: false,
            detail: `Twilio refused the ${route.own ? "company's" : "operator's"} credentials (${account.reason})`,
            fix: credentialsFix(route.own),
          };
        return account.status === 'active'
          ? { ok: true, detail: `${route.own ? "the company's" : "the operator's"} Twilio account is active` }
          : {
              ok: false,
              detail: `the Twilio account is ${account.status}: Twilio refuses its texts (20003/30002)`,
              fix: 'reactivate the account with Twilio, or configure another one',
            };
      },
    },
    {
      id: 'sms.sender',
      title: 'SMS sender or Messaging Service',
      async run({ companyId, config }) {
        const route = routeOf(companyId, config);
        if (!route) return noRoute;
        const service = config.channels?.sms?.messagingServiceSid;
        if (service) {
          const found = await route.provider.messagingService(service);
          return found.found
            ? { ok: true, detail: `texts go through Messaging Service ${service} (${found.name ?? 'unnamed'})` }
            : {
                ok: false,
                detail: `Messaging Service ${service} is not in the account (${found.reason})`,
                fix: 'set channels.sms.messagingServiceSid to a service of the sending account, or remove it',
              };
        }
        return E164.test(route.from)
          ? { ok: true, detail: `texts go from ${route.from}` }
          : {
              ok: false,
              detail: `the sender "${route.from}" is not an E.164 number`,
              fix: 'set channels.sms.from (or OUTREACH_SMS_FROM) to a Twilio number of the account, e.g. +15125550100',
            };
      },
    },
    {
      id: 'sms.lookup',
      title: 'Twilio Lookup (line type before the first text)',
      async run({ companyId, config }) {
        const route = routeOf(companyId, config);
        if (!route) return noRoute;
        if (!E164.test(route.from))
          return { ok: false, detail: 'no sender number to look up', fix: 'fix the sender first (sms.sender)' };
        let found;
        try {
          found = await route.provider.lineType(route.from);
        } catch (err) {
          return {
            ok: false,
            detail: `Lookup did not answer: ${(err as Error).message}`,
            fix: 'retry; first texts wait while Lookup is down',
          };
        }
        return found.found
          ? { ok: true, detail: `Lookup answers (${route.from} is ${found.lineType})` }
          : {
              ok: false,
              detail: `Lookup gave no line type for ${route.from} (${found.reason})`,
              fix: 'enable Lookup Line Type Intelligence on the Twilio account (https://www.twilio.com/docs/lookup/v2-api/line-type-intelligence)',
            };
      },
    },
  ];
}

/** Whether the company sends texts at all: some task type has an SMS message step. */
const sendsTexts = (config: CompanyConfig): boolean =>
  config.taskTypes.some((t) => t.messages?.some((m) => m.channel === 'sms') ?? false);

/**
 * The SMS rows as `outreach doctor` runs them: a company whose task types have no SMS step sends no
 * texts and needs no Twilio account, so each row passes saying so (as the LMS rows pass without an LMS).
 */
export function smsDoctorChecks(routeOf: SmsRouteOf): ReadinessCheck[] {
  return smsReadinessChecks(routeOf).map((check) => ({
    ...check,
    run: (ctx) =>
      sendsTexts(ctx.config)
        ? check.run(ctx)
        : Promise.resolve({ ok: true, detail: 'no task type has an SMS step: the company sends no texts' }),
  }));
}
