import type { CompanyContext } from '../shared/context.js';
import type { Db } from '../../store/shared/db.js';
import { findPayment, getAchPayment, updatePayment, upsertAchPayment } from '../../store/ach/payments.js';
import { findSettlement, insertSettlementIfNew } from '../../store/ach/settlements.js';
import { ConflictError, InvalidInputError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { utcDate } from './dates.js';
import { paymentNotFound } from './payments.js';
import { settlePromisesOfPayments } from './promise-payments.js';
import { type RowOutcome, runRows, single } from './row-runner.js';
import type { components } from '../../../generated/api-types.js';

/** POST /ach-confirms body (snake_case like a return), already type-checked against the spec. */
export type AchConfirmInput = components['schemas']['AchConfirmSubmission'];

/** The ACH status of a settled debit (the contract's enum has no separate "settled"). */
export const SETTLED = 'COMPLETED';

/**
 * POST /ach-confirms and POST /ach-confirms/batch (docs/partners/ach.md#settlement-confirmations):
 * records that a debit settled. Rows run like returns (row-runner.ts): in order, each on its own.
 */
export async function recordAchConfirms(ctx: CompanyContext, rows: readonly unknown[]): Promise<RowOutcome[]> {
  const today = utcDate(ctx.now);
  const at = ctx.now.toISOString();
  return runRows<AchConfirmInput>(ctx, rows, 'AchConfirmSubmission', (db, input) =>
    applyConfirm(db, ctx.companyId, input, today, at),
  );
}

export async function recordAchConfirm(ctx: CompanyContext, input: AchConfirmInput): Promise<{ message: string }> {
  return single(await recordAchConfirms(ctx, [input]));
}

/**
 * NACHA's order of events: an entry settles on its settlement date, and a return comes after it and
 * reverses it. So a confirmation dated on or before the payment's recorded return is a late report
 * of the returned entry's settlement: its date and transaction are recorded and the payment stays
 * RETURNED. One dated after the return is the settlement of a re-presented entry (R01/R09 allow
 * two): the payment is settled again. A return after a confirmation is the ordinary case and goes
 * through the return path (RETURNED; the settlement date and confirmation stay).
 */
async function applyConfirm(
  db: Db,
  companyId: string,
  input: AchConfirmInput,
  today: string,
  at: string,
): Promise<string> {
  const key = { customerId: input.customer_id, loanId: input.loan_id, paymentId: input.payment_id };
  const date = input.ach_settlement_date;
  const txn = input.processor_transaction_id;
  if (date > today) throw new InvalidInputError(`ach_settlement_date: ${date} is in the future`);
  const payment = await findPayment(db, companyId, key);
  if (!payment) throw paymentNotFound(key);
  const ach = await getAchPayment(db, companyId, payment.rowId);
  const submitted = ach?.achSubmittedDate ?? null;
  if (submitted !== null && date < submitted)
    throw new InvalidInputError(`ach_settlement_date: ${date} is before the ACH submitted date ${submitted}`);

  const known = await findSettlement(db, companyId, txn);
  if (known && known.paymentRowId !== payment.rowId)
    throw new ConflictError(
      `Processor transaction ${txn} was already confirmed for another payment`,
      'transaction_already_confirmed',
    );
  if (known) return `Settlement ${txn} for payment ${key.paymentId} was already recorded; nothing changed`;
  await insertSettlementIfNew(db, companyId, {
    id: newId(),
    processorTransactionId: txn,
    paymentRowId: payment.rowId,
    settlementDate: date,
    systemSource: input.system_source ?? null,
    createdAt: at,
  });

  const returnedAfter = ach?.status === 'RETURNED' && ach.achReturnDate !== null && date <= ach.achReturnDate;
  if (returnedAfter) {
    await upsertAchPayment(db, companyId, payment.rowId, { status: 'RETURNED', achSettlementDate: date }, at);
    return `Settlement ${txn} recorded for payment ${key.paymentId}; the payment stays RETURNED (return ${ach.achReturnCode} of ${ach.achReturnDate} follows it)`;
  }
  await upsertAchPayment(db, companyId, payment.rowId, { status: SETTLED, achSettlementDate: date }, at);
  // A re-presented entry that settled is collected: the transaction is no longer reversed (the return history keeps the return).
  await updatePayment(
    db,
    companyId,
    payment.rowId,
    { status: SETTLED, ...(ach?.status === 'RETURNED' ? { paymentReversed: false } : {}) },
    at,
  );
  // A settled re-presentment counts toward the customer's promises again.
  await settlePromisesOfPayments(db, companyId, key.customerId, new Date(at));
  return `Settlement ${txn} recorded for payment ${key.paymentId}; settled on ${date}`;
}
