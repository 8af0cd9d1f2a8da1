import { describe, expect, it } from 'vitest';
import type { ReturnHistoryRow } from '../../store/ach/ach-returns.js';
import { representmentStatus } from './representment.js';

const ret = (code: string | null, correction: string | null = null) =>
  ({ achReturnCode: code, achCorrectionCode: correction }) as ReturnHistoryRow;

describe('representmentStatus (Nacha Operating Rules, Reinitiation of Returned Entries)', () => {
  it('is null without an R01/R09 return', () => {
    expect(representmentStatus([], '2026-11-02', '2026-11-21')).toBeNull();
    expect(representmentStatus([ret('R02'), ret(null, 'C01')], '2026-11-02', '2026-11-21')).toBeNull();
  });

  it.each([
    [[ret('R01')], { made: 0, remaining: 2, overLimit: false }],
    [[ret('R01'), ret('R09')], { made: 1, remaining: 1, overLimit: false }],
    [[ret('R01'), ret('R09'), ret('R01')], { made: 2, remaining: 0, overLimit: false }],
    [[ret('R01'), ret('R01'), ret('R01'), ret('R01')], { made: 3, remaining: 0, overLimit: true }],
    [[ret('R01'), ret(null, 'C01'), ret('R08')], { made: 0, remaining: 2, overLimit: false }],
  ])('%# counts R01/R09 returns only', (history, expected) => {
    expect(representmentStatus(history, '2026-11-02', '2026-11-21')).toEqual({ ...expected, windowEnds: '2027-05-01' });
  });

  it('the window ends 180 days after the original entry; after it none remain', () => {
    expect(representmentStatus([ret('R01')], '2026-05-01', '2026-10-28')).toEqual({
      made: 0,
      remaining: 2,
      windowEnds: '2026-10-28',
      overLimit: false,
    });
    expect(representmentStatus([ret('R01')], '2026-05-01', '2026-10-29')).toEqual({
      made: 0,
      remaining: 0,
      windowEnds: '2026-10-28',
      overLimit: false,
    });
    expect(representmentStatus([ret('R01')], null, '2026-10-29')).toEqual({
      made: 0,
      remaining: 2,
      windowEnds: null,
      overLimit: false,
    });
  });
});
