import { RND_MAGIC_NUMBERS } from './rnd/magic-numbers.js';
import { SMS_MAGIC_NUMBERS } from './sms/magic-numbers.js';
import { MAGIC_NUMBERS as VOICE_SCENARIOS } from './voice/scenarios.js';

/**
 * The one registry of the sandbox's magic numbers, for every simulator: the fictional 555-01xx
 * numbers (last 7 digits, any area code) that choose an outcome, and the ranges reserved for
 * numbers still to come. A number means one thing: src/simulators/magic-numbers.test.ts fails
 * when two simulators (or a simulator and another owner's range) give the same number a meaning.
 * A new magic number goes into its simulator's table AND is listed here (through that table, as
 * below), inside its owner's range. docs/partners/sandbox.md documents them for partners.
 */
export interface MagicNumber {
  /** The last 7 digits, `5550100`…`5550199`. */
  digits: string;
  /** Which simulator reads it. */
  simulator: 'voice' | 'sms' | 'lookup' | 'rnd' | 'configuration';
  meaning: string;
}

/** A block of numbers an owner (a simulator, an issue) holds; magic numbers of another owner may not fall in it. */
export interface ReservedRange {
  from: string;
  to: string;
  owner: string;
  /** The simulators whose magic numbers may sit in it. */
  simulators: ReadonlyArray<MagicNumber['simulator']>;
}

export const RESERVED_RANGES: readonly ReservedRange[] = [
  {
    from: '5550100',
    to: '5550109',
    owner: 'voice scenarios (src/simulators/voice/scenarios.ts)',
    simulators: ['voice'],
  },
  { from: '5550110', to: '5550119', owner: 'SMS outcomes (src/simulators/sms/magic-numbers.ts)', simulators: ['sms'] },
  {
    from: '5550120',
    to: '5550129',
    owner: 'voice go-live: caller ids of simulated workspaces, refusals and alarms (issue 38)',
    simulators: ['voice', 'configuration'],
  },
  { from: '5550130', to: '5550139', owner: 'SMS provider errors and Lookup (issue 39)', simulators: ['sms', 'lookup'] },
  {
    from: '5550140',
    to: '5550149',
    owner: 'reassigned numbers (RND) and consent (issue 40; src/simulators/rnd/magic-numbers.ts)',
    simulators: ['rnd', 'lookup', 'sms', 'voice'],
  },
  {
    from: '5550150',
    to: '5550159',
    owner: 'call outcomes: callbacks, promises to pay (issue 42)',
    simulators: ['voice'],
  },
  {
    from: '5550160',
    to: '5550169',
    owner: 'call outcomes: promises to pay, voicemails that take no message (issue 42)',
    simulators: ['voice'],
  },
  {
    from: '5550199',
    to: '5550199',
    owner: 'the default caller id OUTREACH_VOICE_FROM_NUMBER and voicemail callback number in examples',
    simulators: ['configuration'],
  },
];

const digitsOf = (key: string) => (key.length === 4 ? `555${key}` : key);

/** Every magic number of every simulator, as their own tables define them. */
export function magicNumbers(): MagicNumber[] {
  return [
    ...Object.entries(VOICE_SCENARIOS).map(([key, s]): MagicNumber => ({
      digits: digitsOf(key),
      simulator: 'voice',
      meaning: s.name,
    })),
    ...Object.entries(SMS_MAGIC_NUMBERS).map(([digits, o]): MagicNumber => ({
      digits,
      simulator: 'sms',
      meaning: o.refusal ? `refused ${o.refusal.code}` : `${o.final}${o.errorCode ? ` ${o.errorCode}` : ''}`,
    })),
    ...Object.entries(RND_MAGIC_NUMBERS).map(([digits, o]): MagicNumber => ({
      digits,
      simulator: 'rnd',
      meaning: o.meaning,
    })),
    { digits: '5550199', simulator: 'configuration', meaning: 'default caller id (never a destination)' },
  ];
}

/**
 * What is wrong with a registry: a number with two meanings, a number outside a range reserved for
 * its simulator, two ranges that overlap. Empty when every number means one thing.
 */
export function registryProblems(
  numbers: readonly MagicNumber[] = magicNumbers(),
  ranges: readonly ReservedRange[] = RESERVED_RANGES,
): string[] {
  const problems: string[] = [];
  const seen = new Map<string, MagicNumber>();
  for (const m of numbers) {
    const before = seen.get(m.digits);
    if (before)
      problems.push(`${m.digits} has two meanings: ${before.simulator} ${before.meaning}; ${m.simulator} ${m.meaning}`);
    seen.set(m.digits, m);
    const range = ranges.find((r) => m.digits >= r.from && m.digits <= r.to);
    if (!range?.simulators.includes(m.simulator))
      problems.push(`${m.digits} (${m.simulator}) is outside every range reserved for ${m.simulator}`);
  }
  const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].from <= sorted[i - 1].to) problems.push(`${sorted[i - 1].owner} overlaps ${sorted[i].owner}`);
  return problems;
}
