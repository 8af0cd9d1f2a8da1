import { secretContext } from '../../domain/companies/config-secrets.js';
import { UpstreamError } from '../../domain/shared/errors.js';
import { type SecretBox, SecretUnreadableError } from '../../domain/ports/secrets.js';

/**
 * A secret of a company's configuration, opened for an adapter. One that no longer opens (the key
 * changed) is the operator's to fix: a clear upstream error naming the field, never a crash.
 */
export function openCompanySecret(
  secrets: SecretBox,
  companyId: string,
  at: readonly string[],
  sealed: string,
  code: string,
): string {
  try {
    return secrets.open(sealed, secretContext(companyId, at));
  } catch (err) {
    if (!(err instanceof SecretUnreadableError)) throw err;
    throw new UpstreamError(
      `The secret in this company's configuration (${at.join('.')}) cannot be decrypted: ${err.message}. ` +
        'An operator must set it again with `outreach company config set`.',
      code,
    );
  }
}

/**
 * One adapter per company built from its configured credentials, cached (rebuilt when they
 * change): `build` is called once per company, sealed secret and `extra` (the settings beside it).
 */
export function perCompany<T>(
  secrets: SecretBox,
  at: readonly string[],
  code: string,
  build: (plain: string, extra: string) => T,
) {
  const cache = new Map<string, { signature: string; adapter: T }>();
  return (companyId: string, sealed: string, extra = ''): T => {
    const signature = `${sealed}\n${extra}`;
    const hit = cache.get(companyId);
    if (hit?.signature === signature) return hit.adapter;
    const adapter = build(openCompanySecret(secrets, companyId, at, sealed, code), extra);
    if (cache.size > 10_000) cache.clear();
    cache.set(companyId, { signature, adapter });
    return adapter;
  };
}
