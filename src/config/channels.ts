import type { ChannelOptions, SmsApiSettings } from '../adapters/channel-options.js';
import { ConfigError, type EnvReader } from './env.js';

const E164 = /^\+[1-9]\d{7,14}$/;

function smsSettings(r: EnvReader, prefix: 'OUTREACH_SMS' | 'OUTREACH_SANDBOX_SMS'): SmsApiSettings | undefined {
  const baseUrl = r.schemeUrl(`${prefix}_URL`, /^https?:\/\//);
  if (!baseUrl) return undefined;
  const accountSid = r.raw(`${prefix}_ACCOUNT_SID`);
  const authToken = r.raw(`${prefix}_AUTH_TOKEN`);
  if (!accountSid || !authToken)
    throw new ConfigError(`${prefix}_URL needs ${prefix}_ACCOUNT_SID and ${prefix}_AUTH_TOKEN`);
  // The twilio library refuses any other SID when the client is built; say so at startup instead.
  if (!accountSid.startsWith('AC'))
    throw new ConfigError(`${prefix}_ACCOUNT_SID must be a Twilio Account SID (AC…), got "${accountSid}"`);
  const from = r.matching(`${prefix}_FROM`, E164, 'an E.164 number');
  return { baseUrl, accountSid, authToken, from };
}

function rndSettings(r: EnvReader): { baseUrl: string; key: string } | undefined {
  const baseUrl = r.schemeUrl('OUTREACH_SANDBOX_RND_URL', /^https?:\/\//);
  return baseUrl ? { baseUrl, key: r.value('OUTREACH_SANDBOX_RND_KEY') } : undefined;
}

/** Email and SMS delivery (docs/operators/configuration.md); the shape is the adapters' (they may not import src/config/). */
export function loadChannelOptions(r: EnvReader): ChannelOptions {
  return {
    smtpUrl: r.schemeUrl('OUTREACH_SMTP_URL', /^smtps?:\/\//),
    sms: smsSettings(r, 'OUTREACH_SMS'),
    sandboxSmtpUrl: r.schemeUrl('OUTREACH_SANDBOX_SMTP_URL', /^smtps?:\/\//),
    sandboxSms: smsSettings(r, 'OUTREACH_SANDBOX_SMS'),
    sandboxRnd: rndSettings(r),
    emailFrom: r.filled('OUTREACH_EMAIL_FROM'),
    pollMs: r.int('OUTREACH_MESSAGES_POLL_MS'),
    batchSize: r.int('OUTREACH_MESSAGES_BATCH'),
    perCompany: r.int('OUTREACH_MESSAGES_PER_COMPANY'),
  };
}
