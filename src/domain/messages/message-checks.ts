import { DateTime } from 'luxon';
import { type ContactAttempt, messageAllowedAt, type RuleVerdict } from '../../scheduler/index.js';
import type { ContactRestrictionRow } from '../borrowers/borrowers.js';
import type { CustomerRow } from '../borrowers/borrowers.js';
import type { MessageRow } from '../scheduled-messages/scheduled-messages.js';
import type { CompanyConfig } from '../shared/company-config.js';
import { schedulerConfigFor } from '../planning/scheduler-config.js';

const DAY_MS = 86_400_000;

/** The send-time verdict on a claimed message; `rules`: every scheduler rule evaluated now, with its verdict. */
export type SendVerdict =
  | { send: true; rules?: RuleVerdict[] }
  | { send: false; status: 'pending'; at: string; reason: string; explanation?: unknown; rules?: RuleVerdict[] }
  | { send: false; status: 'skipped'; reason: string; explanation?: unknown; rules?: RuleVerdict[] };

/**
 * Re-checks a due message against the state now with the pure scheduler: the customer's local
 * allowed hours and days, and contact restrictions (cease request, attorney, bankruptcy,
 * deceased stop every channel; Do Not Call stops calls only), and the collection caps that count
 * texts or emails with calls (`history`: 940 CMR 7.04(1)(f), NYC, WA). Not allowed now → moved to
 * the next allowed time, or skipped when there is none.
 */
export function windowVerdict(
  message: MessageRow,
  customer: CustomerRow,
  restrictions: ContactRestrictionRow[],
  config: CompanyConfig,
  now: Date,
  history: readonly ContactAttempt[] = [],
): SendVerdict {
  if (!customer.timezone)
    return {
      send: false,
      status: 'skipped',
      reason: 'the customer has no time zone, so their local hours are unknown',
    };
  const contact = {
    timezone: customer.timezone,
    state: customer.state,
    city: customer.city,
    zipCode: customer.zipCode,
    phoneNumber: customer.phoneNumber,
    externalMetadata: customer.externalMetadata,
    doNotCall: customer.doNotCall,
    restrictions: restrictions.map((r) => ({ kind: r.kind, loanId: r.loanId, since: r.createdAt })),
  };
  const purpose = message.purpose === 'collections' ? 'collections' : 'origination';
  const result = messageAllowedAt(
    DateTime.fromJSDate(now, { zone: 'utc' }),
    { customer: contact, purpose, loanId: message.loanId, channel: message.channel, history },
    schedulerConfigFor(config),
  );
  const rules = result.evaluated;
  if (result.time === null) {
    const blocked =
      result.decisions.find((d) => d.effect === 'blocked') ?? result.decisions[result.decisions.length - 1];
    return {
      send: false,
      status: 'skipped',
      reason: blocked ? `${blocked.message} (${blocked.source})` : 'no allowed time within the horizon',
      explanation: result.decisions,
      rules,
    };
  }
  if (Date.parse(result.time) > now.getTime() + 60_000) {
    const capped = result.decisions.find((d) => d.effect === 'moved' && d.rule.endsWith('-frequency'));
    const reason = capped
      ? `${capped.message} (${capped.source}): moved to the next allowed time`
      : "outside the customer's allowed hours or days: moved to the next allowed time";
    return { send: false, status: 'pending', at: result.time, reason, explanation: result.decisions, rules };
  }
  return { send: true, rules };
}

/**
 * Per-channel frequency caps from company configuration (`channels.<channel>.maxPerDay`,
 * `maxPer7Days`), counting messages of that channel sent to the customer. Over a cap → moved to
 * when the oldest counted message leaves the window.
 */
export function capVerdict(message: MessageRow, sentTimes: string[], config: CompanyConfig, now: Date): SendVerdict {
  const limits = config.channels?.[message.channel] ?? {};
  let until = 0;
  const windows: Array<[number | undefined, number, string]> = [
    [limits.maxPerDay, DAY_MS, 'per day'],
    [limits.maxPer7Days, 7 * DAY_MS, 'per 7 days'],
  ];
  let why = '';
  for (const [max, span, label] of windows) {
    if (max === undefined) continue;
    const inWindow = sentTimes
      .map(Date.parse)
      .filter((t) => t > now.getTime() - span)
      .sort((a, b) => b - a);
    if (inWindow.length >= max) {
      if (max === 0)
        return {
          send: false,
          status: 'skipped',
          reason: `${message.channel} is switched off for this company (0 ${label})`,
        };
      const free = inWindow[max - 1] + span;
      if (free > until) {
        until = free;
        why = `${message.channel} frequency cap: at most ${max} ${label} (company configuration)`;
      }
    }
  }
  return until > now.getTime()
    ? { send: false, status: 'pending', at: new Date(until).toISOString(), reason: why }
    : { send: true };
}
