import type { LmsConfig } from '../../domain/shared/company-config.js';
import type { LmsConnector, LmsResolver } from '../../domain/ports/lms.js';
import type { SecretBox } from '../../domain/ports/secrets.js';
import { openCompanySecret } from '../secrets/company-secrets.js';
import { perCompanyLimit } from './http-reader.js';
import { loanProConnector } from './loanpro.js';

/** One adapter per `lms.kind`. */
const ADAPTERS: Record<LmsConfig['kind'], typeof loanProConnector> = { loanpro: loanProConnector };

const DEFAULTS = { timeoutMs: 5_000, retries: 2, maxConcurrency: 4, backoffMs: 250 };

/**
 * The adapters by `lms.kind`; a second LMS is one more entry. Connectors are cached per company
 * (and rebuilt when its LMS settings change) so the concurrency limit holds across requests and
 * batch rows of the company in this process.
 */
export function lmsConnectors(secrets: SecretBox, overrides: { backoffMs?: number } = {}): LmsResolver {
  const cache = new Map<string, { signature: string; connector: LmsConnector }>();
  return (companyId, lms) => {
    if (!lms) return undefined;
    const signature = JSON.stringify(lms);
    const hit = cache.get(companyId);
    if (hit?.signature === signature) return hit.connector;
    const reader = {
      timeoutMs: lms.timeoutMs ?? DEFAULTS.timeoutMs,
      retries: lms.retries ?? DEFAULTS.retries,
      backoffMs: overrides.backoffMs ?? DEFAULTS.backoffMs,
      limit: perCompanyLimit(lms.maxConcurrency ?? DEFAULTS.maxConcurrency),
    };
    const token = openCompanySecret(secrets, companyId, ['lms', 'token'], lms.token, 'lms_credentials_unreadable');
    const connector = ADAPTERS[lms.kind]({ baseUrl: lms.baseUrl, instanceId: lms.instanceId, token }, reader);
    if (cache.size > 10_000) cache.clear();
    cache.set(companyId, { signature, connector });
    return connector;
  };
}
