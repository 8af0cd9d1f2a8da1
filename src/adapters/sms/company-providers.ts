import type { CompanyConfig } from '../../domain/shared/company-config.js';
import type { SecretBox } from '../../domain/ports/secrets.js';
import type { SmsProvider } from '../../domain/ports/sms.js';
import { perCompany } from '../secrets/company-secrets.js';
import { TwilioSms } from './twilio-sms.js';

/**
 * The SMS provider of a company that configured its own Twilio account (`channels.sms.provider`:
 * account SID and auth token, the token sealed), or undefined: the operator's account then sends.
 */
export function companySmsProviders(secrets: SecretBox, baseUrl: string) {
  const of = perCompany(
    secrets,
    ['channels', 'sms', 'provider', 'authToken'],
    'sms_credentials_unreadable',
    (authToken, accountSid) => new TwilioSms({ baseUrl, accountSid, authToken }),
  );
  return (companyId: string, config: CompanyConfig): SmsProvider | undefined => {
    const own = config.channels?.sms?.provider;
    return own ? of(companyId, own.authToken, own.accountSid) : undefined;
  };
}
