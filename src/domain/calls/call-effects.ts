import type { RestrictionKind } from '../borrowers/borrowers.js';

/**
 * What a completed call's flags make happen next: one row per rule, each tested
 * (call-effects.test.ts). A row applies when the call carries any of its flags and, where it names
 * one, the call's purpose matches.
 */
export type CallEffect =
  | { kind: 'do_not_call' }
  | { kind: 'restriction'; restriction: RestrictionKind }
  | { kind: 'number_unusable' }
  | { kind: 'reg_f_quiet_period' }
  | { kind: 'finish_cadence' }
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
    why: 'the borrower asked not to be called: the customer becomes Do Not Call and pending outreach stops',
  },
  {
    flags: ['ATTORNEY_REP'],
    effect: { kind: 'restriction', restriction: 'attorney_representation' },
    why: 'attorney representation: contact restriction, outreach stops',
  },
  {
    flags: ['BANKRUPTCY'],
    effect: { kind: 'restriction', restriction: 'bankruptcy' },
    why: 'bankruptcy (automatic stay): contact restriction, outreach stops',
  },
  {
    flags: ['DECEASED'],
    effect: { kind: 'restriction', restriction: 'deceased' },
    why: 'deceased: contact restriction, outreach stops',
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
    flags: ['RPC', 'SUCCESSFUL_TRANSFER'],
    purpose: 'origination',
    effect: { kind: 'finish_cadence' },
    why: 'the applicant was reached: the origination cadence is finished',
  },
  { flags: ['NO_ANSWER', 'VOICEMAIL'], effect: { kind: 'continue' }, why: 'not reached: the cadence goes on' },
];

/** Restrictions stop everything, so once one applies the rest of the table does not matter. */
const STOPS: ReadonlySet<CallEffect['kind']> = new Set(['do_not_call', 'restriction']);

/** The effects of a call's flags, in table order. */
export function effectsOf(flags: readonly string[], purpose: string): EffectRule[] {
  const hits = CALL_EFFECT_RULES.filter(
    (rule) => rule.flags.some((f) => flags.includes(f)) && (!rule.purpose || rule.purpose === purpose),
  );
  return hits.some((r) => STOPS.has(r.effect.kind)) ? hits.filter((r) => STOPS.has(r.effect.kind)) : hits;
}
