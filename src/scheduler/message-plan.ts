import { DateTime } from 'luxon';
import { ceilToMinute, instantMs } from './instants.js';
import { eligibilityAt, nextAllowedTime } from './next-allowed.js';
import type { Channel, ContactAttempt, CustomerContact, Decision, Purpose, SchedulerConfig } from './types.js';
import { DAY, MINUTE, dayNumber, parseClockTime, zoneClock } from './zone-clock.js';
import { RESTRICTION_RULES } from './restrictions.js';

/** One email or SMS step: customer-local day N at `at` (or now + N days), plus an offset. */
export interface MessageStep {
  id: string;
  day?: number;
  at?: string;
  offsetMinutes?: number;
}

export interface MessageContext {
  customer: CustomerContact;
  purpose: Purpose;
  loanId?: string | null;
  /** The message's channel: the cross-channel caps (940 CMR 7.04(1)(f), NYC, WA) hold texts and emails too. */
  channel?: Channel;
  /** Attempts the cross-channel caps count; none when omitted. */
  history?: readonly ContactAttempt[];
}

export interface PlannedMessage {
  step: string;
  stepIndex: number;
  /** UTC ISO, or null when no allowed time exists within the horizon (or the customer is restricted). */
  scheduledTime: string | null;
  decisions: Decision[];
}

export const MESSAGE_RULES = {
  doNotCallCallsOnly: {
    id: 'do-not-call-calls-only',
    source:
      'TCPA 47 CFR 64.1200(d): a do-not-call request covers telephone calls; email and SMS have their own opt-outs',
  },
} as const;

/**
 * The customer as a message channel sees them: Do Not Call is a telephone rule, so it does not
 * stop email or SMS, nor do the calls-only restrictions (threat or abuse, accessibility:
 * RESTRICTION_RULES); every other restriction (cease request, attorney, bankruptcy, deceased,
 * dispute …) does.
 */
export function messageContact(customer: CustomerContact): CustomerContact {
  return {
    ...customer,
    doNotCall: false,
    restrictions: (customer.restrictions ?? []).filter(
      (r) => r.kind !== 'do_not_call' && RESTRICTION_RULES[r.kind]?.callsOnly !== true,
    ),
  };
}

/**
 * Places message steps at the earliest times the contact rules allow in the customer's local time
 * (window, business days, contact restrictions other than Do Not Call). Caps are checked at send
 * time (channel caps, and the collection caps that count texts and emails). Pure: `now` is the only clock.
 */
export function planMessages(
  steps: readonly MessageStep[],
  context: MessageContext,
  config: SchedulerConfig,
  now: DateTime,
): PlannedMessage[] {
  const nowMs = ceilToMinute(instantMs(now, 'now'));
  const clock = zoneClock(context.customer.timezone);
  return steps.map((step, stepIndex) => {
    const day = step.day ?? 0;
    const offset = (step.offsetMinutes ?? 0) * MINUTE;
    const atMin = step.at === undefined ? undefined : parseClockTime(step.at);
    let target = nowMs + day * DAY + offset;
    if (atMin !== undefined && clock)
      target = clock.toUtc((dayNumber(clock.toLocal(nowMs)) + day) * DAY + atMin * MINUTE) + offset;
    const candidate = Math.max(target, nowMs);
    const result = allowedAt(candidate, context, config);
    return { step: step.id, stepIndex, scheduledTime: result.time, decisions: result.decisions };
  });
}

/**
 * Re-check at send time: the earliest allowed time at or after `at` (equal to `at` when it may go
 * now), with every rule evaluated at `at` and its verdict (the send-time decision's evidence).
 */
export function messageAllowedAt(at: DateTime, context: MessageContext, config: SchedulerConfig) {
  return eligibilityAt(
    DateTime.fromMillis(ceilToMinute(instantMs(at, 'at')), { zone: 'utc' }),
    schedulingContext(context),
    config,
  );
}

function allowedAt(candidateMs: number, context: MessageContext, config: SchedulerConfig) {
  return nextAllowedTime(DateTime.fromMillis(candidateMs, { zone: 'utc' }), schedulingContext(context), config);
}

function schedulingContext(context: MessageContext) {
  return {
    customer: messageContact(context.customer),
    purpose: context.purpose,
    loanId: context.loanId ?? null,
    history: context.history ?? [],
    channel: context.channel,
  };
}
