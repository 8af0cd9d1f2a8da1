import type { ChannelRoute, MessageRoutes } from '../domain/ports/channels.js';
import type { ChannelOptions } from './channel-options.js';
import { SmtpEmailSender } from './email/smtp.js';
import { TwilioSms } from './sms/twilio-sms.js';
import { companySmsProviders } from './sms/company-providers.js';
import type { SecretBox } from '../domain/ports/secrets.js';

const TWILIO_API = 'https://api.twilio.com';

export interface ChannelSenders extends MessageRoutes {
  close(): Promise<void>;
}

/**
 * Builds the adapters from settings. Without live settings, real customers use the sandbox route too
 * (embedded default). `signingSecret` keys email opt-out links (OUTREACH_SIGNING_SECRET).
 */
export function createChannelSenders(
  options: ChannelOptions,
  signingSecret: string,
  secrets?: SecretBox,
): ChannelSenders {
  const sandbox: ChannelRoute = {
    email: options.sandboxSmtpUrl ? new SmtpEmailSender(options.sandboxSmtpUrl) : undefined,
    sms: options.sandboxSms ? new TwilioSms(options.sandboxSms) : undefined,
    smsFrom: options.sandboxSms?.from ?? '+15005550006',
  };
  const live: ChannelRoute = {
    email: options.smtpUrl ? new SmtpEmailSender(options.smtpUrl) : sandbox.email,
    sms: options.sms ? new TwilioSms(options.sms) : sandbox.sms,
    smsFrom: options.sms?.from ?? sandbox.smsFrom,
  };
  return {
    live,
    sandbox,
    emailFrom: options.emailFrom,
    signingSecret,
    // A company's own Twilio account is always Twilio's API (or the operator's override of it), never the simulator.
    ...(secrets ? { companySms: companySmsProviders(secrets, options.sms?.baseUrl ?? TWILIO_API) } : {}),
    async close() {
      await Promise.all([...new Set([live.email, sandbox.email])].filter((s) => s !== undefined).map((s) => s.close()));
    },
  };
}

/** True when any route can deliver (the message dispatcher runs only then). */
export function canDeliver(senders: ChannelSenders): boolean {
  return Boolean(senders.live.email || senders.live.sms || senders.sandbox.email || senders.sandbox.sms);
}
