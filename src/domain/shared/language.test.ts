import { describe, expect, it } from 'vitest';
import { languageToStore, resolveLanguage } from './language.js';

describe('the borrower language', () => {
  it.each([
    ['es', 'es'],
    ['es-MX', 'es'],
    ['ES', 'es'],
    ['es-419', 'es'],
    ['en-US', 'en'],
    ['spa', 'es'], // Intl.Locale canonicalizes the ISO 639-2 code to its 639-1 alias
  ])('%s resolves by its primary subtag', (tag, expected) => {
    expect(resolveLanguage(tag, {})).toEqual({ language: expected });
  });

  it("falls back to the company's default, saying why", () => {
    expect(resolveLanguage('fr', { defaultLanguage: 'es' })).toEqual({
      language: 'es',
      fallback: 'language "fr" is not supported (supported: en, es): the company default "es" is used',
    });
    expect(resolveLanguage('not a tag!', {})).toEqual({
      language: 'en',
      fallback: 'language "not a tag!" is not a BCP 47 tag: the company default "en" is used',
    });
    expect(resolveLanguage(null, { defaultLanguage: 'es' })).toEqual({ language: 'es' });
  });

  it('keeps tag-sized strings as sent and ignores anything else', () => {
    expect(languageToStore(' es-MX ')).toBe('es-MX');
    expect(languageToStore('tlh')).toBe('tlh');
    expect(languageToStore('x'.repeat(36))).toBeUndefined();
    expect(languageToStore(7)).toBeUndefined();
    expect(languageToStore(null)).toBeUndefined();
    expect(languageToStore('')).toBeUndefined();
  });
});
