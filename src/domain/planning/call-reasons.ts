import { type Decision, RESTRICTION_RULES, ruleCatalog } from '../../scheduler/index.js';
import { HELD_PREFIX, type ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';

/** One rule's part in a decision: its catalog id, its citation, and what it found. */
export interface RuleReason {
  rule: string;
  source: string;
  detail: string;
}

/** Reasons that are not a scheduler rule: who or what ended the call, as a rule-like id. */
const OUTSIDE_RULES = {
  replaced: { rule: 'schedule-replaced', source: 'Partner request: a schedule sync in replace mode' },
  cadenceFinished: { rule: 'cadence-finished', source: 'Company configuration (cadence): the applicant was reached' },
  loan: { rule: 'loan-outreach', source: 'Loan record and company loan workflow (loanWorkflow)' },
  provider: { rule: 'voice-provider', source: 'Voice provider: the call was not placed or brought no result' },
  customerGone: { rule: 'customer-deleted', source: 'Customer record removed' },
  lms: {
    rule: 'lms-dial-check',
    source: "The lender's LMS, read again before the call (docs/partners/lms.md#at-dial-time)",
  },
  unclassified: { rule: 'unclassified', source: 'Stored reason (not from the rule catalog)' },
  unrecorded: { rule: 'unrecorded', source: 'No reason was recorded for this call' },
} as const;

/** Prefixes the dial-time and outcome re-checks put before the scheduler's explanation (call-rules.ts `explain`). */
const RECHECK_PREFIXES = [
  'Moved at dial time: ',
  'Not allowed at dial time: ',
  'Not allowed after call outcome: ',
  'moved: ',
];

/**
 * The prefix of a pending call's reason when the voice provider deferred it (a concurrency refusal,
 * an account alert's pause: src/domain/calls/refusals.ts): not an attempt, it is dialed again later.
 */
export const PROVIDER_DEFERRAL = 'Deferred by the voice provider: ';

/**
 * The prefix of the reason of a call the LMS's answer at dial time stopped (a paid-off or
 * charged-off loan, a phone marked Do Not Call) or put back because the LMS could not be read
 * (src/domain/calls/lms-dial-check.ts). A restriction the LMS asserts reads as the restriction itself.
 */
export const LMS_DIAL_CHECK = 'LMS at dial time: ';

/**
 * Why the call is at its time: each rule that moved it from the cadence's wish when it was planned,
 * then each rule that moved it again at a later re-check (dial time, a call outcome), in order.
 */
export function timingReasons(call: Pick<ScheduledCallRow, 'explanation' | 'status' | 'statusReason'>): RuleReason[] {
  const planned = Array.isArray(call.explanation) ? (call.explanation as Decision[]) : [];
  const reasons = planned
    .filter((d) => d.effect === 'moved')
    .map((d) => ({ rule: d.rule, source: d.source, detail: d.message }));
  if (
    call.statusReason &&
    (call.statusReason.startsWith('Moved at dial time: ') || call.statusReason.includes('moved: '))
  ) {
    reasons.push(...recheckReasons(call.statusReason));
  }
  if (call.statusReason?.startsWith(PROVIDER_DEFERRAL))
    reasons.push({ ...OUTSIDE_RULES.provider, detail: call.statusReason.slice(PROVIDER_DEFERRAL.length) });
  if (call.status === 'pending' && call.statusReason?.startsWith(LMS_DIAL_CHECK))
    reasons.push({ ...OUTSIDE_RULES.lms, detail: call.statusReason.slice(LMS_DIAL_CHECK.length) });
  return reasons;
}

/** The customer's language tag named no supported language when the call was planned: the fallback noted then. */
export function languageReason(call: Pick<ScheduledCallRow, 'explanation'>): RuleReason | undefined {
  const planned = Array.isArray(call.explanation) ? (call.explanation as Decision[]) : [];
  const note = planned.find((d) => d.rule === 'language-fallback');
  return note ? { rule: note.rule, source: note.source, detail: note.message } : undefined;
}

/**
 * Why a pending call is held: it waits for the consent its purpose needs (reason `consent-required`),
 * with the consent rule, its citation and what was found; undefined when it is not held.
 */
export function holdReason(
  call: Pick<ScheduledCallRow, 'status' | 'statusReason'>,
): (RuleReason & { reason: 'consent-required' }) | undefined {
  const text = call.statusReason;
  if (call.status !== 'pending' || !text?.startsWith(HELD_PREFIX)) return undefined;
  const body = text.slice(HELD_PREFIX.length);
  const colon = body.indexOf(': ');
  const rule = ruleCatalog().get(body.slice(0, Math.max(colon, 0)));
  if (!rule) return { reason: 'consent-required', ...OUTSIDE_RULES.unclassified, detail: body };
  let detail = body.slice(colon + 2);
  const cited = ` (${rule.source})`;
  if (detail.endsWith(cited)) detail = detail.slice(0, -cited.length);
  return { reason: 'consent-required', rule: rule.id, source: rule.source, detail };
}

/** Why a skipped, cancelled or failed call ended; undefined for any other status. */
export function endReason(call: Pick<ScheduledCallRow, 'status' | 'statusReason'>): RuleReason | undefined {
  if (call.status !== 'skipped' && call.status !== 'cancelled' && call.status !== 'failed') return undefined;
  const text = call.statusReason;
  if (!text) return { ...OUTSIDE_RULES.unrecorded, detail: `the call is ${call.status}` };
  if (RECHECK_PREFIXES.some((p) => text.startsWith(p))) return recheckReasons(text).at(-1)!;
  if (text.startsWith(LMS_DIAL_CHECK)) return { ...OUTSIDE_RULES.lms, detail: text.slice(LMS_DIAL_CHECK.length) };
  if (text.startsWith('Do Not Call: '))
    return { rule: RESTRICTION_RULES.do_not_call.id, source: RESTRICTION_RULES.do_not_call.source, detail: text };
  const restriction = /^Contact restriction ([a-z_]+): /.exec(text);
  const rule = restriction ? RESTRICTION_RULES[restriction[1] as keyof typeof RESTRICTION_RULES] : undefined;
  if (rule) return { rule: rule.id, source: rule.source, detail: text };
  const wrongNumber = ruleCatalog().get('wrong-number')!;
  if (text.startsWith('No usable number left: '))
    return { rule: wrongNumber.id, source: wrongNumber.source, detail: text };
  if (text.startsWith('Replaced: ')) return { ...OUTSIDE_RULES.replaced, detail: text };
  if (text.startsWith('Cadence finished: ')) return { ...OUTSIDE_RULES.cadenceFinished, detail: text };
  if (text.startsWith('the loan')) return { ...OUTSIDE_RULES.loan, detail: text };
  if (text.startsWith('The voice provider') || text.startsWith('Reconciliation: '))
    return { ...OUTSIDE_RULES.provider, detail: text };
  if (text === 'The customer no longer exists') return { ...OUTSIDE_RULES.customerGone, detail: text };
  return { ...OUTSIDE_RULES.unclassified, detail: text };
}

/**
 * Reads a re-check's stored explanation, `<rule> → <rule>: <last rule's message> (<source>)`: each
 * rule named, its citation from the catalog, the message for the last one (it decided).
 */
function recheckReasons(text: string): RuleReason[] {
  const prefix = RECHECK_PREFIXES.find((p) => text.includes(p));
  const body = prefix ? text.slice(text.indexOf(prefix) + prefix.length) : text;
  const colon = body.indexOf(': ');
  const catalog = ruleCatalog();
  const ids = colon < 0 ? [] : body.slice(0, colon).split(' → ');
  if (ids.length === 0 || !ids.every((id) => catalog.has(id))) return [{ ...OUTSIDE_RULES.unclassified, detail: text }];
  const last = catalog.get(ids.at(-1)!)!;
  let message = body.slice(colon + 2);
  const cited = ` (${last.source})`;
  const end = message.indexOf(cited);
  if (end >= 0) message = message.slice(0, end);
  return ids.map((id, i) => ({
    rule: id,
    source: catalog.get(id)!.source,
    detail: i === ids.length - 1 ? message : 'moved the call before the deciding rule (re-check)',
  }));
}
