import { describe, expect, it } from 'vitest';
import { catalogFingerprint, RULE_CATALOG_VERSION, ruleCatalog, UNVERIFIED_RULES } from './rule-catalog.js';

/**
 * Contact decisions record the catalog version they were evaluated under, so a changed rule id or
 * citation must come with a new version. When this fails after a catalog change: bump
 * RULE_CATALOG_VERSION and pin the new fingerprint here with it.
 */
const PINNED: Record<string, string> = {
  '2026-11-26.1': '94182778',
  '2026-11-26.2': 'de238eb9',
  '2026-11-26.3': '0be8aea7',
  '2026-11-26.4': 'c0112304',
  '2026-11-28.2': 'ae41a8a5',
  '2026-11-28.40': 'b098fa9a',
};

describe('rule catalog version', () => {
  it('names the catalog as it is (bump RULE_CATALOG_VERSION on any change)', () => {
    expect(PINNED[RULE_CATALOG_VERSION], `no fingerprint pinned for ${RULE_CATALOG_VERSION}`).toBeDefined();
    expect(catalogFingerprint()).toBe(PINNED[RULE_CATALOG_VERSION]);
  });

  it('the fingerprint changes when a citation changes', () => {
    const before = catalogFingerprint();
    const rule = ruleCatalog().get('calling-window') as { source: string };
    const source = rule.source;
    try {
      rule.source = `${source} (amended)`;
      expect(catalogFingerprint()).not.toBe(before);
    } finally {
      rule.source = source;
    }
  });
});

describe('unverified citations', () => {
  it('every rule marked unverified is in the catalog and says what was not read', () => {
    for (const [id, note] of Object.entries(UNVERIFIED_RULES)) {
      expect(ruleCatalog().get(id), id).toMatchObject({ id, unverified: note });
      expect(note.length).toBeGreaterThan(20);
    }
    expect(ruleCatalog().get('regf-call-frequency')).not.toHaveProperty('unverified');
    expect(ruleCatalog().get('state-marketing-frequency-fl')).not.toHaveProperty('unverified');
  });
});
