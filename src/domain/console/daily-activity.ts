import { DateTime } from 'luxon';
import {
  callsEndedUnplacedBetween,
  callsPlacedBetween,
  messagesSentBetween,
  pendingCallsFrom,
} from '../../store/console/daily-activity.js';
import { endReason } from '../planning/call-reasons.js';
import type { CompanyContext } from '../shared/context.js';
import { InvalidInputError } from '../shared/errors.js';

export type CallOutcome =
  'transferred' | 'right_party' | 'connected' | 'voicemail' | 'no_answer' | 'wrong_number' | 'in_progress' | 'other';

/** A call's outcome for counting, from its flags: the first that applies, most valuable first. */
export function outcomeOf(call: { state: string; flags: string[] }): CallOutcome {
  const f = new Set(call.flags);
  // A transfer bridged to the fallback after the first destination failed is a transfer too.
  if (f.has('SUCCESSFUL_TRANSFER') || f.has('FALLBACK_TRANSFER') || f.has('TRANSFER')) return 'transferred';
  if (f.has('RPC')) return 'right_party';
  if (f.has('WRONG_NUMBER')) return 'wrong_number';
  if (f.has('CONNECT')) return 'connected';
  if (f.has('VOICEMAIL')) return 'voicemail';
  if (f.has('NO_ANSWER')) return 'no_answer';
  // Flags come with the provider's analysis, after the call ends: until then there is no result yet.
  return call.state === 'analyzed' ? 'other' : 'in_progress';
}

const rate = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 1000) / 1000);

/** The Today page's figures for one local day of the company (GET /activity/daily). */
export async function dailyActivity(ctx: CompanyContext, q: { date?: string; timezone?: string }) {
  const timezone = q.timezone ?? 'America/New_York';
  const zoneNow = DateTime.fromJSDate(ctx.now).setZone(timezone);
  if (!zoneNow.isValid) throw new InvalidInputError(`Unknown time zone "${timezone}"`);
  const day = q.date ? DateTime.fromISO(q.date, { zone: timezone }) : zoneNow.startOf('day');
  if (!day.isValid) throw new InvalidInputError(`"${q.date}" is not a date`);
  const from = day.startOf('day').toUTC().toISO();
  const to = day.startOf('day').plus({ days: 1 }).toUTC().toISO();

  const [calls, unplaced, messages, dueNext] = await Promise.all([
    callsPlacedBetween(ctx.db, ctx.companyId, from, to),
    callsEndedUnplacedBetween(ctx.db, ctx.companyId, from, to),
    messagesSentBetween(ctx.db, ctx.companyId, from, to),
    pendingCallsFrom(ctx.db, ctx.companyId, ctx.now.toISOString(), 10),
  ]);

  const byHour = new Map<string, { hour: number; outcome: CallOutcome; calls: number }>();
  for (const call of calls) {
    const hour = DateTime.fromISO(call.timestamp).setZone(timezone).hour;
    const outcome = outcomeOf(call);
    const entry = byHour.get(`${hour}:${outcome}`) ?? { hour, outcome, calls: 0 };
    entry.calls++;
    byHour.set(`${hour}:${outcome}`, entry);
  }
  const count = (pred: (flags: Set<string>) => boolean) => calls.filter((c) => pred(new Set(c.flags))).length;
  const placed = calls.length;
  const connected = count((f) => f.has('CONNECT'));
  const rightParty = count((f) => f.has('RPC'));
  const transferred = count((f) => f.has('SUCCESSFUL_TRANSFER') || f.has('FALLBACK_TRANSFER') || f.has('TRANSFER'));

  const rules = new Map<string, { rule: string; source: string; calls: number; example: string }>();
  for (const call of unplaced) {
    const reason = endReason({ status: call.status as 'skipped', statusReason: call.statusReason });
    if (!reason) continue;
    const entry = rules.get(reason.rule) ?? {
      rule: reason.rule,
      source: reason.source,
      calls: 0,
      example: reason.detail,
    };
    entry.calls++;
    rules.set(reason.rule, entry);
  }

  return {
    date: day.toISODate(),
    timezone,
    from,
    to,
    callsByHour: [...byHour.values()].sort((a, b) => a.hour - b.hour || a.outcome.localeCompare(b.outcome)),
    rates: {
      placed,
      connected,
      rightParty,
      transferred,
      connectRate: rate(connected, placed),
      rightPartyRate: rate(rightParty, placed),
      transferRate: rate(transferred, placed),
    },
    messages: {
      textsSent: messages.find((m) => m.channel === 'sms')?.sent ?? 0,
      emailsSent: messages.find((m) => m.channel === 'email')?.sent ?? 0,
    },
    heldBack: [...rules.values()].sort((a, b) => b.calls - a.calls).slice(0, 10),
    dueNext,
  };
}
