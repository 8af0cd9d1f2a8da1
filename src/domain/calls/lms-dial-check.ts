import type { LmsConnector, LmsLoanStanding, LmsPhoneFlags } from '../ports/lms.js';
import { type CompanyConfig, type SubStatusEffect, subStatusEffects, subStatusKey } from '../shared/company-config.js';
import { NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { getLoan, insertRestriction, listActiveRestrictions, type RestrictionKind } from '../borrowers/borrowers.js';
import {
  endClaimedCall,
  listPendingCalls,
  rescheduleClaimedCall,
  type ScheduledCallRow,
  updatePendingCall,
} from '../scheduled-calls/scheduled-calls.js';
import { stopOutreach } from '../planning/schedules.js';
import { LMS_DIAL_CHECK } from '../planning/call-reasons.js';
import { scheduledCallUpdated } from '../planning/call-status-events.js';
import { publishEvents } from '../webhooks/publish.js';
import type { ContactDecision } from '../audit/contact-decisions.js';
import type { CallServices } from './call-services.js';

/**
 * Before a collections call is placed, the lender's LMS is read again (docs/partners/lms.md#at-dial-time):
 * the loan's current status and sub-status, and the customer's phones with their Do Not Call flag.
 * Enrollment read them once; a loan paid off, charged off or moved to a bankruptcy, attorney or
 * deceased sub-status since, or a phone switched to Do Not Call, must not be called.
 *
 * - The reads go through the company's connector (the same limit of requests in flight per company
 *   and process as `sync`), and each answer is reused for `lms.dialCheckCacheSeconds` (default 300)
 *   by the company's next calls, on the business clock (`s.now()`), so a dial batch of one customer's
 *   calls reads the LMS once.
 * - A sub-status of the company's mapping (lms.subStatusEffects, default LoanPro's default names)
 *   decides: `paid_off`, `settled`, `charged_off` cancel the loan's pending collections calls;
 *   `bankruptcy`, `attorney_representation`, `deceased` record that restriction customer-wide with
 *   source `lms` (unless one of that kind is active) and stop outreach, as the same restriction
 *   reported on a call does.
 * - The call's number among the customer's LMS phones, marked Do Not Call (`dndEnabled`) or
 *   inactive: this call is skipped.
 * - The LMS cannot be read (down, credentials refused, an answer we cannot read): the safe reading.
 *   The call is not placed; it goes back to pending with the reason and is looked at again
 *   LMS_UNREADABLE_RETRY_MS later, when the rules decide again. Placing it would risk calling a
 *   borrower under a bankruptcy stay; waiting costs only time.
 * - Only a loan imported from the LMS (`loanIds`) is read again, by the LMS's own id; the phones are
 *   read for a customer whose id is an LMS id (the `sync` convention). The LMS has no such loan or
 *   customer (a record the partner sent without the LMS): nothing to re-assert for it.
 */

/** Default of `lms.dialCheckCacheSeconds`. */
export const DEFAULT_DIAL_CHECK_CACHE_SECONDS = 300;
/** A call whose LMS could not be read is looked at again this long after. */
export const LMS_UNREADABLE_RETRY_MS = 5 * 60_000;

export type LmsDialVerdict =
  | { kind: 'clear' }
  | { kind: 'cancel'; effect: SubStatusEffect; reason: string }
  | { kind: 'restrict'; restriction: RestrictionKind; reason: string }
  | { kind: 'do_not_call'; reason: string }
  | { kind: 'unreadable'; reason: string };

const CANCELLING: ReadonlySet<SubStatusEffect> = new Set(['paid_off', 'settled', 'charged_off']);
const EFFECT_WORDS: Record<SubStatusEffect, string> = {
  paid_off: 'paid off',
  settled: 'settled',
  charged_off: 'charged off',
  bankruptcy: 'bankruptcy',
  attorney_representation: 'represented by an attorney',
  deceased: 'deceased',
};

/** LoanPro ids: positive integers (Number() keeps them exact up to 15 digits). */
const LMS_ID = /^[1-9]\d{0,14}$/;

type Missing = 'missing';

/** One read, shared by the calls that ask within its life; a failed read is not kept. */
interface Entry {
  at: number;
  value: Promise<unknown>;
}

/** Reads of one process's call services, by `companyId kind id`. */
class DialReadCache {
  private readonly entries = new Map<string, Entry>();

  get<T>(key: string, now: number, ttlMs: number, read: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && now >= hit.at && now - hit.at < ttlMs) return hit.value as Promise<T>;
    const value = read();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // Bounded: the oldest reads (first in insertion order) go first.
    if (this.entries.size > 20_000) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}

const caches = new WeakMap<CallServices, DialReadCache>();
const cacheOf = (s: CallServices): DialReadCache => {
  const found = caches.get(s);
  if (found) return found;
  const made = new DialReadCache();
  caches.set(s, made);
  return made;
};

/** NotFoundError → `missing` (the LMS has no such record); any other failure stays a failure. */
const orMissing = <T>(read: Promise<T>): Promise<T | Missing> =>
  read.catch((err: unknown) => {
    if (err instanceof NotFoundError) return 'missing' as const;
    throw err;
  });

/** Two numbers are the same line: the same last ten digits (NANP), else the same digits. */
function sameNumber(a: string, b: string): boolean {
  const x = a.replace(/\D/g, '');
  const y = b.replace(/\D/g, '');
  return x.length >= 10 && y.length >= 10 ? x.slice(-10) === y.slice(-10) : x === y;
}

/** What the LMS says of this collections call now (see the module's comment); `clear` without an LMS. */
export async function lmsDialVerdict(
  s: CallServices,
  call: ScheduledCallRow,
  config: CompanyConfig,
  now: Date,
): Promise<LmsDialVerdict> {
  if (!config.lms || !s.lms) return { kind: 'clear' };
  let resolved: LmsConnector | undefined;
  try {
    resolved = s.lms(call.companyId, config.lms);
  } catch (err) {
    // The stored token cannot be opened (the configuration key changed): as unreadable as a refusal.
    return { kind: 'unreadable', reason: `the LMS could not be read: ${(err as Error).message}` };
  }
  if (!resolved) return { kind: 'clear' };
  const connector = resolved;
  const ttlMs = (config.lms.dialCheckCacheSeconds ?? DEFAULT_DIAL_CHECK_CACHE_SECONDS) * 1000;
  const cache = cacheOf(s);
  const at = now.getTime();
  // Only a loan imported from this LMS (`loanIds`: its externalLmsMetadata names it) is read again,
  // by the id the LMS gave it: a partner's own loan id may be another loan's id in LoanPro.
  const stored = call.loanId !== null ? await getLoan(s.db, call.companyId, call.customerId, call.loanId) : null;
  const metadata = stored?.externalLmsMetadata ?? null;
  const imported = metadata !== null && metadata.lms === config.lms.kind ? metadata.loanId : null;
  const loanId = typeof imported === 'number' && LMS_ID.test(String(imported)) ? String(imported) : null;
  const customerId = LMS_ID.test(call.customerId) ? call.customerId : null;
  let standing: LmsLoanStanding | Missing | null;
  let phones: LmsPhoneFlags[] | Missing | null;
  try {
    [standing, phones] = await Promise.all([
      loanId
        ? cache.get(`${call.companyId} loan ${loanId}`, at, ttlMs, () =>
            orMissing(connector.loanStanding(Number(loanId))),
          )
        : null,
      customerId
        ? cache.get(`${call.companyId} phones ${customerId}`, at, ttlMs, () =>
            orMissing(connector.customerPhones(customerId)),
          )
        : null,
    ]);
  } catch (err) {
    return { kind: 'unreadable', reason: `${connector.label} could not be read: ${(err as Error).message}` };
  }
  if (standing && standing !== 'missing' && standing.subStatus) {
    const effect = subStatusEffects(config.lms).get(subStatusKey(standing.subStatus));
    if (effect) {
      const said = `${connector.label} shows loan ${loanId ?? ''} with sub-status "${standing.subStatus}"${standing.status ? ` (status "${standing.status}")` : ''}: ${EFFECT_WORDS[effect]}`;
      if (CANCELLING.has(effect)) return { kind: 'cancel', effect, reason: said };
      return { kind: 'restrict', restriction: effect as RestrictionKind, reason: said };
    }
  }
  if (phones && phones !== 'missing') {
    const phone = phones.find((p) => sameNumber(p.number, call.phoneNumber) && (p.doNotCall || !p.active));
    if (phone)
      return {
        kind: 'do_not_call',
        reason: `${connector.label} marks ${call.phoneNumber} ${phone.doNotCall ? 'Do Not Call (dndEnabled)' : 'inactive'}: not called`,
      };
  }
  return { kind: 'clear' };
}

/**
 * Applies a verdict that stops the claimed call (all but `clear`), with its reason and its
 * `scheduled_call.updated` events, and adds the dial-time decision to `decisions`. Answers what
 * became of the call: `skipped` (it ended) or `moved` (back to pending: the LMS could not be read).
 */
export async function settleLmsVerdict(
  s: CallServices,
  call: ScheduledCallRow,
  verdict: Exclude<LmsDialVerdict, { kind: 'clear' }>,
  now: Date,
  decisions: ContactDecision[],
): Promise<'skipped' | 'moved'> {
  const at = now.toISOString();
  const decide = (outcome: 'moved' | 'refused', reason: string) =>
    decisions.push({
      companyId: call.companyId,
      customerId: call.customerId,
      channel: 'call',
      subjectId: call.id,
      at: now,
      recipient: call.phoneNumber,
      rules: [],
      verdict: outcome,
      reason,
      consent: null,
    });
  if (verdict.kind === 'unreadable') {
    const retryAt = new Date(now.getTime() + LMS_UNREADABLE_RETRY_MS).toISOString();
    const reason = `${LMS_DIAL_CHECK}${verdict.reason}; not called until it answers (looked at again at ${retryAt})`;
    s.log.warn('call not placed: the LMS could not be read at dial time', { scheduledCallId: call.id, reason });
    await rescheduleClaimedCall(s.db, call.companyId, call.id, retryAt, reason.slice(0, 1000), at);
    decide('moved', reason);
    return 'moved';
  }
  const reason = await s.db.transaction(async (trx) => {
    const ended: string[] = [];
    let reason: string;
    if (verdict.kind === 'restrict') {
      // The restriction itself is the reason: GET /scheduled-calls shows its rule and citation.
      reason = `Contact restriction ${verdict.restriction}: asserted by the LMS at dial time: ${verdict.reason}`;
      const active = await listActiveRestrictions(trx, call.companyId, call.customerId);
      if (!active.some((r) => r.kind === verdict.restriction && r.loanId === null)) {
        // Customer-wide, as the same restriction reported on a call: a stay, a represented
        // borrower or a death concerns every debt of the borrower (the stricter reading).
        await insertRestriction(trx, call.companyId, {
          id: newId(),
          customerId: call.customerId,
          loanId: null,
          kind: verdict.restriction,
          source: 'lms',
          at,
          reason: verdict.reason,
          callId: null,
        });
        await stopOutreach(trx, call.companyId, call.customerId, at, reason);
      }
    } else if (verdict.kind === 'cancel') {
      reason = `${LMS_DIAL_CHECK}${verdict.reason}: the loan's collections calls are cancelled`;
      const pending = await listPendingCalls(trx, call.companyId, call.customerId);
      for (const other of pending.filter((c) => c.loanId === call.loanId && c.purpose === 'collections'))
        if (await updatePendingCall(trx, call.companyId, other.id, { status: 'cancelled', reason }, at))
          ended.push(other.id);
    } else reason = `${LMS_DIAL_CHECK}${verdict.reason}`;
    const events = ended.map((id) => scheduledCallUpdated(id, 'cancelled'));
    if (await endClaimedCall(trx, call.companyId, call.id, 'skipped', reason.slice(0, 1000), at))
      events.push(scheduledCallUpdated(call.id, 'skipped'));
    await publishEvents(trx, call.companyId, events, now);
    return reason;
  });
  decide('refused', reason);
  return 'skipped';
}
