import { describe, expect, it } from 'vitest';
import { rndAnswerFor } from './magic-numbers.js';

describe('the RND simulator answers (DA 21-1649: "yes" when the date is on or before the disconnection)', () => {
  it.each([
    ['2125550140', '2026-01-01', 'yes'],
    ['2125550141', '2019-01-01', 'no'],
    ['2125550142', '2026-01-01', 'no_data'],
    ['2125550143', '2026-06-01', 'yes'],
    ['2125550143', '2026-06-02', 'no'],
    ['2125551234', '2026-01-01', 'no'],
    ['2125551234', '2020-12-31', 'no_data'],
  ])('%s since %s: %s', (tn, date, expected) => {
    expect(rndAnswerFor(tn, date)).toBe(expected);
  });
});
