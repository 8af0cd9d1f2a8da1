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
export const RULE_CATALOG_VERSION = '2026-11-28.outcomes';

export interface CatalogRule {
  readonly id: string;
  readonly source: string;
}

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
  catalog = new Map(all.map((r) => [r.id, { id: r.id, source: r.source }]));
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
