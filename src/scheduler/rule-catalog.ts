import { CONSENT_RULES } from './consent-rules.js';
import { effectiveRules } from './effective-rules.js';
import { MESSAGE_RULES } from './message-plan.js';
import { WRONG_NUMBER_RULE } from './phone-choice.js';
import { PLAN_RULES } from './plan.js';
import { RESTRICTION_RULES } from './restrictions.js';
import { buildRules } from './rules/build-rules.js';
import { HORIZON_RULE } from './search.js';

/**
 * The version of the rule catalog every contact decision records (docs/operators/compliance.md).
 * Bump it whenever a rule id or a citation changes: rule-catalog.test.ts pins the catalog's
 * fingerprint to this version, so a catalog change without a bump fails the tests.
 */
export const RULE_CATALOG_VERSION = '2026-11-28.40';

export interface CatalogRule {
  readonly id: string;
  readonly source: string;
  /** Set when the citation was not checked against the primary text: what could not be read. */
  readonly unverified?: string;
}

/**
 * The rules whose citation could not be checked against the primary text (docs/operators/compliance.md
 * lists them). Each is encoded in its stricter reading until it is.
 */
export const UNVERIFIED_RULES: Readonly<Record<string, string>> = {
  'nyc-collection-contact-frequency':
    'the text of 6 RCNY § 5-77 as amended in 2026 was not read; the limit and its per-account count are from DCWP guidance',
  'wa-collection-mobile-daily': 'RCW 19.16.250(18) is quoted from secondary sources; the enacted text was not read',
  'state-marketing-hours-md':
    'Md. Code, Com. Law § 14-4501 was read; the section holding the 8 a.m.–8 p.m. and 3-per-24-h limits (14-4502 or 14-4503) was not read in full',
  'state-marketing-frequency-md':
    'Md. Code, Com. Law § 14-4501 was read; the section holding the 8 a.m.–8 p.m. and 3-per-24-h limits (14-4502 or 14-4503) was not read in full',
  'state-marketing-hours-ok': 'Okla. Stat. tit. 15, § 775C.4 was not read',
  'state-marketing-frequency-ok': 'Okla. Stat. tit. 15, § 775C.4 was not read',
  'nyc-electronic-consent-required':
    'the text of 6 RCNY § 5-77 as amended in 2026 was not read; the consent to electronic communications is from DCWP guidance, read strictly (a consent recorded for the medium and address)',
  'ok-adad-hours':
    'Okla. Stat. tit. 15, § 755.1 was not read; the 9 a.m.–9 p.m. limit is from the project compliance sources list',
};

let catalog: ReadonlyMap<string, CatalogRule> | undefined;

/**
 * Every rule id the scheduler can name in a decision, with its citation. Sources do not depend on
 * a company's numbers, so the defaults (plus one blocked date, to include that rule) list them all.
 */
export function ruleCatalog(): ReadonlyMap<string, CatalogRule> {
  if (catalog) return catalog;
  const all: CatalogRule[] = [
    ...buildRules(effectiveRules({ taskTypes: {}, transferFallback: 'x', blockedDates: ['2000-01-01'] }).rules),
    ...Object.values(PLAN_RULES),
    ...Object.values(RESTRICTION_RULES),
    ...Object.values(MESSAGE_RULES),
    ...Object.values(CONSENT_RULES),
    WRONG_NUMBER_RULE,
    HORIZON_RULE,
  ];
  catalog = new Map(
    all.map((r) => {
      const unverified = UNVERIFIED_RULES[r.id];
      return [r.id, unverified ? { id: r.id, source: r.source, unverified } : { id: r.id, source: r.source }];
    }),
  );
  return catalog;
}

/** A stable digest of every rule id and citation, in id order: what RULE_CATALOG_VERSION names. */
export function catalogFingerprint(): string {
  const text = [...ruleCatalog().values()]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((r) => `${r.id}\t${r.source}`)
    .join('\n');
  let h = 0x811c9dc5; // FNV-1a: pure, no node:crypto in the scheduler
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}
