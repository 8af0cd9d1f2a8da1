import { describe, expect, it } from 'vitest';
import { levelOf, rateFigures } from './return-rates.js';

describe('NACHA return-rate levels', () => {
  it.each([
    // unauthorized 0.5 % (50 bp): warning from 0.4 %, over above 0.5 %
    [3, 1000, 50, 'ok'],
    [4, 1000, 50, 'warning'],
    [5, 1000, 50, 'warning'],
    [6, 1000, 50, 'over'],
    // administrative 3 %: warning from 2.4 %
    [23, 1000, 300, 'ok'],
    [24, 1000, 300, 'warning'],
    [30, 1000, 300, 'warning'],
    [31, 1000, 300, 'over'],
    // overall 15 %: warning from 12 %
    [119, 1000, 1500, 'ok'],
    [120, 1000, 1500, 'warning'],
    [150, 1000, 1500, 'warning'],
    [151, 1000, 1500, 'over'],
    [0, 0, 50, 'ok'],
  ] as const)('%i of %i against %i bp is %s', (numerator, denominator, bp, level) => {
    expect(levelOf(numerator, denominator, bp)).toBe(level);
  });

  it('an entry counts once per rate; codes outside a rate count only in overall', () => {
    const figures = rateFigures(10, [
      { paymentRowId: 'a', code: 'R01' },
      { paymentRowId: 'a', code: 'R07' },
      { paymentRowId: 'b', code: 'R02' },
      { paymentRowId: 'c', code: 'R24' },
    ]);
    expect(figures.map((f) => [f.rate, f.numerator, f.denominator])).toEqual([
      ['unauthorized', 1, 10],
      ['administrative', 1, 10],
      ['overall', 3, 10],
    ]);
  });
});
