import type { RestrictionKind } from '../borrowers/borrowers.js';
import type { WebhookEventType } from '../webhooks/events.js';

/**
 * What a completed call's flags make happen next: one row per rule, each tested
 * (call-effects.test.ts). A row applies when the call carries any of its flags and, where it names
 * one, the call's purpose matches. Every flag of the contract (CONTRACT_FLAGS) has a row or a
 * documented reason for having none (FLAGS_WITHOUT_EFFECT); a flag the table does not know is
 * recorded on the call and changes nothing. docs/partners/outcomes.md is the partner's copy.
 */
export type CallEffect =
  | { kind: 'do_not_call' }
  /**
   * A contact restriction. `scope: 'loan'` restricts the call's loan only (customer-wide when the
   * call has none: the stricter reading); `stop` says which pending outreach is cancelled at once
   * (`all`, `calls`), or `recheck`: each pending call is checked again and the ones the
   * restriction now blocks are skipped. `event` is the webhook event the lender routes on.
   */
  | {
      kind: 'restriction';
      restriction: RestrictionKind;
      scope: 'customer' | 'loan';
      stop: 'all' | 'calls' | 'recheck';
      event?: WebhookEventType;
    }
  | { kind: 'notify'; event: WebhookEventType }
  | { kind: 'number_unusable' }
  | { kind: 'reg_f_quiet_period' }
  | { kind: 'finish_cadence' }
  /** A call at the time the borrower asked for (callbacks.ts). */
  | { kind: 'callback' }
  /**
   * Nothing at completion: later attempts to the number, for 30 days, hang up on its voicemail
   * instead of leaving the message (the dial-time check, call-rules.ts voicemailUnusable).
   */
  | { kind: 'skip_voicemail' }
  | { kind: 'continue' };

export interface EffectRule {
  flags: readonly string[];
  purpose?: 'origination' | 'collections';
  effect: CallEffect;
  why: string;
}

export const CALL_EFFECT_RULES: readonly EffectRule[] = [
  {
    flags: ['DNC'],
    effect: { kind: 'do_not_call' },
    why: 'the borrower asked not to be called: the customer becomes Do Not Call and pending outreach stops (TCPA 47 CFR 64.1200(d); revocation of consent, 47 CFR 64.1200(a)(10))',
  },
  {
    flags: ['ATTORNEY_REP'],
    effect: { kind: 'restriction', restriction: 'attorney_representation', scope: 'customer', stop: 'all' },
    why: 'attorney representation: contact restriction, outreach stops (15 U.S.C. 1692c(a)(2); 12 CFR 1006.6(b)(2))',
  },
  {
    flags: ['BANKRUPTCY'],
    effect: { kind: 'restriction', restriction: 'bankruptcy', scope: 'customer', stop: 'all' },
    why: 'bankruptcy: contact restriction, outreach stops (11 U.S.C. 362(a) automatic stay)',
  },
  {
    flags: ['DECEASED'],
    effect: { kind: 'restriction', restriction: 'deceased', scope: 'customer', stop: 'all' },
    why: 'deceased: contact restriction, outreach stops (policy; estate contacts are handled apart)',
  },
  {
    flags: ['DEBT_DISPUTE'],
    effect: {
      kind: 'restriction',
      restriction: 'debt_dispute',
      scope: 'loan',
      stop: 'recheck',
      event: 'dispute.received',
    },
    why: 'the borrower disputes the debt: collections outreach on that loan pauses until the lender clears it (a written dispute within the validation period: 15 U.S.C. 1692g(b); a spoken one: policy, stricter than the law)',
  },
  {
    flags: ['HARDSHIP_REQUEST'],
    effect: {
      kind: 'restriction',
      restriction: 'hardship_review',
      scope: 'loan',
      stop: 'recheck',
      event: 'hardship.requested',
    },
    why: 'hardship request: collections outreach on that loan pauses while the lender reviews it (policy: no law requires the pause)',
  },
  {
    flags: ['FRAUD_CLAIM'],
    effect: { kind: 'restriction', restriction: 'fraud_claim', scope: 'customer', stop: 'all', event: 'fraud.claimed' },
    why: 'fraud or identity-theft claim: all outreach stops until the lender investigates and clears it (policy: the person may not be the borrower, 15 U.S.C. 1692c(b))',
  },
  {
    flags: ['MILITARY'],
    effect: {
      kind: 'restriction',
      restriction: 'military_review',
      scope: 'customer',
      stop: 'recheck',
      event: 'military.reported',
    },
    why: 'active military duty reported: collection calls pause until the lender verifies it and applies the SCRA (50 U.S.C. 3937, 3931); the pause itself is policy',
  },
  {
    flags: ['INCARCERATED'],
    effect: {
      kind: 'restriction',
      restriction: 'incarcerated',
      scope: 'customer',
      stop: 'all',
      event: 'incarceration.reported',
    },
    why: 'the borrower is incarcerated: outreach stops (policy: calls would reach others, 15 U.S.C. 1692c(b))',
  },
  {
    flags: ['THREAT_OR_ABUSE'],
    effect: {
      kind: 'restriction',
      restriction: 'threat_or_abuse',
      scope: 'customer',
      stop: 'calls',
      event: 'abuse.reported',
    },
    why: 'threat or abuse: calls stop for that customer (policy); texts and emails go on',
  },
  {
    flags: ['ACCESSIBILITY_ISSUE'],
    effect: {
      kind: 'restriction',
      restriction: 'accessibility',
      scope: 'customer',
      stop: 'calls',
      event: 'accessibility.reported',
    },
    why: 'the borrower cannot use automated voice calls: calls stop until the lender arranges an accessible channel (policy); texts and emails go on',
  },
  {
    flags: ['COMPLAINT'],
    effect: { kind: 'notify', event: 'complaint.received' },
    why: 'complaint: the lender is told to handle it (event); a complaint alone is neither a dispute nor a request to stop, so outreach goes on (policy)',
  },
  {
    flags: ['WRONG_NUMBER'],
    effect: { kind: 'number_unusable' },
    why: 'wrong number: never called again; later calls use other numbers or are cancelled',
  },
  {
    flags: ['RPC', 'LIVE_CONNECT'],
    purpose: 'collections',
    effect: { kind: 'reg_f_quiet_period' },
    why: 'conversation about a debt: Reg F 12 CFR 1006.14(b)(2)(i)(B) seven-day quiet period for that loan',
  },
  {
    flags: ['RPC', 'SUCCESSFUL_TRANSFER', 'FALLBACK_TRANSFER'],
    purpose: 'origination',
    effect: { kind: 'finish_cadence' },
    why: 'the applicant was reached (and handed to a person): the origination cadence is finished',
  },
  { flags: ['NO_ANSWER', 'VOICEMAIL'], effect: { kind: 'continue' }, why: 'not reached: the cadence goes on' },
  {
    flags: ['VOICEMAIL_FULL', 'VOICEMAIL_NOT_SET_UP'],
    effect: { kind: 'skip_voicemail' },
    why: 'the voicemail is full or not set up: later attempts to that number for 30 days hang up on its voicemail instead of leaving the message (nothing can be left; policy), and the cadence goes on',
  },
  // Last: a finished cadence above cancels the schedule's pending calls, not the callback.
  {
    flags: ['CALLBACK_REQUEST'],
    effect: { kind: 'callback' },
    why: 'the borrower asked to be called back: a call at the asked time (their local time) when the rules allow it, else the nearest allowed time; asked within 7 days it is not limited or counted by Reg F call frequency (12 CFR 1006.14(b)(3)(i)); calling hours and every other rule still apply',
  },
];

/** Every flag the interface specification lists (and TRANSFER, which a scheduled call's record carries). */
export const CONTRACT_FLAGS = [
  'NO_ANSWER',
  'VOICEMAIL',
  'CONNECT',
  'LIVE_CONNECT',
  'VOICEMAIL_CONNECT',
  'AUTO_SYSTEM_CONNECT',
  'MESSAGE_LEFT',
  'RPC',
  'THIRD_PARTY_CONTACT',
  'WRONG_NUMBER',
  'CUSTOMER_HANGUP',
  'DNC',
  'COMPLAINT',
  'THREAT_OR_ABUSE',
  'DECEASED',
  'INCARCERATED',
  'MILITARY',
  'BANKRUPTCY',
  'HARDSHIP_REQUEST',
  'DEBT_DISPUTE',
  'ATTORNEY_REP',
  'FRAUD_CLAIM',
  'ACCESSIBILITY_ISSUE',
  'CALLBACK_REQUEST',
  'TRANSFER_FAILED',
  'VOICEMAIL_FULL',
  'VOICEMAIL_NOT_SET_UP',
  'CIP_PASSED',
  'CIP_FAILED',
  'CIP_PARTIAL',
  'CIP_REFUSED',
  'SUCCESSFUL_TRANSFER',
  'FALLBACK_TRANSFER',
] as const;

/**
 * Flags that change nothing by themselves (for every purpose, or for the purpose named), each with
 * why. They stay on the call record and in `call.completed`.
 */
export const FLAGS_WITHOUT_EFFECT: Readonly<Record<string, string>> = {
  CONNECT:
    'a connection alone is not a conversation (the RPC and LIVE_CONNECT flags on the same call decide); it counts as an attempt',
  LIVE_CONNECT:
    'on an origination call: no quiet period applies (Reg F covers debt collection only); RPC finishes the cadence',
  VOICEMAIL_CONNECT:
    'a voicemail is not a conversation (12 CFR 1006.2(j) limited-content message); the cadence goes on',
  AUTO_SYSTEM_CONNECT: 'an automated system answered: nobody was reached; the cadence goes on',
  MESSAGE_LEFT: 'a message left is an attempt, already counted toward the caps; the cadence goes on',
  THIRD_PARTY_CONTACT:
    'someone other than the borrower answered on a number of theirs: the number stays usable (WRONG_NUMBER marks one that is not theirs); the agent discloses nothing (15 U.S.C. 1692c(b))',
  CUSTOMER_HANGUP: 'a hang-up is not a request to stop calling; the cadence goes on within the caps',
  SUCCESSFUL_TRANSFER:
    'on a collections call: the borrower reached a person; the RPC on the call starts the quiet period',
  FALLBACK_TRANSFER: 'on a collections call: as SUCCESSFUL_TRANSFER',
  CIP_PASSED: 'identity verification is the lender’s decision; reported on the call, outreach unchanged',
  CIP_FAILED: 'identity verification is the lender’s decision; reported on the call, outreach unchanged',
  CIP_PARTIAL: 'identity verification is the lender’s decision; reported on the call, outreach unchanged',
  CIP_REFUSED: 'identity verification is the lender’s decision; reported on the call, outreach unchanged',
  TRANSFER_FAILED:
    'nothing at completion: the next attempt (the dial-time check, call-rules.ts lastTransferFailed) transfers to the company fallback (transferFallback) instead of the routes',
  TRANSFER: 'a scheduled call’s transfer marker: recorded, no effect',
};

/**
 * Effects that stop outreach outright: once one applies, the rows that only re-time or finish
 * pending calls do not matter (every restriction still records itself and its event).
 */
function stops(effect: CallEffect): boolean {
  return effect.kind === 'do_not_call' || (effect.kind === 'restriction' && effect.stop === 'all');
}

/** The effects of a call's flags, in table order. */
export function effectsOf(flags: readonly string[], purpose: string): EffectRule[] {
  const hits = CALL_EFFECT_RULES.filter(
    (rule) => rule.flags.some((f) => flags.includes(f)) && (!rule.purpose || rule.purpose === purpose),
  );
  const kept: ReadonlySet<CallEffect['kind']> = new Set(['do_not_call', 'restriction', 'notify']);
  return hits.some((r) => stops(r.effect)) ? hits.filter((r) => kept.has(r.effect.kind)) : hits;
}
