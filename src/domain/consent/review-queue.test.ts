import { describe, expect, it } from 'vitest';
import { addBusinessDays, REVIEW_LIMIT_BUSINESS_DAYS } from './review-queue.js';

/** The review limit's calendar: weekdays that are not US federal holidays (47 CFR 64.1200(a)(10); FCC 24-24). */
describe('addBusinessDays', () => {
  it.each([
    ['a plain fortnight: Tue Dec 1 + 10', '2026-12-01T15:00:00.000Z', 10, '2026-12-15T15:00:00.000Z'],
    ['Christmas (Fri Dec 25) is skipped', '2026-12-21T15:00:00.000Z', 5, '2026-12-29T15:00:00.000Z'],
    ['Thanksgiving (Thu Nov 26) is skipped', '2026-11-24T14:59:50.000Z', 8, '2026-12-07T14:59:50.000Z'],
    ["a Saturday reply's first business day is Monday", '2026-12-05T12:00:00.000Z', 1, '2026-12-07T12:00:00.000Z'],
  ])('%s', (_, from, days, expected) => {
    expect(addBusinessDays(new Date(from), days).toISOString()).toBe(expected);
  });

  it('the limit is ten business days', () => {
    expect(REVIEW_LIMIT_BUSINESS_DAYS).toBe(10);
  });
});
