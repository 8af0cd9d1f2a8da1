/** Email and SMS delivery settings from the environment (README, "Channels"). */
export interface SmsApiSettings {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** Default sender number (E.164); a company may set its own in `channels.sms.from`. */
  from: string;
}

export interface ChannelOptions {
  /** Live email server; unset = the sandbox server for everyone (embedded default). */
  smtpUrl?: string;
  /** Live SMS provider; unset = the sandbox simulator for everyone. */
  sms?: SmsApiSettings;
  /** Where test customers' messages go (a local SMTP server / SMS simulator); started in-process by `outreach serve` when unset. */
  sandboxSmtpUrl?: string;
  sandboxSms?: SmsApiSettings;
  emailFrom: string;
  pollMs: number;
  batchSize: number;
  perCompany: number;
}

export class ChannelOptionsError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ChannelOptionsError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

function url(env: NodeJS.ProcessEnv, name: string, schemes: RegExp): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (!schemes.test(raw)) throw new ChannelOptionsError(`${name} must be a ${schemes.source} URL, got "${raw}"`);
  return raw;
}

function smsSettings(env: NodeJS.ProcessEnv, prefix: string): SmsApiSettings | undefined {
  const baseUrl = url(env, `${prefix}_URL`, /^https?:\/\//);
  if (!baseUrl) return undefined;
  const [accountSid, authToken, from] = [`${prefix}_ACCOUNT_SID`, `${prefix}_AUTH_TOKEN`, `${prefix}_FROM`].map((n) => env[n]);
  if (!accountSid || !authToken) throw new ChannelOptionsError(`${prefix}_URL needs ${prefix}_ACCOUNT_SID and ${prefix}_AUTH_TOKEN`);
  if (from !== undefined && !/^\+[1-9]\d{7,14}$/.test(from)) throw new ChannelOptionsError(`${prefix}_FROM must be an E.164 number, got "${from}"`);
  return { baseUrl, accountSid, authToken, from: from ?? '+15005550006' };
}

export function loadChannelOptions(env: NodeJS.ProcessEnv = process.env): ChannelOptions {
  return {
    smtpUrl: url(env, 'OUTREACH_SMTP_URL', /^smtps?:\/\//),
    sms: smsSettings(env, 'OUTREACH_SMS'),
    sandboxSmtpUrl: url(env, 'OUTREACH_SANDBOX_SMTP_URL', /^smtps?:\/\//),
    sandboxSms: smsSettings(env, 'OUTREACH_SANDBOX_SMS'),
    emailFrom: env.OUTREACH_EMAIL_FROM || 'Outreach <no-reply@outreach.invalid>',
    pollMs: int(env, 'OUTREACH_MESSAGES_POLL_MS', 1000, 10, 60_000),
    batchSize: int(env, 'OUTREACH_MESSAGES_BATCH', 50, 1, 1000),
    perCompany: int(env, 'OUTREACH_MESSAGES_PER_COMPANY', 20, 1, 1000),
  };
}
