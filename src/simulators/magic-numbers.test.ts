import { describe, expect, it } from 'vitest';
import { magicNumbers, registryProblems, RESERVED_RANGES } from './magic-numbers.js';
import { RND_MAGIC_NUMBERS, rndOutcomeFor } from './rnd/magic-numbers.js';
import { smsOutcomeFor } from './sms/magic-numbers.js';
import { MAGIC_NUMBERS as VOICE_SCENARIOS, scenarioFor } from './voice/scenarios.js';

describe('the magic-number registry', () => {
  const all = magicNumbers();

  it('no number has two meanings, each sits in a range reserved for its simulator, no ranges overlap', () => {
    expect(registryProblems()).toEqual([]);
  });

  it('each simulator reads its registered numbers under any area code; SMS and the RND give no other number a meaning', () => {
    for (let n = 100; n <= 199; n++) {
      const digits = `5550${n}`;
      const registered = all.filter((m) => m.digits === digits).map((m) => m.simulator);
      for (const area of ['212', '415']) {
        const number = `+1${area}${digits}`;
        // An unregistered number gets the seeded mix, whose entries reuse the magic scenarios: only the registered side is exact.
        if (registered.includes('voice')) expect(scenarioFor(number), number).toBe(VOICE_SCENARIOS[`0${n}`]);
        expect(rndOutcomeFor(number), number).toBe(registered.includes('rnd') ? RND_MAGIC_NUMBERS[digits] : undefined);
        expect(JSON.stringify(smsOutcomeFor(number)) !== JSON.stringify({ final: 'delivered' }), number).toBe(
          registered.includes('sms'),
        );
      }
    }
  });

  it('a planted clash, a number outside its range and overlapping ranges are each caught', () => {
    expect(registryProblems([...all, { digits: '5550110', simulator: 'voice', meaning: 'planted' }])).toEqual([
      '5550110 has two meanings: sms undelivered 30003; voice planted',
      '5550110 (voice) is outside every range reserved for voice',
    ]);
    expect(
      registryProblems(all, [...RESERVED_RANGES, { from: '5550125', to: '5550131', owner: 'planted', simulators: [] }]),
    ).toEqual([
      'voice go-live: caller ids of simulated workspaces, refusals and alarms (issue 38) overlaps planted',
      'planted overlaps SMS provider errors and Lookup (issue 39)',
    ]);
  });
});
