/**
 * Email and SMS delivery settings (docs/operators/configuration.md). Declared here, by the adapters that use them
 * (adapters may not import src/config/); src/config/channels.ts reads them from the environment.
 */
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
  /**
   * The Reassigned Numbers Database test customers' calls and texts are checked against (the RND
   * simulator, src/simulators/rnd/); started in-process by `outreach serve` when unset. Real
   * customers have no RND adapter yet (docs/operators/compliance.md#reassigned-numbers).
   */
  sandboxRnd?: { baseUrl: string; key: string };
  emailFrom: string;
  pollMs: number;
  batchSize: number;
  perCompany: number;
}
