import { describe, expect, it } from 'vitest';
import { businessDayAfter, followUpFrom } from './promise-follow-ups.js';

describe('the follow-up starts the business day after the window', () => {
  it('skips weekends and federal holidays', () => {
    expect(businessDayAfter('2026-12-11', 'America/New_York').toISO()).toBe('2026-12-14T00:00:00.000-05:00');
    // Thursday 2026-12-24 → Christmas (Friday) → the weekend → Monday 28.
    expect(businessDayAfter('2026-12-24', 'America/New_York').toISODate()).toBe('2026-12-28');
  });

  it('or now, when that day is past (a return broke the promise later)', () => {
    const now = new Date('2026-12-20T15:00:00Z');
    expect(followUpFrom({ dueDate: '2026-12-14' }, 'America/New_York', now).toISO()).toBe('2026-12-20T15:00:00.000Z');
    expect(followUpFrom({ dueDate: '2026-12-14' }, 'America/New_York', new Date('2026-12-15T05:00:00Z')).toISO()).toBe(
      '2026-12-15T05:00:00.000Z',
    );
  });
});
