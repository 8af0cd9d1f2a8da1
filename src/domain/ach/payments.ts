import type { CompanyContext } from '../shared/context.js';
import { type ReturnHistoryRow, listReturns } from '../../store/ach/ach-returns.js';
import { type SettlementRow, listSettlements } from '../../store/ach/settlements.js';
import {
  type AchPaymentRow,
  type PaymentFields,
  type PaymentKey,
  type PaymentRow,
  findPayment,
  getAchPayment,
  insertPaymentIfAbsent,
  updatePayment,
  upsertAchPayment,
} from '../../store/ach/payments.js';
import { loanExists } from '../borrowers/borrowers.js';
import { InvalidInputError, NotFoundError } from '../shared/errors.js';
import { dollarsToCents } from './money.js';
import { utcDate } from './dates.js';
import { type RepresentmentStatus, representmentStatus } from './representment.js';
import { requireCustomer, requireMethod } from './payment-methods.js';
import type { components } from '../../../generated/api-types.js';
import { newId } from '../shared/ids.js';
import { settlePromisesOfPayments } from './promise-payments.js';

/** PUT /payments body (snake_case as in the contract), already type-checked against the spec. */
export type PaymentInput = components['schemas']['PaymentUpsert'];

/** A payment with its ACH record and return history, as the read returns it. */
export interface PaymentView {
  payment: PaymentRow;
  ach: AchPaymentRow | null;
  history: ReturnHistoryRow[];
  settlements: SettlementRow[];
  /** Null unless the payment was returned R01/R09. */
  representment: RepresentmentStatus | null;
}

export function paymentNotFound(key: PaymentKey): NotFoundError {
  return new NotFoundError(`Payment ${key.paymentId} of loan ${key.loanId} for customer ${key.customerId} not found`);
}

function keyOf(input: { customer_id: string; loan_id: string; payment_id: string }): PaymentKey {
  return { customerId: input.customer_id, loanId: input.loan_id, paymentId: input.payment_id };
}

/**
 * Creates or updates the payment keyed by (customer, loan, payment) in the company. Fields not sent
 * keep their stored values. `ach_status` creates or updates the ACH record and is the transaction's
 * latest reported status.
 */
export async function savePayment(
  ctx: CompanyContext,
  input: PaymentInput,
): Promise<{ view: PaymentView; created: boolean }> {
  const key = keyOf(input);
  // Input problems first (400), then what the references point at (404).
  if (input.ach_submitted_date && input.ach_settlement_date && input.ach_settlement_date < input.ach_submitted_date) {
    throw new InvalidInputError(
      `ach_settlement_date: ${input.ach_settlement_date} is before the ACH submitted date ${input.ach_submitted_date}`,
    );
  }
  const fields: Partial<PaymentFields> = {
    paymentMethodId: input.payment_method_id,
    status: input.ach_status,
    paymentDate: input.payment_date,
    paymentAmountCents:
      input.payment_amount === undefined ? undefined : dollarsToCents('payment_amount', input.payment_amount),
    paymentType: input.payment_type,
    systemSource: input.system_source,
  };
  await requireCustomer(ctx, key.customerId);
  if (!(await loanExists(ctx.db, ctx.companyId, key.customerId, key.loanId)))
    throw new NotFoundError(`Loan ${key.loanId} of customer ${key.customerId} not found`);
  if (input.payment_method_id !== undefined) await requireMethod(ctx, key.customerId, input.payment_method_id);
  const at = ctx.now.toISOString();
  const created = await ctx.db.transaction(async (trx) => {
    const inserted = await insertPaymentIfAbsent(trx, ctx.companyId, newId(), key, fields, at);
    const payment = (await findPayment(trx, ctx.companyId, key))!;
    if (!inserted) await updatePayment(trx, ctx.companyId, payment.rowId, fields, at);
    const achDates = { achSubmittedDate: input.ach_submitted_date, achSettlementDate: input.ach_settlement_date };
    if (input.ach_status !== undefined) {
      await upsertAchPayment(trx, ctx.companyId, payment.rowId, { status: input.ach_status, ...achDates }, at);
    } else if (achDates.achSubmittedDate !== undefined || achDates.achSettlementDate !== undefined) {
      const existing = await getAchPayment(trx, ctx.companyId, payment.rowId);
      if (!existing)
        throw new InvalidInputError(
          'ach_status: is required to create the ACH payment record that holds the ACH dates',
        );
      await upsertAchPayment(trx, ctx.companyId, payment.rowId, { status: existing.status, ...achDates }, at);
    }
    // A payment the service hears of may keep (or, reported failed, re-open) the customer's promises.
    await settlePromisesOfPayments(trx, ctx.companyId, key.customerId, ctx.now);
    return inserted;
  });
  return { view: await readPayment(ctx, key), created };
}

export async function readPayment(ctx: CompanyContext, key: PaymentKey): Promise<PaymentView> {
  const payment = await findPayment(ctx.db, ctx.companyId, key);
  if (!payment) throw paymentNotFound(key);
  // Sequential: upserts call this inside their transaction, whose one connection runs one query at a time.
  const ach = await getAchPayment(ctx.db, ctx.companyId, payment.rowId);
  const history = await listReturns(ctx.db, ctx.companyId, payment.rowId);
  const settlements = await listSettlements(ctx.db, ctx.companyId, payment.rowId);
  // The original entry's date as the return path takes it (returns.ts): the payment date, else the settlement date.
  const representment = representmentStatus(
    history,
    payment.paymentDate ?? ach?.achSettlementDate ?? null,
    utcDate(ctx.now),
  );
  return { payment, ach, history, settlements, representment };
}
