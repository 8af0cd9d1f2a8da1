import { type ContactAttempt, historyLookbackMs } from '../../scheduler/index.js';
import type { CompanyConfig } from '../shared/company-config.js';
import { schedulerConfigFor } from './scheduler-config.js';
import type { SentMessage } from '../scheduled-messages/scheduled-messages.js';
import type { OutsideContactRow } from '../borrowers/borrowers.js';
import { type ScheduledCallRow, isRequestedCall } from '../scheduled-calls/scheduled-calls.js';

const purposeOf = (p: string) => (p === 'collections' ? ('collections' as const) : ('origination' as const));

/** Stored calls as the attempts the rules count: a placed call counts when it was dialed. */
export function callAttempts(calls: readonly ScheduledCallRow[], withFlags = true): ContactAttempt[] {
  return calls.map((c) => ({
    at: c.dialedAt ?? c.scheduledTime,
    channel: 'call' as const,
    loanId: c.loanId,
    phoneNumber: c.phoneNumber,
    taskType: c.taskType,
    purpose: purposeOf(c.purpose),
    flags: withFlags ? c.postProcessingFlags : [],
    requested: isRequestedCall(c, c.dialedAt ?? c.scheduledTime),
  }));
}

/** Sent texts and emails as the attempts the cross-channel caps count (940 CMR 7.04(1)(f), NYC, WA). */
export function messageAttempts(messages: readonly SentMessage[]): ContactAttempt[] {
  return messages.map((m) => ({ at: m.at, channel: m.channel, loanId: m.loanId, purpose: purposeOf(m.purpose) }));
}

/**
 * Contacts the lender reported (POST /contact-attempts) as attempts every rule counts: an outbound
 * one toward each cap of its channel, a telephone conversation (either way) toward the quiet period
 * after it (12 CFR 1006.14(b)(2)(i)(B)). A contact without a purpose counts toward every purpose.
 */
export function outsideAttempts(rows: readonly OutsideContactRow[]): ContactAttempt[] {
  return rows.map((r) => ({
    at: r.occurredAt,
    channel: r.channel,
    loanId: r.loanId,
    purpose: r.purpose,
    conversation: r.conversation,
    direction: r.direction,
  }));
}

/**
 * Contact history is read at least this far back, whatever the rules' windows: the same read carries
 * what no window bounds (outcome flags such as WRONG_NUMBER and the restricting ones, the number
 * dialed last), and it filters on the scheduled time while a call counts from when it was dialed,
 * which may be later. Both would need reads of their own before the floor can go.
 */
const HISTORY_FLOOR_DAYS = 60;

/** The start of the contact history the rules need at `at` (and later): the rules' longest lookback, never under the floor. */
export function historySince(config: CompanyConfig, at: Date): string {
  const ms = Math.max(HISTORY_FLOOR_DAYS * 86_400_000, historyLookbackMs(schedulerConfigFor(config)));
  return new Date(at.getTime() - ms).toISOString();
}
