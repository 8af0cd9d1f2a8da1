import type { Db } from '../../store/shared/db.js';
import { listCustomerPayments, type PaymentRow } from '../../store/ach/payments.js';
import { type PaymentFact, settlePromisesOfCustomer } from '../promises/promises.js';

/** Statuses of a payment that collected nothing, or gave it back (AchStatus): never counted toward a promise. */
const NOT_COLLECTED: ReadonlySet<string> = new Set(['FAILED', 'RETURNED', 'CANCELED']);

/**
 * A payment as a promise counts it, or null: it needs an amount above 0 and a date, and counts
 * from the moment the service hears of it (a submitted ACH debit included: a return takes it back,
 * which re-opens the promise) until it is reversed, returned, failed or cancelled. A re-presented
 * entry that settles counts again (confirms.ts clears the reversal).
 */
export function countedPayment(p: PaymentRow): PaymentFact | null {
  if (p.paymentReversed || (p.status !== null && NOT_COLLECTED.has(p.status))) return null;
  if (p.paymentAmountCents === null || p.paymentAmountCents <= 0 || p.paymentDate === null) return null;
  return { id: p.rowId, loanId: p.loanId, amountCents: p.paymentAmountCents, date: p.paymentDate };
}

/**
 * After a payment of the customer changed (PUT /payments, an ACH confirm, an ACH return), in the
 * same transaction: their promises are settled again on every payment that counts
 * (docs/partners/outcomes.md#promises-to-pay).
 */
export async function settlePromisesOfPayments(
  db: Db,
  companyId: string,
  customerId: string,
  now: Date,
): Promise<void> {
  const payments = await listCustomerPayments(db, companyId, customerId);
  const counted = payments.map(countedPayment).filter((p): p is PaymentFact => p !== null);
  await settlePromisesOfCustomer(db, companyId, customerId, counted, now);
}
