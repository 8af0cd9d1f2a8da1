import { describe, expect, it } from 'vitest';
import { isFederalHoliday } from './holidays.js';

describe('US federal holidays', () => {
  it.each([
    ['2026-07-03', true, 'Independence Day observed on Friday (July 4th is a Saturday)'],
    ['2026-07-04', true, 'the actual date is blocked too'],
    ['2026-07-02', false, 'ordinary Thursday'],
    ['2026-11-26', true, 'Thanksgiving'],
    ['2026-01-19', true, 'Martin Luther King Jr. Day'],
    ['2026-06-19', true, 'Juneteenth'],
    ['2027-12-24', true, 'Christmas 2027 observed on Friday'],
    ['2021-12-31', true, "New Year's Day 2022 observed in the previous year"],
    ['2027-07-05', true, 'Independence Day 2027 observed on Monday'],
    ['2027-07-06', false, 'ordinary Tuesday'],
    ['2019-06-19', false, 'Juneteenth became a federal holiday in 2021'],
  ])('%s → %s (%s)', (date, expected) => {
    expect(isFederalHoliday(date)).toBe(expected);
  });
});
