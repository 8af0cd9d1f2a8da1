import type { ReturnHistoryRow } from '../../domain/ach/returns.js';
import type { PaymentMethodView } from '../../domain/ach/payment-methods.js';
import type { PaymentView } from '../../domain/ach/payments.js';
import { centsToDollars } from '../../domain/ach/money.js';
import type { Level, RateFigure, ReturnRates, rateRise } from '../../domain/ach/return-rates.js';
import type { ReturnOutreach, RowOutcome } from '../../domain/ach/row-runner.js';
import { statusOf } from '../error-response.js';
import type { components } from '../../../generated/api-types.js';

type Schemas = components['schemas'];

/** A payment method; account and routing numbers never leave the service. */
export function presentPaymentMethod({ method: m, history }: PaymentMethodView): Schemas['PaymentMethod'] {
  return {
    id: m.id,
    customerId: m.customerId,
    type: m.type,
    isDefault: m.isDefault,
    last4: m.last4,
    accountType: m.accountType as Schemas['PaymentMethod']['accountType'],
    brand: m.brand,
    achAuthorization: {
      status: m.achAuthStatus,
      authorizedAt: m.achAuthorizedAt,
      revokedAt: m.achAuthStatus === 'revoked' ? m.achRevokedAt : null,
      history: history.map((e) => ({
        event: e.event,
        source: e.source,
        occurredAt: e.occurredAt,
        method: e.captureMethod,
        evidenceRef: e.evidenceRef,
        returnCode: e.returnCode,
      })),
    },
    unusableForAch: m.achUnusableCode === null ? null : { returnCode: m.achUnusableCode, since: m.achUnusableAt! },
    createdAt: m.createdAt,
  };
}

/** Corrected account numbers are shown as their last four digits, like every other account number. */
function maskAccount(value: string | null): string | null {
  return value === null ? null : `****${value.slice(-4)}`;
}

function presentReturn(r: ReturnHistoryRow): Schemas['AchReturnRecord'] {
  return {
    id: r.id,
    ach_return_code: r.achReturnCode,
    ach_return_reason: r.achReturnReason,
    ach_return_date: r.achReturnDate,
    ach_correction_code: r.achCorrectionCode,
    ach_corrected_aba_number: r.achCorrectedAbaNumber,
    ach_corrected_account_number: maskAccount(r.achCorrectedAccountNumber),
    ach_correction_date: r.achCorrectionDate,
    debit_status: r.debitStatus,
    debit_decline_reason: r.debitDeclineReason,
    overall_return_code: r.overallReturnCode,
    risk: {
      returnsForMethodLast60Days: r.returnsForMethod60d,
      returnsForCustomerLast180Days: r.returnsForCustomer180d,
      representmentsLast180Days: r.representments180d,
    },
    action: {
      category: r.actionCategory,
      retryAllowed: r.retryAllowed,
      accountUnusable: r.accountUnusable,
      authorizationRevoked: r.authorizationRevoked,
      stopPayment: r.stopPayment,
      correctionApplied: r.correctionApplied,
    },
    created_at: r.createdAt,
  };
}

export function presentPayment({
  payment: p,
  ach,
  history,
  settlements,
  representment: r,
}: PaymentView): Schemas['Payment'] {
  return {
    customer_id: p.customerId,
    loan_id: p.loanId,
    payment_id: p.paymentId,
    payment_method_id: p.paymentMethodId,
    transaction: {
      status: p.status as Schemas['AchStatus'] | null,
      payment_date: p.paymentDate,
      payment_amount: centsToDollars(p.paymentAmountCents),
      payment_type: p.paymentType,
      system_source: p.systemSource,
      payment_reversed: p.paymentReversed,
      payment_reverse_date: p.paymentReverseDate,
      payment_reverse_reason_code: p.paymentReverseReasonCode,
      payment_reverse_comments: p.paymentReverseComments,
      debit_status: p.debitStatus,
      debit_decline_reason: p.debitDeclineReason,
      overall_return_code: p.overallReturnCode,
    },
    ach_payment: ach && {
      status: ach.status as Schemas['AchStatus'],
      ach_submitted_date: ach.achSubmittedDate,
      ach_settlement_date: ach.achSettlementDate,
      ach_return_date: ach.achReturnDate,
      ach_return_code: ach.achReturnCode,
      updated_at: ach.updatedAt,
    },
    return_history: history.map(presentReturn),
    settlements: settlements.map((s) => ({
      processor_transaction_id: s.processorTransactionId,
      ach_settlement_date: s.settlementDate,
      system_source: s.systemSource,
      created_at: s.createdAt,
    })),
    ...(r
      ? {
          representment: {
            representments_made: r.made,
            representments_remaining: r.remaining,
            window_ends: r.windowEnds,
            over_limit: r.overLimit,
          },
        }
      : {}),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

/** GET /ach/return-rates: every rate of the window, by name. */
export function presentReturnRates(rates: ReturnRates) {
  return {
    window_start: rates.windowStart,
    window_end: rates.windowEnd,
    rates: Object.fromEntries(rates.figures.map((f) => [f.rate, presentRate(f)])),
  };
}

/** `ach_return_rate.raised`'s data: the figures when the level rose (kept with the event), in GET /ach/return-rates' shape. */
export function presentRateRise(e: Awaited<ReturnType<typeof rateRise>>) {
  return {
    name: e.rate,
    previous_level: e.previousLevel,
    window_start: e.windowStart,
    window_end: e.windowEnd,
    ...presentRate({
      numerator: e.numerator,
      denominator: e.denominator,
      thresholdBp: e.thresholdBp,
      level: e.level as Level,
    }),
  };
}

/** The body of a single ACH return: its message, and the outreach it started when there was one. */
export function presentReturnResult(r: { message: string; outreach?: ReturnOutreach }) {
  return { success: true, message: r.message, ...presentOutreach(r.outreach) };
}

/** A batch of returns or confirms: one result per submitted row, at its index (the single operation's message, or its status and message). */
export function presentRowOutcomes(outcomes: RowOutcome[]) {
  const results = outcomes.map((o, index) =>
    o.ok
      ? { index, success: true, message: o.message, ...presentOutreach(o.outreach) }
      : { index, success: false, error: statusOf(o.error), message: o.error.message },
  );
  const applied = outcomes.filter((o) => o.ok).length;
  return { applied, failed: outcomes.length - applied, results };
}

/** The `outreach` extension field of a return's result, only when outreach applied. */
function presentOutreach(o: ReturnOutreach | undefined) {
  if (!o) return {};
  return {
    outreach: {
      status: o.status,
      task_type: o.taskType,
      schedule_id: o.scheduleId,
      scheduled_call_id: o.scheduledCallId,
      scheduled_time: o.scheduledTime,
      scheduled_call_count: o.scheduledCallCount,
      reason: o.reason,
    },
  };
}

/** A return rate as a fraction rounded to 6 decimals; the level was decided on the exact counts. */
export function presentRate(
  f: Pick<RateFigure, 'numerator' | 'denominator' | 'thresholdBp' | 'level'>,
): Schemas['AchReturnRate'] {
  return {
    numerator: f.numerator,
    denominator: f.denominator,
    rate: f.denominator === 0 ? 0 : Math.round((f.numerator / f.denominator) * 1e6) / 1e6,
    threshold: f.thresholdBp / 10_000,
    level: f.level,
  };
}
