import { CONSENT_RULES, type RuleVerdict } from '../../scheduler/index.js';
import {
  insertReassignedAnswers,
  listReassignedAnswersOf,
  type ReassignedAnswerRow,
} from '../../store/consent/reassigned-answers.js';
import type { Db } from '../../store/shared/db.js';
import type { ReassignedNumbers, RndAnswer } from '../ports/reassigned-numbers.js';
import type { CompanyConfig } from '../shared/company-config.js';
import { newId } from '../shared/ids.js';
import type { ConsentBasis } from './standing.js';

export type { ReassignedAnswerRow } from '../../store/consent/reassigned-answers.js';
export { listReassignedAnswersOf } from '../../store/consent/reassigned-answers.js';

/**
 * Consent older than this many days is checked against the Reassigned Numbers Database before a call
 * or text. 45: a permanently disconnected number ages at least 45 days before it may be assigned to
 * someone else (47 CFR 52.15(f)(1)(ii); FCC 18-177), so a number whose consent is younger cannot have
 * reached a new subscriber since. A company may lower it (to 0: always ask) or raise it
 * (`consent.reassignedNumbers.queryAfterDays`).
 */
export const DEFAULT_QUERY_AFTER_DAYS = 45;
/**
 * A "no" is relied on this long, then asked again: the RND takes new disconnections monthly and
 * callers are expected to query it each month (https://www.reassigned.us/resources/faq).
 */
export const ANSWER_FRESH_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ReassignedPolicy {
  queryAfterDays: number;
  noData: 'hold' | 'proceed';
}

/**
 * "no data" holds by default: the database cannot show that the number still reaches the consumer
 * who consented, and the safe harbor of 47 CFR 64.1200(m) covers only a "no". The stricter reading.
 */
export function reassignedPolicy(config: CompanyConfig): ReassignedPolicy {
  const own = config.consent?.reassignedNumbers;
  return { queryAfterDays: own?.queryAfterDays ?? DEFAULT_QUERY_AFTER_DAYS, noData: own?.noData ?? 'hold' };
}

/** The hold reason of a call or text waiting for consent after a "no data" answer (shown like consent-required). */
export const REASSIGNED_NO_DATA_HOLD = 'consent-required';

/**
 * The date a consent basis is asked about: its capture date, else `fallback` (when the number
 * reached the lender: the customer's enrollment, the earliest date the service knows it by).
 */
export function consentDateOf(basis: Pick<ConsentBasis, 'capturedAt'> | null, fallback: string): string {
  return (basis?.capturedAt ?? fallback).slice(0, 10);
}

/** What the stored answers say of a number and its consent date at `at`. */
export type ReassignedStanding =
  /** Consent younger than queryAfterDays: not asked. */
  | { kind: 'not-needed' }
  /** A fresh "no" (or "no data" under `proceed`): go. */
  | { kind: 'clear'; answer: ReassignedAnswerRow }
  /** A "yes" for this consent date or a later one: the number may have a new subscriber. */
  | { kind: 'reassigned'; answer: ReassignedAnswerRow }
  /** A fresh "no data" under `hold`. */
  | { kind: 'no-data'; answer: ReassignedAnswerRow }
  /** Nothing fresh: the database must be asked before the call or text. */
  | { kind: 'ask' };

/**
 * The pure reading of the stored answers (dial time, send time, eligibility). A "yes" for consent
 * date D (disconnected on or after D) also answers any earlier consent date, whatever its age, and
 * stays: only consent captured after it (a later date, asked again) lifts it.
 */
export function reassignedStanding(
  answers: readonly ReassignedAnswerRow[],
  phone: string,
  consentDate: string,
  policy: ReassignedPolicy,
  at: Date,
): ReassignedStanding {
  const mine = answers.filter((a) => a.phoneNumber === phone);
  const yes = mine.find((a) => a.answer === 'yes' && a.consentDate >= consentDate);
  if (yes) return { kind: 'reassigned', answer: yes };
  if (at.getTime() - Date.parse(`${consentDate}T00:00:00Z`) < policy.queryAfterDays * DAY_MS)
    return { kind: 'not-needed' };
  const fresh = mine
    .filter((a) => a.consentDate === consentDate && at.getTime() - Date.parse(a.queriedAt) < ANSWER_FRESH_DAYS * DAY_MS)
    .at(-1);
  if (!fresh) return { kind: 'ask' };
  if (fresh.answer === 'no_data' && policy.noData === 'hold') return { kind: 'no-data', answer: fresh };
  return { kind: 'clear', answer: fresh };
}

/** The standing as evidence beside the other rules of a decision, and the refusal when it refuses. */
export function reassignedVerdict(s: ReassignedStanding, phone: string, consentDate: string): RuleVerdict {
  const rule = { rule: CONSENT_RULES.reassigned.id, source: CONSENT_RULES.reassigned.source };
  switch (s.kind) {
    case 'reassigned':
      return { ...rule, verdict: 'block', detail: reassignedDetail(s.answer, phone), until: null };
    case 'no-data':
      return {
        ...rule,
        verdict: 'block',
        detail: `the Reassigned Numbers Database has no data for ${phone} since ${consentDate} (asked ${s.answer.queriedAt}): no safe harbor; held for consent recorded after it`,
        until: null,
      };
    case 'clear':
      return {
        ...rule,
        verdict: 'pass',
        detail: `Reassigned Numbers Database: "${s.answer.answer === 'no' ? 'no' : 'no data'}" for ${phone} since ${consentDate} (${s.answer.database}, asked ${s.answer.queriedAt})`,
      };
    case 'not-needed':
      return { ...rule, verdict: 'pass', detail: `consent of ${consentDate} is recent: not asked` };
    case 'ask':
      return { ...rule, verdict: 'pass', detail: `no Reassigned Numbers Database is configured: not asked` };
  }
}

function reassignedDetail(a: ReassignedAnswerRow, phone: string): string {
  return `the Reassigned Numbers Database answered "yes" for ${phone}: permanently disconnected on or after ${a.consentDate} (${a.database}, asked ${a.queriedAt}); unusable until consent captured after that is recorded`;
}

/** One call or text to check. */
export interface ReassignedRequest {
  companyId: string;
  customerId: string;
  phone: string;
  consentDate: string;
  channel: 'call' | 'sms';
  subjectId: string;
  config: CompanyConfig;
}

/** The step's outcome: go (with its evidence), refused (reassigned, or held for "no data"), or ask again later. */
export type ReassignedOutcome =
  | { kind: 'clear'; rule: RuleVerdict }
  | { kind: 'reassigned' | 'no-data'; rule: RuleVerdict; reason: string }
  | { kind: 'retry'; reason: string };

/**
 * The dial-time and send-time step (docs/operators/compliance.md#reassigned-numbers): reads what is
 * stored (`stored`, or the number's answers), asks the database when nothing fresh answers a consent
 * old enough to need it, keeps every answer (safe-harbor evidence), and says whether the call or text
 * may go. Without a database (`rnd` undefined: no live RND adapter is configured) nothing is asked
 * and a stored answer still decides.
 */
export async function checkReassigned(
  db: Db,
  rnd: ReassignedNumbers | undefined,
  req: ReassignedRequest,
  at: Date,
  stored?: readonly ReassignedAnswerRow[],
): Promise<ReassignedOutcome> {
  const policy = reassignedPolicy(req.config);
  const answers = stored ?? (await listReassignedAnswersOf(db, [{ companyId: req.companyId, address: req.phone }]));
  let standing = reassignedStanding(answers, req.phone, req.consentDate, policy, at);
  if (standing.kind === 'ask' && rnd) {
    let answer: RndAnswer | undefined;
    try {
      [answer] = await rnd.query([{ phoneNumber: req.phone, date: req.consentDate }]);
    } catch (err) {
      return {
        kind: 'retry',
        reason: `Reassigned Numbers Database unavailable: ${(err as Error).message}`.slice(0, 500),
      };
    }
    if (answer !== 'yes' && answer !== 'no' && answer !== 'no_data')
      return { kind: 'retry', reason: `Reassigned Numbers Database answered ${String(answer)}` };
    const row: ReassignedAnswerRow = {
      id: newId(),
      companyId: req.companyId,
      phoneNumber: req.phone,
      customerId: req.customerId,
      consentDate: req.consentDate,
      answer,
      database: rnd.name,
      channel: req.channel,
      subjectId: req.subjectId,
      queriedAt: at.toISOString(),
    };
    await insertReassignedAnswers(db, [row]);
    standing = reassignedStanding([...answers, row], req.phone, req.consentDate, policy, at);
  }
  const rule = reassignedVerdict(standing, req.phone, req.consentDate);
  if (standing.kind === 'reassigned' || standing.kind === 'no-data')
    return { kind: standing.kind, rule, reason: `${CONSENT_RULES.reassigned.id}: ${rule.detail} (${rule.source})` };
  return { kind: 'clear', rule };
}
