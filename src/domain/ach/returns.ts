import type { CompanyContext } from '../shared/context.js';
import { type ReturnHistoryRow, countReturns, insertReturnIfNew, returnExists } from '../../store/ach/ach-returns.js';
import type { Db } from '../../store/shared/db.js';
import { type PaymentMethodRow, getPaymentMethodById, updatePaymentMethod } from '../../store/ach/payment-methods.js';
import {
  type PaymentRow,
  findPayment,
  getAchPayment,
  updateAchPayment,
  updatePayment,
} from '../../store/ach/payments.js';
import { addDays, daysBetween, utcDate } from './dates.js';
import {
  CHANGE_CODES,
  CUSTOMER_RISK_WINDOW_DAYS,
  METHOD_RISK_WINDOW_DAYS,
  REPRESENTMENT_WINDOW_DAYS,
} from './nacha-codes.js';
import { revokeMethodAuthorization } from './payment-methods.js';
import { paymentNotFound } from './payments.js';
import { type ReturnAction, returnAction } from './return-action.js';
import { type ReturnEvent, achRecordChanges, describeEvent, transactionChanges } from './return-event.js';
import { type AchReturnInput, checkDateOrder, checkSubmission } from './return-submission.js';
import { newId } from '../shared/ids.js';
import { type ReturnOutreach, type RowOutcome, type RowSuccess, runRows, single } from './row-runner.js';
import { announceRisenRates } from './return-rates.js';
import { settlePromisesOfPayments } from './promise-payments.js';
export type { ReturnHistoryRow };

/** A return newly recorded (not a resubmission), as a capability acting on it sees it. */
export interface RecordedReturn {
  customerId: string;
  loanId: string;
  paymentId: string;
  returnCode: string;
}

/**
 * Runs in the row's savepoint after a new return is recorded: what a higher capability does about it
 * (outreach, enrollment/return-outreach.ts). Null when it does not apply.
 */
export type OnReturn = (db: Db, recorded: RecordedReturn) => Promise<ReturnOutreach | null>;

/**
 * POST /ach-returns and POST /ach-returns/batch (docs/partners/ach.md): the one write path of a
 * return. Each row updates the payment transaction and its ACH record, appends one return-history
 * record per distinct event with risk counts and NACHA action metadata, and applies the action to the
 * payment method (revocation, unusable account, NOC correction), all in its own savepoint
 * (row-runner.ts). A resubmitted event changes no history and no method. Rows are applied in order,
 * so a later row sees an earlier row's history.
 */
export async function recordAchReturns(
  ctx: CompanyContext,
  rows: readonly unknown[],
  onReturn?: OnReturn,
): Promise<RowOutcome[]> {
  const today = utcDate(ctx.now);
  const at = ctx.now.toISOString();
  const outcomes = await runRows<AchReturnInput>(ctx, rows, 'AchReturnSubmission', (db, input) => {
    const { amountCents } = checkSubmission(input, today);
    return applyReturn(db, ctx.companyId, input, amountCents, today, at, onReturn);
  });
  // Once per request, after the rows committed: a rate that rose is announced (return-rates.ts).
  if (outcomes.some((o) => o.ok)) await ctx.db.transaction((trx) => announceRisenRates(trx, ctx.companyId, ctx.now));
  return outcomes;
}

/** The single operation: a batch of one. */
export async function recordAchReturn(
  ctx: CompanyContext,
  input: AchReturnInput,
  onReturn?: OnReturn,
): Promise<RowSuccess> {
  return single(await recordAchReturns(ctx, [input], onReturn));
}

async function applyReturn(
  db: Db,
  companyId: string,
  input: AchReturnInput,
  amountCents: number | undefined,
  today: string,
  at: string,
  onReturn: OnReturn | undefined,
): Promise<string | RowSuccess> {
  const key = { customerId: input.customer_id, loanId: input.loan_id, paymentId: input.payment_id };
  const payment = await findPayment(db, companyId, key);
  if (!payment) throw paymentNotFound(key);
  const ach = await getAchPayment(db, companyId, payment.rowId);
  checkDateOrder(input, { paymentDate: payment.paymentDate, submittedDate: ach?.achSubmittedDate ?? null });

  await updatePayment(db, companyId, payment.rowId, transactionChanges(input, amountCents), at);
  if (ach) await updateAchPayment(db, companyId, payment.rowId, achRecordChanges(input), at);
  // A returned payment no longer counts: a promise it had kept is open again (or broken past its window).
  await settlePromisesOfPayments(db, companyId, key.customerId, new Date(at));

  const event = describeEvent(input, today);
  if (!event) return `Payment ${key.paymentId} updated; no return, correction or decline to record`;
  const duplicate = `${event.label} for payment ${key.paymentId} was already recorded; return history unchanged`;
  if (await returnExists(db, companyId, payment.rowId, event.dedupeKey)) return duplicate;

  const method = payment.paymentMethodId ? await getPaymentMethodById(db, companyId, payment.paymentMethodId) : null;
  const risk = await riskCounts(db, companyId, payment, event);
  const originalDate =
    input.payment_date ?? payment.paymentDate ?? input.ach_settlement_date ?? ach?.achSettlementDate ?? null;
  const action = returnAction({
    returnCode: input.ach_return_code ?? null,
    correctionCode: input.ach_correction_code ?? null,
    debitDecline: event.kind === 'debit_decline',
    priorRepresentments: risk.representments180d,
    daysSinceOriginalEntry: originalDate ? daysBetween(originalDate, event.eventDate) : null,
    method: method && {
      isBankAccount: method.type === 'bank_account',
      authorizationRevoked: method.achAuthStatus === 'revoked',
      unusable: method.achUnusableCode !== null,
    },
  });
  const row = historyRow(input, payment, event, risk, action, at);
  if (!(await insertReturnIfNew(db, companyId, row))) return duplicate;
  const effects = await applyToMethod(db, companyId, method, input, action, at);
  const message = [`${event.label} recorded for payment ${key.paymentId}`, ...effects].join('; ');
  // Only a return recorded now: a resubmission returned above, so it never acts twice.
  const outreach =
    event.kind === 'return' && onReturn ? await onReturn(db, { ...key, returnCode: input.ach_return_code! }) : null;
  return outreach ? { message, outreach } : message;
}

interface Risk {
  returnsForMethod60d: number;
  returnsForCustomer180d: number;
  representments180d: number;
}

/** Counts include this event when it is a return. Without a known method, "the method" is this payment. */
async function riskCounts(db: Db, companyId: string, payment: PaymentRow, event: ReturnEvent): Promise<Risk> {
  const self = event.isReturn ? 1 : 0;
  const until = event.eventDate;
  const methodScope = payment.paymentMethodId
    ? { paymentMethodId: payment.paymentMethodId }
    : { paymentRowId: payment.rowId };
  // Sequential on purpose: db is the submission's transaction, whose one connection runs one query at a time.
  const forMethod = await countReturns(db, companyId, {
    ...methodScope,
    after: addDays(until, -METHOD_RISK_WINDOW_DAYS),
    until,
  });
  const forCustomer = await countReturns(db, companyId, {
    customerId: payment.customerId,
    after: addDays(until, -CUSTOMER_RISK_WINDOW_DAYS),
    until,
  });
  // Each earlier R01/R09 return of this payment was followed by a re-presentment (the one now returned).
  const representments = await countReturns(db, companyId, {
    paymentRowId: payment.rowId,
    actionCategory: 'retry',
    after: addDays(until, -REPRESENTMENT_WINDOW_DAYS),
    until,
  });
  return {
    returnsForMethod60d: forMethod + self,
    returnsForCustomer180d: forCustomer + self,
    representments180d: representments,
  };
}

function historyRow(
  input: AchReturnInput,
  payment: PaymentRow,
  event: ReturnEvent,
  risk: Risk,
  action: ReturnAction,
  at: string,
): ReturnHistoryRow {
  return {
    id: newId(),
    paymentRowId: payment.rowId,
    customerId: payment.customerId,
    paymentMethodId: payment.paymentMethodId,
    dedupeKey: event.dedupeKey,
    eventDate: event.eventDate,
    isReturn: event.isReturn,
    achReturnCode: input.ach_return_code ?? null,
    achReturnReason: input.ach_return_reason ?? null,
    achReturnDate: input.ach_return_date ?? null,
    achCorrectionCode: input.ach_correction_code ?? null,
    achCorrectedAbaNumber: input.ach_corrected_aba_number ?? null,
    achCorrectedAccountNumber: input.ach_corrected_account_number ?? null,
    achCorrectionDate: input.ach_correction_date ?? null,
    debitStatus: input.debit_status ?? null,
    debitDeclineReason: input.debit_decline_reason ?? null,
    overallReturnCode: input.overall_return_code ?? null,
    ...risk,
    actionCategory: action.category,
    retryAllowed: action.retryAllowed,
    accountUnusable: action.accountUnusable,
    authorizationRevoked: action.authorizationRevoked,
    stopPayment: action.stopPayment,
    correctionApplied: action.correctionApplied,
    createdAt: at,
  };
}

/** Applies the action to the payment's bank account (debit cards carry no ACH state). Returns what changed, for the message. */
async function applyToMethod(
  db: Db,
  companyId: string,
  method: PaymentMethodRow | null,
  input: AchReturnInput,
  action: ReturnAction,
  at: string,
): Promise<string[]> {
  if (!method || method.type !== 'bank_account') return [];
  const done: string[] = [];
  if (action.authorizationRevoked) {
    await revokeMethodAuthorization(db, companyId, method.id, at, 'ach_return', input.ach_return_code ?? null);
    done.push(`ACH authorization of payment method ${method.id} revoked`);
  }
  if (action.accountUnusable) {
    // A closed, missing or frozen account must not stay the default way to collect.
    await updatePaymentMethod(
      db,
      companyId,
      method.id,
      { achUnusableCode: input.ach_return_code!, achUnusableAt: at, isDefault: false },
      at,
    );
    done.push(`payment method ${method.id} marked unusable for ACH`);
  }
  if (action.correctionApplied) {
    const corrects = CHANGE_CODES[input.ach_correction_code!].corrects;
    const routingNumber = corrects.includes('routingNumber') ? input.ach_corrected_aba_number : undefined;
    const accountNumber = corrects.includes('accountNumber') ? input.ach_corrected_account_number : undefined;
    await updatePaymentMethod(
      db,
      companyId,
      method.id,
      { routingNumber, accountNumber, last4: accountNumber?.slice(-4) },
      at,
    );
    done.push(`correction applied to payment method ${method.id}`);
  }
  return done;
}
