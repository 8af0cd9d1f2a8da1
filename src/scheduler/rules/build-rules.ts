import type { EffectiveRules } from '../effective-rules.js';
import { DAY, HOUR, formatClockTime } from '../zone-clock.js';
import { afterConversationRule } from './after-conversation.js';
import { blockedDateReason, blockedDayRule, federalHolidayReason, weekdayReason } from './business-days.js';
import { callingWindowRule } from './calling-window.js';
import {
  BLOCKED_WEEKDAYS,
  CALLING_WINDOW,
  COMPANY_BLOCKED_DATES,
  FEDERAL_HOLIDAYS,
  MA_COLLECTIONS,
  NYC_COLLECTIONS,
  OK_ADAD_HOURS,
  REG_F_AFTER_CONVERSATION,
  REG_F_FREQUENCY,
  STATE_MARKETING_RULES,
  WA_COLLECTIONS,
  WA_MOBILE_DAILY,
} from './catalog.js';
import { frequencyCapRule } from './frequency-cap.js';
import type { AttemptPoint, RuleContext, SchedulingRule } from './rule.js';

/** "HH:mm" as minutes after midnight. */
const clockMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A "7 consecutive days" window is 7 × 24 h plus one hour, so it also covers a calendar week
 * that contains the autumn DST change (169 h); rolling 168 h alone would miss that week.
 */
export const SEVEN_DAY_WINDOW_MS = 7 * DAY + HOUR;

const isCollections = (ctx: RuleContext): boolean => ctx.purpose === 'collections';
const channelOf = (x: { channel?: AttemptPoint['channel'] }) => x.channel ?? 'call';
/** Reg F's frequencies count telephone calls only (1006.14(b)(2)); a text or email is neither counted nor capped by them. */
const isCall = (x: { channel?: AttemptPoint['channel'] }): boolean => channelOf(x) === 'call';
const MA_CHANNELS: readonly string[] = MA_COLLECTIONS.channels;
const WA_MOBILE_CHANNELS: readonly string[] = WA_MOBILE_DAILY.channels;
const isOrigination = (ctx: RuleContext): boolean => ctx.purpose === 'origination';

/** Same debt, conservatively: an attempt or a call without a loan counts for every loan. */
const sameLoan = (a: AttemptPoint, ctx: RuleContext): boolean =>
  a.loanId === undefined || ctx.loanId === undefined || a.loanId === ctx.loanId;

/** Marketing contacts to the customer about anything (unknown purpose counts) on the channels the law counts. */
const marketingAttempt =
  (channels: readonly string[]) =>
  (a: AttemptPoint): boolean =>
    a.purpose !== 'collections' && channels.includes(channelOf(a));
const NYC_PER_ACCOUNT_FROM_MS = Date.parse(NYC_COLLECTIONS.perAccountFrom);

/** Every rule that times a call, in the order the search applies them. */
export function buildRules(eff: EffectiveRules): SchedulingRule[] {
  const rules: SchedulingRule[] = [
    blockedDayRule({ ...BLOCKED_WEEKDAYS, blockedReason: weekdayReason(eff.blockedWeekdays) }),
    blockedDayRule({ ...FEDERAL_HOLIDAYS, blockedReason: federalHolidayReason }),
  ];
  if (eff.blockedDays.size > 0) {
    rules.push(blockedDayRule({ ...COMPANY_BLOCKED_DATES, blockedReason: blockedDateReason(eff.blockedDays) }));
  }
  rules.push(
    callingWindowRule({
      id: CALLING_WINDOW.id,
      source: CALLING_WINDOW.source,
      description: CALLING_WINDOW.description,
      startMin: eff.callingWindow.startMin,
      endMin: eff.callingWindow.endMin,
    }),
  );
  const marketingLabel = `${formatClockTime(eff.marketingWindow.startMin)}–${formatClockTime(eff.marketingWindow.endMin)}`;
  for (const law of STATE_MARKETING_RULES) {
    const inState = (ctx: RuleContext): boolean => isOrigination(ctx) && ctx.states.includes(law.state);
    const channels: readonly string[] = law.channels;
    rules.push(
      callingWindowRule({
        id: `state-marketing-hours-${law.state.toLowerCase()}`,
        source: law.source,
        description: `${law.state} marketing/origination calls only ${marketingLabel} customer-local`,
        startMin: eff.marketingWindow.startMin,
        endMin: eff.marketingWindow.endMin,
        applies: inState,
      }),
      frequencyCapRule({
        id: `state-marketing-frequency-${law.state.toLowerCase()}`,
        source: law.source,
        description: `${law.state} marketing/origination: at most ${eff.marketingMaxCallsPer24h} ${channels.length > 1 ? 'calls and texts together' : 'calls'} per 24 hours`,
        maxAttempts: eff.marketingMaxCallsPer24h,
        windowMs: DAY,
        windowLabel: '24-hour',
        applies: (ctx) => inState(ctx) && channels.includes(channelOf(ctx)),
        counts: marketingAttempt(channels),
      }),
    );
  }
  rules.push(
    callingWindowRule({
      id: OK_ADAD_HOURS.id,
      source: OK_ADAD_HOURS.source,
      description: OK_ADAD_HOURS.description,
      startMin: Math.max(clockMinutes(OK_ADAD_HOURS.start), eff.callingWindow.startMin),
      endMin: Math.min(clockMinutes(OK_ADAD_HOURS.end), eff.callingWindow.endMin),
      applies: (ctx) => isCall(ctx) && ctx.states.includes(OK_ADAD_HOURS.state),
    }),
  );
  rules.push(
    frequencyCapRule({
      id: MA_COLLECTIONS.id,
      source: MA_COLLECTIONS.source,
      description: `Collections: at most ${eff.maCollectionsMaxAttemptsPer7Days} calls, texts or recorded messages together per 7 days per debt (MA)`,
      maxAttempts: eff.maCollectionsMaxAttemptsPer7Days,
      windowMs: SEVEN_DAY_WINDOW_MS,
      windowLabel: '7-day',
      applies: (ctx) =>
        isCollections(ctx) && ctx.states.includes(MA_COLLECTIONS.state) && MA_CHANNELS.includes(channelOf(ctx)),
      counts: (a, ctx) => sameLoan(a, ctx) && MA_CHANNELS.includes(channelOf(a)),
    }),
    frequencyCapRule({
      id: NYC_COLLECTIONS.id,
      source: NYC_COLLECTIONS.source,
      description: NYC_COLLECTIONS.description,
      maxAttempts: NYC_COLLECTIONS.maxAttempts,
      windowMs: SEVEN_DAY_WINDOW_MS,
      windowLabel: '7-day',
      applies: (ctx) => isCollections(ctx) && (ctx.localities ?? []).includes(NYC_COLLECTIONS.locality),
      // Per account from the 2026 revision's effective date (an attempt without a loan counts for
      // every account); earlier attempts per consumer, never looser than the 2024 text.
      counts: (a, ctx) => a.purpose !== 'origination' && (a.atMs < NYC_PER_ACCOUNT_FROM_MS || sameLoan(a, ctx)),
    }),
    frequencyCapRule({
      id: WA_COLLECTIONS.id,
      source: WA_COLLECTIONS.source,
      description: WA_COLLECTIONS.description,
      maxAttempts: WA_COLLECTIONS.maxAttempts,
      windowMs: SEVEN_DAY_WINDOW_MS,
      windowLabel: '7-day',
      applies: (ctx) => isCollections(ctx) && ctx.states.includes(WA_COLLECTIONS.state),
      // "In any form, manner, or place": every collection attempt to the customer, whatever the loan.
      counts: (a) => a.purpose !== 'origination',
    }),
    frequencyCapRule({
      id: WA_MOBILE_DAILY.id,
      source: WA_MOBILE_DAILY.source,
      description: WA_MOBILE_DAILY.description,
      maxAttempts: WA_MOBILE_DAILY.maxAttempts,
      windowMs: DAY + HOUR,
      windowLabel: '25-hour',
      applies: (ctx) =>
        isCollections(ctx) && ctx.states.includes(WA_MOBILE_DAILY.state) && WA_MOBILE_CHANNELS.includes(channelOf(ctx)),
      counts: (a) => a.purpose !== 'origination' && WA_MOBILE_CHANNELS.includes(channelOf(a)),
    }),
    frequencyCapRule({
      id: REG_F_FREQUENCY.id,
      source: REG_F_FREQUENCY.source,
      description: `Collections: at most ${eff.regFMaxAttemptsPer7Days} telephone calls per 7 consecutive days per loan`,
      maxAttempts: eff.regFMaxAttemptsPer7Days,
      windowMs: SEVEN_DAY_WINDOW_MS,
      windowLabel: '7-day',
      // A call the borrower asked for is neither limited nor counted (12 CFR 1006.14(b)(3)(i)).
      applies: (ctx) => isCollections(ctx) && isCall(ctx) && ctx.requested !== true,
      counts: (a, ctx) => sameLoan(a, ctx) && isCall(a) && a.requested !== true,
    }),
    afterConversationRule({
      id: REG_F_AFTER_CONVERSATION.id,
      source: REG_F_AFTER_CONVERSATION.source,
      description: `Collections: no call within ${eff.regFQuietDaysAfterConversation} days after a conversation about the loan`,
      days: eff.regFQuietDaysAfterConversation,
      // 1006.14(b)(3)(i) excludes a requested call from both (b)(2) frequencies, the quiet period included.
      applies: (ctx) => isCollections(ctx) && isCall(ctx) && ctx.requested !== true,
      counts: sameLoan,
    }),
  );
  return rules;
}
