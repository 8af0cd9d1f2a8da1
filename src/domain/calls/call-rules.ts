import { DateTime } from 'luxon';
import {
  type ContactAttempt,
  type CustomerContact,
  type Decision,
  type EligibilityResult,
  type RuleVerdict,
  CONSENT_RULES,
  eligibilityAt,
  canonicalPhone,
  phoneBook,
  transferDestinationAt,
} from '../../scheduler/index.js';
import {
  type ContactRestrictionRow,
  type OutsideContactRow,
  listActiveRestrictions,
  listActiveRestrictionsOf,
  listOutsideContactsOf,
} from '../borrowers/borrowers.js';
import type { CustomerRow } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import { listSentMessagesOf, type SentMessage } from '../scheduled-messages/scheduled-messages.js';
import {
  isRequestedCall,
  listContactHistory,
  listContactHistoryOf,
  type ScheduledCallRow,
} from '../scheduled-calls/scheduled-calls.js';
import type { CompanyConfig } from '../shared/company-config.js';
import { schedulerConfigFor } from '../planning/scheduler-config.js';
import { callAttempts, historySince, messageAttempts, outsideAttempts } from '../planning/contact-history.js';
import { listConsentEventsOf, type ConsentEventRow } from '../consent/ledger.js';
import {
  type ConsentBasis,
  type ConsentStanding,
  type ConsentSubject,
  awaitsConsent,
  callConsent,
  consentAddress,
  numberSources,
  refusalReason,
} from '../consent/standing.js';
import {
  consentDateOf,
  type ReassignedAnswerRow,
  type ReassignedStanding,
  listReassignedAnswersOf,
  reassignedPolicy,
  reassignedStanding,
  reassignedVerdict,
  REASSIGNED_NO_DATA_HOLD,
} from '../consent/reassigned-check.js';

/** The dial-time verdict; `rules` is every rule evaluated at `at` with its verdict (the decision's evidence). */
export type CallVerdict =
  | {
      kind: 'allowed';
      transferDestination: string;
      /** False when the number's voicemail was recently full or not set up (voicemailUnusable). */
      leaveVoicemail: boolean;
      consent: ConsentBasis;
      rules: RuleVerdict[];
    }
  | { kind: 'later'; time: string; reason: string; rules: RuleVerdict[] }
  | { kind: 'never'; reason: string; rules: RuleVerdict[] }
  | { kind: 'held'; reason: string; rules: RuleVerdict[] };

/**
 * Re-checks one scheduled call with the pure scheduler against the state at `at`: the customer's
 * Do Not Call flag and contact restrictions, restricting and wrong-number outcomes, Reg F and state
 * caps counting every other call not cancelled or skipped (made since the plan, or still pending),
 * quiet periods, the calling window in every plausible zone, blocked weekdays and holidays.
 */
export async function checkCallAt(
  db: Db,
  config: CompanyConfig,
  customer: CustomerRow,
  call: ScheduledCallRow,
  at: Date,
): Promise<CallVerdict> {
  return verdictAt(config, call, await callingState(db, config, customer, call, at), at);
}

/** checkCallAt on a calling state already read (callingStates: a dial batch reads them together). */
export function verdictAt(config: CompanyConfig, call: ScheduledCallRow, state: CallingState, at: Date): CallVerdict {
  const { schedulerConfig, candidate, context } = dialTimeInputs(config, call, state, at);
  const result = eligibilityAt(candidate, context, schedulerConfig); // nextAllowedTime's search, plus each rule's verdict at `at`
  const because = explain(result.decisions);
  // Consent does not come back with time: a revoked number's call ends now; a call still waiting for
  // the consent its purpose needs is held until it is recorded (releaseHeldCalls), not ended.
  const consent = callConsent(config, call.taskType, call.phoneNumber, state.consents, at, subjectOf(call, state));
  const rules = [...result.evaluated, consentVerdict(consent)];
  if (result.time === null) return { kind: 'never', reason: because, rules };
  if (consent.kind === 'refused')
    return { kind: awaitsConsent(consent) ? 'held' : 'never', reason: refusalReason(consent), rules };
  // What the Reassigned Numbers Database already answered for the number and its consent date (the
  // dial asks it when nothing fresh answers: reassigned-check.ts checkReassigned).
  const reassigned = reassignedOf(config, call.phoneNumber, consent.basis, state, at);
  if (reassigned.standing.kind !== 'ask') rules.push(reassigned.verdict);
  if (reassigned.standing.kind === 'reassigned' || reassigned.standing.kind === 'no-data') {
    const reason = `${reassigned.verdict.rule}: ${reassigned.verdict.detail} (${reassigned.verdict.source})`;
    return { kind: reassigned.standing.kind === 'reassigned' ? 'never' : 'held', reason, rules };
  }
  if (new Date(result.time).getTime() > at.getTime())
    return { kind: 'later', time: result.time, reason: because, rules };
  const route = transferDestinationAt(schedulerConfig, call.taskType, candidate);
  return {
    kind: 'allowed',
    // After a transfer that failed, the next attempt goes to the company's fallback (call-effects.ts).
    transferDestination: lastTransferFailed(state.history, at)
      ? schedulerConfig.transferFallback
      : (route?.destination ?? call.transferDestination),
    // After a full or missing voicemail on this number, the attempt does not leave one (call-effects.ts).
    leaveVoicemail: !voicemailUnusable(state.history, call.phoneNumber, at),
    consent: consent.basis,
    rules,
  };
}

/**
 * The dial-time check's reading of a call at `at`, rule by rule (what blocks it now and until when,
 * each frequency budget), from the same inputs and the same scheduler search as verdictAt: the
 * call may go now exactly when `time` equals `at`.
 */
export function callEligibilityAt(
  config: CompanyConfig,
  call: CallProbe,
  state: CallingState,
  at: Date,
): EligibilityResult {
  const { schedulerConfig, candidate, context } = dialTimeInputs(config, call, state, at);
  const read = eligibilityAt(candidate, context, schedulerConfig);
  const consent = callConsent(config, call.taskType, call.phoneNumber, state.consents, at, subjectOf(call, state));
  if (read.time === null) return read;
  if (consent.kind === 'covered') {
    // A number the Reassigned Numbers Database answered "yes" for (or "no data", held) shows why.
    const { standing, verdict } = reassignedOf(config, call.phoneNumber, consent.basis, state, at);
    if (standing.kind !== 'reassigned' && standing.kind !== 'no-data') return read;
    const message = standing.kind === 'no-data' ? `${REASSIGNED_NO_DATA_HOLD}: ${verdict.detail}` : verdict.detail!;
    return {
      ...read,
      time: null,
      blocking: [...read.blocking, { rule: verdict.rule, source: verdict.source, message, until: null }],
    };
  }
  const message = awaitsConsent(consent) ? `${CONSENT_REQUIRED_HOLD}: ${consent.detail}` : consent.detail;
  return {
    ...read,
    time: null,
    blocking: [...read.blocking, { rule: consent.rule, source: consent.source, message, until: null }],
  };
}

/** The stored Reassigned Numbers Database answers' reading of a call's number and consent (reassigned-check.ts). */
export function reassignedOf(
  config: CompanyConfig,
  phone: string,
  basis: ConsentBasis,
  state: CallingState,
  at: Date,
): { standing: ReassignedStanding; verdict: RuleVerdict; consentDate: string } {
  const address = consentAddress(phone);
  const consentDate = consentDateOf(basis, state.customer.createdAt);
  const standing = reassignedStanding(state.reassigned, address, consentDate, reassignedPolicy(config), at);
  return { standing, verdict: reassignedVerdict(standing, address, consentDate), consentDate };
}

/** The hold reason of a call waiting for the consent its purpose needs (scheduled call `hold.reason`, eligibility, console). */
export const CONSENT_REQUIRED_HOLD = 'consent-required';

/** The consent subject of a call: its purpose, the customer's test flag and enrollment time, the sources of its numbers. */
function subjectOf(call: Pick<CallProbe, 'purpose'>, state: CallingState): ConsentSubject {
  return {
    purpose: call.purpose === 'collections' ? 'collections' : 'origination',
    isTest: state.customer.isTest,
    enrolledAt: state.customer.createdAt,
    numbers: numberSources(state.contact),
  };
}

/** What verdictAt needs of a scheduled call; the eligibility read probes a call that does not exist. */
export type CallProbe = Pick<ScheduledCallRow, 'purpose' | 'loanId' | 'phoneNumber' | 'taskType'> &
  Partial<Pick<ScheduledCallRow, 'step' | 'createdAt'>>;
/** The consent ledger's events of the customer's numbers (and the call's), for the consent check. */
export interface CallingState {
  contact: CustomerContact;
  history: ContactAttempt[];
  consents: ConsentEventRow[];
  /** The Reassigned Numbers Database's answers for the same numbers (reassigned-check.ts). */
  reassigned: ReassignedAnswerRow[];
  /** What the consent check needs of the customer beyond its contact (a test customer skips the law floor). */
  customer: Pick<CustomerRow, 'isTest' | 'createdAt'>;
}

function dialTimeInputs(config: CompanyConfig, call: CallProbe, { contact, history }: CallingState, at: Date) {
  return {
    schedulerConfig: schedulerConfigFor(config),
    candidate: DateTime.fromJSDate(at, { zone: 'utc' }),
    context: {
      customer: contact,
      purpose: call.purpose === 'collections' ? ('collections' as const) : ('origination' as const),
      loanId: call.loanId,
      phoneNumber: call.phoneNumber,
      history,
      // A callback the borrower asked for: Reg F's call frequencies do not apply (1006.14(b)(3)(i)).
      requested:
        call.step !== undefined &&
        call.createdAt !== undefined &&
        isRequestedCall({ step: call.step, createdAt: call.createdAt }, at),
    },
  };
}

/** The consent check as evidence beside the scheduler's rules: the rule that refused, or the one the basis satisfied. */
function consentVerdict(consent: ConsentStanding): RuleVerdict {
  if (consent.kind === 'refused')
    return { rule: consent.rule, source: consent.source, verdict: 'block', detail: consent.detail, until: null };
  const rule = consent.basis.type === 'express_written' ? CONSENT_RULES.writtenRequired : CONSENT_RULES.required;
  // An override of the law's floor is written into every decision it decides (the record of it).
  return { rule: rule.id, source: rule.source, verdict: 'pass', ...(consent.note ? { detail: consent.note } : {}) };
}

/**
 * Whether the customer's most recent completed call (the latest call with flags, up to `at`)
 * carries TRANSFER_FAILED: its next attempt then transfers to the company's `transferFallback`
 * rather than to a route that just failed.
 */
export function lastTransferFailed(history: readonly ContactAttempt[], at: Date): boolean {
  let last: readonly string[] | undefined;
  let lastMs = Number.NEGATIVE_INFINITY;
  for (const h of history) {
    if ((h.channel ?? 'call') !== 'call' || !h.flags?.length) continue;
    const ms = typeof h.at === 'string' ? Date.parse(h.at) : h.at.toMillis();
    if (ms <= at.getTime() && ms > lastMs) {
      last = h.flags;
      lastMs = ms;
    }
  }
  return last?.includes('TRANSFER_FAILED') ?? false;
}

/** How long a full or missing voicemail keeps later attempts to the number from leaving a message. */
export const VOICEMAIL_UNUSABLE_DAYS = 30;

/**
 * Whether a call to `phoneNumber` within the last VOICEMAIL_UNUSABLE_DAYS (up to `at`) carried
 * VOICEMAIL_FULL or VOICEMAIL_NOT_SET_UP: later attempts to that number then hang up on its
 * voicemail instead of leaving the message. After 30 days the mailbox is tried again (it may have
 * been emptied or set up); the history read always reaches that far (contact-history.ts, 60 days).
 */
export function voicemailUnusable(history: readonly ContactAttempt[], phoneNumber: string, at: Date): boolean {
  const number = canonicalPhone(phoneNumber);
  const since = at.getTime() - VOICEMAIL_UNUSABLE_DAYS * 86_400_000;
  return history.some((h) => {
    if ((h.channel ?? 'call') !== 'call' || !h.flags?.some((f) => VOICEMAIL_UNUSABLE_FLAGS.includes(f))) return false;
    if (!number || canonicalPhone(h.phoneNumber) !== number) return false;
    const ms = typeof h.at === 'string' ? Date.parse(h.at) : h.at.toMillis();
    return ms >= since && ms <= at.getTime();
  });
}

const VOICEMAIL_UNUSABLE_FLAGS: readonly string[] = ['VOICEMAIL_FULL', 'VOICEMAIL_NOT_SET_UP'];

/** Every rule that moved or blocked the call, in order, then the last one's message and source. */
export function explain(decisions: readonly Decision[]): string {
  const deciding = decisions.filter((d) => d.effect === 'blocked' || d.effect === 'moved');
  const last = deciding.at(-1);
  if (!last) return 'not allowed by the calling rules';
  const rules = [...new Set(deciding.map((d) => d.rule))].join(' → ');
  return `${rules}: ${last.message} (${last.source})`;
}

/** The customer as the scheduler sees them now, and every other attempt that counts (texts and emails sent included). */
export async function callingState(
  db: Db,
  config: CompanyConfig,
  customer: CustomerRow,
  call: CallKey,
  at: Date,
): Promise<CallingState> {
  const since = historySince(config, at);
  const restrictions = await listActiveRestrictions(db, customer.companyId, customer.id);
  const calls = await listContactHistory(db, customer.companyId, customer.id, since);
  const key = [{ companyId: customer.companyId, customerId: customer.id }];
  const messages = await listSentMessagesOf(db, key, since);
  const outside = await listOutsideContactsOf(db, key, since);
  const state = stateOf(customer, call, restrictions, calls, messages, outside);
  const keys = consentKeys(customer, call, state.contact);
  return {
    ...state,
    consents: await listConsentEventsOf(db, keys),
    reassigned: await listReassignedAnswersOf(db, keys),
  };
}

/** A call the calling state is read for: its id (left out of the history) and, for a real call, the number it dials. */
type CallKey = Pick<ScheduledCallRow, 'id'> & Partial<Pick<ScheduledCallRow, 'phoneNumber'>>;

/** The ledger keys of a customer's numbers and of the call's number (a pending call may use another one). */
function consentKeys(customer: CustomerRow, call: CallKey, contact: CustomerContact) {
  const numbers = new Set(phoneBook(contact, new Map()).all);
  if (call.phoneNumber) numbers.add(consentAddress(call.phoneNumber));
  return [...numbers].map((address) => ({ companyId: customer.companyId, address }));
}

/**
 * callingState of several calls in four reads whatever their number (a dial batch), with the same
 * answer for each call as callingState would give at `at`: the history is read from the earliest
 * start any of their companies needs, and each call keeps what its own company's start includes.
 */
export async function callingStates(
  db: Db,
  calls: ReadonlyArray<{ customer: CustomerRow; call: CallKey; config: CompanyConfig }>,
  at: Date,
): Promise<CallingState[]> {
  const keys = [
    ...new Map(
      calls.map(({ customer: c }) => [`${c.companyId}/${c.id}`, { companyId: c.companyId, customerId: c.id }]),
    ).values(),
  ];
  const starts = calls.map(({ config }) => historySince(config, at));
  const earliest = starts.reduce((a, b) => (Date.parse(b) < Date.parse(a) ? b : a), at.toISOString());
  const [restrictions, history] = [
    await listActiveRestrictionsOf(db, keys),
    await listContactHistoryOf(db, keys, earliest),
  ];
  const messages = await listSentMessagesOf(db, keys, earliest);
  const outside = await listOutsideContactsOf(db, keys, earliest);
  const of = <T extends { companyId: string; customerId: string }>(rows: T[], c: CustomerRow) =>
    rows.filter((r) => r.companyId === c.companyId && r.customerId === c.id);
  const from = <T>(rows: T[], since: string, time: (r: T) => string) =>
    rows.filter((r) => Date.parse(time(r)) >= Date.parse(since));
  const states = calls.map(({ customer, call }, i) =>
    stateOf(
      customer,
      call,
      of(restrictions, customer),
      from(of(history, customer), starts[i], (c) => c.scheduledTime),
      from(of(messages, customer), starts[i], (m) => m.at),
      from(of(outside, customer), starts[i], (o) => o.occurredAt),
    ),
  );
  const numbers = calls.flatMap(({ customer, call }, i) => consentKeys(customer, call, states[i].contact));
  const consents = await listConsentEventsOf(db, numbers);
  const reassigned = await listReassignedAnswersOf(db, numbers);
  return states.map((state, i) => ({
    ...state,
    consents: consents.filter((e) => e.companyId === calls[i].customer.companyId),
    reassigned: reassigned.filter((a) => a.companyId === calls[i].customer.companyId),
  }));
}

function stateOf(
  customer: CustomerRow,
  call: CallKey,
  restrictions: ContactRestrictionRow[],
  other: ScheduledCallRow[],
  messages: SentMessage[],
  outside: OutsideContactRow[],
): Omit<CallingState, 'consents' | 'reassigned'> {
  const calls = other.filter((c) => c.id !== call.id);
  const contact: CustomerContact = {
    id: customer.id,
    timezone: customer.timezone ?? 'UTC',
    state: customer.state,
    city: customer.city,
    zipCode: customer.zipCode,
    phoneNumber: customer.phoneNumber,
    externalMetadata: customer.externalMetadata,
    doNotCall: customer.doNotCall,
    restrictions: restrictions.map((r) => ({ kind: r.kind, loanId: r.loanId, since: r.createdAt })),
  };
  return {
    contact,
    history: [...callAttempts(calls), ...messageAttempts(messages), ...outsideAttempts(outside)],
    customer: { isTest: customer.isTest, createdAt: customer.createdAt },
  };
}

/** The customer's numbers still usable after WRONG_NUMBER outcomes, plus other numbers their pending calls use. */
export function usableNumbers(
  contact: CustomerContact,
  history: readonly ContactAttempt[],
  pendingPhones: readonly string[],
): string[] {
  const wrong = new Map<string, string>();
  for (const h of history) {
    const phone = canonicalPhone(h.phoneNumber);
    if (phone && h.flags?.includes('WRONG_NUMBER')) wrong.set(phone, 'WRONG_NUMBER outcome');
  }
  const usable = [...phoneBook(contact, wrong).usable];
  for (const p of pendingPhones) if (!wrong.has(p) && !usable.includes(p)) usable.push(p);
  return usable;
}
