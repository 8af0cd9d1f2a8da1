import type { ContactAttempt } from '../../scheduler/index.js';
import type { SentMessage } from '../../store/messages/messages.js';
import type { ScheduledCallRow } from '../../store/planning/schedules.js';

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
  }));
}

/** Sent texts and emails as the attempts the cross-channel caps count (940 CMR 7.04(1)(f), NYC, WA). */
export function messageAttempts(messages: readonly SentMessage[]): ContactAttempt[] {
  return messages.map((m) => ({ at: m.at, channel: m.channel, loanId: m.loanId, purpose: purposeOf(m.purpose) }));
}
