import type { EmailSender } from './email.js';
import type { SmsProvider } from './sms.js';
import type { CompanyConfig } from '../shared/company-config-types.js';

/** One route of messages: where emails and texts go, and the default SMS sender number. */
export interface ChannelRoute {
  email?: EmailSender;
  sms?: SmsProvider;
  smsFrom: string;
}

/** Live route for real customers; sandbox route (local servers and simulators only) for test customers. */
export interface MessageRoutes {
  live: ChannelRoute;
  sandbox: ChannelRoute;
  emailFrom: string;
  /** Key of email opt-out links. */
  signingSecret: string;
  /** A company's own SMS account (company configuration `channels.sms.provider`), or undefined. */
  companySms?: (companyId: string, config: CompanyConfig) => SmsProvider | undefined;
}
