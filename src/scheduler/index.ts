/**
 * The pure scheduler: calling windows, business days, contact restrictions, call-frequency
 * caps, cadence planning, phone rotation and transfer routing. No I/O; `now` is a parameter.
 */
export { planEnrollment } from './plan.js';
export {
  nextAllowedTime,
  eligibilityAt,
  type EligibilityResult,
  type BlockingRule,
  type RuleVerdict,
} from './next-allowed.js';
export {
  planMessages,
  messageAllowedAt,
  messageContact,
  MESSAGE_RULES,
  type MessageStep,
  type MessageContext,
  type PlannedMessage,
} from './message-plan.js';
export { transferDestinationAt } from './dial-transfer.js';
export {
  DEFAULT_SCHEDULER_CONFIG,
  NEW_LEAD_CADENCE,
  RETURNING_INITIAL_CADENCE,
  RETURNING_RECENT_CADENCE,
  RETURNING_MID_CADENCE,
  RETURNING_LAPSED_CADENCE,
  COLLECTIONS_CADENCE,
} from './default-config.js';
export { effectiveRules, SchedulerConfigError, type ConfigAdjustment, type EffectiveRules } from './effective-rules.js';
export { compileConfig, historyLookbackMs, type CompiledConfig } from './compile-config.js';
export { mergeSchedulerConfig } from './merge-config.js';
export { findContactRestriction, RESTRICTION_RULES } from './restrictions.js';
export { normalizeHistory, RESTRICTING_FLAGS } from './history.js';
export { canonicalPhone, phoneBook } from './phones.js';
export { isFederalHoliday } from './holidays.js';
export {
  ruleCatalog,
  catalogFingerprint,
  RULE_CATALOG_VERSION,
  UNVERIFIED_RULES,
  type CatalogRule,
} from './rule-catalog.js';
export { CONSENT_RULES } from './consent-rules.js';
export type * from './types.js';
export { customerLocalities } from './localities.js';
