import { describe, expect, it } from 'vitest';
import { allocatePayments, promiseWindow, statusFromPayments, type PaymentFact } from './promises.js';

const promise = (
  id: string,
  amount: string,
  loanId: string | null = 'L1',
  madeOn = '2026-12-08',
  dueDate = '2026-12-14',
) => ({
  id,
  loanId,
  amount,
  madeOn,
  dueDate,
});
const pay = (id: string, cents: number, date: string, loanId = 'L1'): PaymentFact => ({
  id,
  loanId,
  amountCents: cents,
  date,
});

describe('the window payments count in', () => {
  it("runs from the borrower's date of the call to the promised date plus the grace, closing at the next local midnight", () => {
    // 22:30 Tuesday in New York is Wednesday in UTC: the call's date is the borrower's.
    expect(promiseWindow('2026-12-11', 3, 'America/New_York', new Date('2026-12-09T03:30:00Z'))).toEqual({
      madeOn: '2026-12-08',
      dueDate: '2026-12-14',
      dueAt: '2026-12-15T05:00:00.000Z',
    });
    expect(promiseWindow('2026-12-11', 0, 'America/Los_Angeles', new Date('2026-12-08T18:00:00Z')).dueAt).toBe(
      '2026-12-12T08:00:00.000Z',
    );
  });
});

describe('payments → what each promise counts (allocatePayments)', () => {
  it('counts payments dated inside the window on its loan, oldest first, up to the amount', () => {
    const paid = allocatePayments(
      [promise('p', '150.00')],
      [
        pay('before', 10_000, '2026-12-07'),
        pay('a', 10_000, '2026-12-09'),
        pay('b', 10_000, '2026-12-14'),
        pay('late', 10_000, '2026-12-15'),
        pay('other-loan', 10_000, '2026-12-09', 'L2'),
      ],
    );
    expect(paid.get('p')).toBe(15_000);
  });

  it('a payment counts once across promises; a promise without a loan takes any loan of the customer', () => {
    const paid = allocatePayments(
      [promise('first', '100.00', null), promise('second', '100.00', 'L2')],
      [pay('x', 15_000, '2026-12-09', 'L2')],
    );
    expect([paid.get('first'), paid.get('second')]).toEqual([10_000, 5_000]);
  });
});

describe('a promise status from its payments (statusFromPayments): one test per row', () => {
  it.each([
    ['open', 15_000, false, 'kept', 'covered: kept'],
    ['open', 14_999, false, 'open', 'window open, not covered: open'],
    ['open', 6_000, true, 'partially_kept', 'window closed, part covered: partly kept'],
    ['open', 0, true, 'broken', 'window closed, nothing covered: broken'],
    ['kept', 0, false, 'open', 'its payment returned inside the window: open again'],
    ['kept', 0, true, 'broken', 'its payment returned after the window: broken'],
    ['kept', 5_000, true, 'partially_kept', 'part of it returned after the window: partly kept'],
    ['partially_kept', 15_000, true, 'partially_kept', 'a late payment does not undo a follow-up'],
    ['partially_kept', 0, true, 'broken', 'its payment returned: broken'],
    ['broken', 15_000, true, 'broken', 'a broken promise stays broken'],
    ['cancelled', 15_000, false, 'cancelled', 'a cancelled promise stays cancelled'],
  ] as const)('%s, %i cents paid, window closed %s → %s (%s)', (current, paid, closed, next, _why) => {
    expect(statusFromPayments(current, 15_000, paid, closed)).toBe(next);
  });
});
