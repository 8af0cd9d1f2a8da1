import type { CompanyConfig } from '../../domain/shared/company-config.js';
import type { SecretBox } from '../../domain/ports/secrets.js';
import type { VoiceProvider } from '../../domain/ports/voice-provider.js';
import { perCompany } from '../secrets/company-secrets.js';
import { RetellVoiceProvider } from './retell-voice-provider.js';

/**
 * The voice provider of a company that configured its own Retell account (`calls.provider.apiKey`,
 * sealed), or undefined: the operator's provider then places its calls.
 */
export function companyVoiceProviders(secrets: SecretBox, settings: { baseUrl: string; requestTimeoutMs: number }) {
  const of = perCompany(
    secrets,
    ['calls', 'provider', 'apiKey'],
    'voice_credentials_unreadable',
    (apiKey) =>
      new RetellVoiceProvider({
        name: 'live',
        baseUrl: settings.baseUrl,
        apiKey,
        requestTimeoutMs: settings.requestTimeoutMs,
      }),
  );
  return (companyId: string, config: CompanyConfig): VoiceProvider | undefined => {
    const sealed = config.calls?.provider?.apiKey;
    return sealed ? of(companyId, sealed) : undefined;
  };
}
