import { CONSENT_RULES } from './consent-rules.js';
import { effectiveRules } from './effective-rules.js';
import { MESSAGE_RULES } from './message-plan.js';
import { WRONG_NUMBER_RULE } from './phone-choice.js';
import { PLAN_RULES } from './plan.js';
import { RESTRICTION_RULES } from './restrictions.js';
import { buildRules } from './rules/build-rules.js';
import { HORIZON_RULE } from './search.js';

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
