import { afterEach, describe, expect, it } from 'vitest';
import { requirePhone } from '../../src/domain/customers/normalize.js';

/**
 * libphonenumber-js built a RegExp from its metadata for every pattern it checked (its
 * `matchesEntirely` helper): ~40% of a phone number's parse, and phone numbers are most of a batch
 * row's work. The patch in patches/ (applied by `npm install`, patch-package) compiles each pattern
 * once. This fails if the patch is not applied, e.g. after an upgrade that the patch no longer fits.
 */
describe('phone numbers are parsed with compiled metadata patterns', () => {
  const Original = RegExp;
  afterEach(() => {
    globalThis.RegExp = Original;
  });

  /** Sources of the RegExps built while `run` runs (literals are not built through the constructor). */
  function built(run: () => void): string[] {
    const sources: string[] = [];
    globalThis.RegExp = new Proxy(Original, {
      construct(target, args: [string | RegExp, string?]) {
        sources.push(String(args[0]));
        return Reflect.construct(target, args);
      },
    });
    try {
      run();
    } finally {
      globalThis.RegExp = Original;
    }
    return sources;
  }

  it('a second number builds no whole-number pattern again, and still normalizes to E.164', () => {
    requirePhone('phoneNumber', '(212) 736-5000');
    const again = built(() => expect(requirePhone('phoneNumber', '(646) 555-0134')).toBe('+16465550134'));
    expect(again.filter((source) => source.startsWith('^(?:') && source.endsWith(')$'))).toEqual([]);
    expect(() => requirePhone('phoneNumber', '(212) 736-500')).toThrow('is not a valid phone number');
  });
});
