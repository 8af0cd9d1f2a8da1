import { describe, expect, it } from 'vitest';
import { MAGIC_NUMBERS, scenarioFor } from './scenarios.js';
import { toneWav } from './wav.js';

describe('simulated outcomes', () => {
  it.each([
    ['+12125550100', 'live-transfer'],
    ['+13125550101', 'voicemail'],
    ['+12125550102', 'no-answer'],
    ['+12125550103', 'wrong-number'],
    ['+12125550104', 'do-not-call'],
    ['+12125550105', 'attorney'],
    ['+12125550106', 'bankruptcy'],
    ['+12125550107', 'provider-busy-then-live'],
    ['+12125550108', 'duplicate-out-of-order-callbacks'],
    ['+12125550109', 'callbacks-lost'],
    ['+12125550125', 'concurrency-429-then-live'],
    ['+12125550126', 'concurrency-ended-then-live'],
    ['+12125550127', 'no-valid-payment'],
  ])('%s is %s (any area code)', (number, name) => {
    expect(scenarioFor(number).name).toBe(name);
  });

  it('0107 refuses two creates, 0108 duplicates its callbacks, 0109 loses them (a live transfer otherwise)', () => {
    expect(MAGIC_NUMBERS['0107'].createFailures).toBe(2);
    expect(MAGIC_NUMBERS['0108'].duplicateCallbacks).toBe(true);
    expect(MAGIC_NUMBERS['0109']).toMatchObject({
      callbacksLost: true,
      labels: MAGIC_NUMBERS['0100'].labels,
      duplicateCallbacks: false,
    });
    expect(Object.values(MAGIC_NUMBERS).filter((s) => s.callbacksLost)).toHaveLength(1);
  });

  it('other numbers get a mix seeded by the number: the same number always behaves the same', () => {
    const names = new Set(Array.from({ length: 200 }, (_, i) => scenarioFor(`+1212736${String(1000 + i)}`).name));
    expect([...names].sort()).toEqual(['live-conversation', 'live-transfer', 'no-answer', 'voicemail']);
    expect(scenarioFor('+12127365000')).toBe(scenarioFor('+12127365000'));
    expect(scenarioFor('+12125550150').name).toBe(scenarioFor('+12125550150').name);
  });

  it('recordings are real 8 kHz 16-bit mono PCM WAV files', () => {
    const wav = toneWav(1, 3);
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt16LE(34)]).toEqual([
      1, 1, 8000, 16,
    ]);
    expect(wav.readUInt32LE(40)).toBe(16_000);
  });
});
