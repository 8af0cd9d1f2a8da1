import type { CompanyConfig } from './company-config-types.js';

/**
 * The borrower's language (docs/partners/languages.md): an optional BCP 47 tag on the customer
 * (`language`, from the API, batches or the LMS). The tag is kept as sent; what the service speaks
 * and writes is the supported language it names, else the company's default.
 */

/** Languages the service has texts and templates for (its own notices: messages/notices.ts). */
export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** The longest tag kept (RFC 5646 section 4.4.1 asks implementations to take at least 35 characters). */
const MAX_TAG = 35;

/**
 * The value to store from a request's `language`: a non-empty string up to 35 characters, trimmed,
 * kept even when it is not a tag the service supports (so a partner's value is never lost); any
 * other value is ignored, as an unknown field is today (never a 400: the contract ignores fields it
 * does not know, and `language` must not make a request that works today fail).
 */
export function languageToStore(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const tag = value.trim();
  return tag && tag.length <= MAX_TAG ? tag : undefined;
}

export interface ResolvedLanguage {
  language: SupportedLanguage;
  /** Why the customer's tag was not used (absent: it was, or the customer has none). */
  fallback?: string;
}

export function companyDefaultLanguage(config: Pick<CompanyConfig, 'defaultLanguage'>): SupportedLanguage {
  return config.defaultLanguage ?? 'en';
}

/**
 * The supported language a customer's tag names: its primary language subtag, read with the
 * built-in `Intl.Locale` (RFC 5646 parsing and canonicalization: `es-MX`, `ES`, `es-419` → `es`).
 * An invalid or unsupported tag falls back to the company's default, with the reason.
 */
export function resolveLanguage(
  tag: string | null | undefined,
  config: Pick<CompanyConfig, 'defaultLanguage'>,
): ResolvedLanguage {
  const fallback = companyDefaultLanguage(config);
  if (!tag) return { language: fallback };
  let primary: string;
  try {
    primary = new Intl.Locale(tag).language;
  } catch {
    return {
      language: fallback,
      fallback: `language "${tag}" is not a BCP 47 tag: the company default "${fallback}" is used`,
    };
  }
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(primary)
    ? { language: primary as SupportedLanguage }
    : {
        language: fallback,
        fallback: `language "${tag}" is not supported (supported: ${SUPPORTED_LANGUAGES.join(', ')}): the company default "${fallback}" is used`,
      };
}

/** The rule id and source a fallback carries in a scheduled call's reasons. */
export const LANGUAGE_FALLBACK_RULE = {
  rule: 'language-fallback',
  source: 'Customer language (BCP 47, RFC 5646) and company configuration defaultLanguage',
} as const;
