import type { CompanyConfig } from '../shared/company-config.js';
import { InvalidInputError } from '../shared/errors.js';
import type { SecretBox } from '../ports/secrets.js';

/** How a secret is printed back (`company config get`), and what `set` reads as "keep the stored one". */
export const MASK = '********';

/** Fields of company configuration that hold secrets, as paths. Other sections add their own here. */
export const SECRET_PATHS: readonly (readonly string[])[] = [
  ['lms', 'token'],
  ['calls', 'provider', 'apiKey'],
  ['calls', 'provider', 'webhookKey'],
  ['channels', 'sms', 'provider', 'authToken'],
];

/** The encryption context of a secret: which company and field it belongs to. */
export const secretContext = (companyId: string, at: readonly string[]) => `${companyId}/${at.join('/')}`;

type Obj = Record<string, unknown>;

function holder(config: unknown, at: readonly string[]): Obj | undefined {
  let node: unknown = config;
  for (const key of at.slice(0, -1)) node = node && typeof node === 'object' ? (node as Obj)[key] : undefined;
  return node && typeof node === 'object' ? (node as Obj) : undefined;
}

/**
 * Encrypts every secret of a validated configuration before it is stored. A secret sent as the mask
 * keeps the stored value, so `config get` → edit → `config set` round-trips without retyping it.
 */
export function sealSecrets(
  box: SecretBox,
  companyId: string,
  next: CompanyConfig,
  previous: CompanyConfig | undefined,
): CompanyConfig {
  const out = structuredClone(next);
  for (const at of SECRET_PATHS) {
    const target = holder(out, at);
    const key = at[at.length - 1];
    const value = target?.[key];
    if (typeof value !== 'string') continue;
    if (value === MASK) {
      const kept = holder(previous, at)?.[key];
      if (typeof kept !== 'string')
        throw new InvalidInputError(
          `Invalid company configuration: /${at.join('/')} is the mask ${MASK} but no value is stored; send the secret itself`,
        );
      target![key] = kept;
    } else {
      target![key] = box.seal(value, secretContext(companyId, at));
    }
  }
  return out;
}

/** The configuration with every secret replaced by the mask: what is ever printed. */
export function maskSecrets(config: CompanyConfig): CompanyConfig {
  const out = structuredClone(config);
  for (const at of SECRET_PATHS) {
    const target = holder(out, at);
    const key = at[at.length - 1];
    if (target && typeof target[key] === 'string') target[key] = MASK;
  }
  return out;
}
