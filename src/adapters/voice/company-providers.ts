import type { CompanyConfig } from '../../domain/shared/company-config.js';
import type { SecretBox } from '../../domain/ports/secrets.js';
import type { VoiceProvider } from '../../domain/ports/voice-provider.js';
import { openCompanySecret, perCompany } from '../secrets/company-secrets.js';
import { RetellVoiceProvider } from './retell-voice-provider.js';

/**
 * The voice provider of a company that configured its own Retell account (`calls.provider.apiKey`,
 * sealed; its webhooks verified with `calls.provider.webhookKey`, the key with the webhook badge,
 * else the API key), or undefined: the operator's provider then places its calls.
 */
export function companyVoiceProviders(secrets: SecretBox, settings: { baseUrl: string; requestTimeoutMs: number }) {
  const WEBHOOK_KEY = ['calls', 'provider', 'webhookKey'];
  const of = perCompany(secrets, ['calls', 'provider', 'apiKey'], 'voice_credentials_unreadable', (apiKey, extra) => {
    const [companyId, sealedWebhookKey] = JSON.parse(extra) as [string, string | null];
    return new RetellVoiceProvider({
      name: 'live',
      baseUrl: settings.baseUrl,
      apiKey,
      ...(sealedWebhookKey
        ? {
            webhookKey: openCompanySecret(
              secrets,
              companyId,
              WEBHOOK_KEY,
              sealedWebhookKey,
              'voice_credentials_unreadable',
            ),
          }
        : {}),
      requestTimeoutMs: settings.requestTimeoutMs,
    });
  });
  return (companyId: string, config: CompanyConfig): VoiceProvider | undefined => {
    const provider = config.calls?.provider;
    return provider
      ? of(companyId, provider.apiKey, JSON.stringify([companyId, provider.webhookKey ?? null]))
      : undefined;
  };
}
