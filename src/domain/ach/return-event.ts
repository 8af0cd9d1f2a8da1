import type { AchPaymentFields, PaymentFields } from '../../store/ach/payments.js';
import type { AchReturnInput, AchStatus } from './return-submission.js';

/** The history-worthy event a submission reports, if any. */
export interface ReturnEvent {
  kind: 'return' | 'correction' | 'debit_decline' | 'other';
  /**
   * Identity within the payment: a return is (code, return date); a notification of change is
   * (code, correction date); a debit decline is (debit status, decline reason); a bare combined code
   * is that code. Resubmitting the same event matches the stored key and adds no record.
   */
  dedupeKey: string;
  /** Anchors the risk windows: the return or correction date, else the day it was received. */
  eventDate: string;
  /** Counted in the risk windows: ACH returns and debit declines, not corrections. */
  isReturn: boolean;
  label: string;
}

export function describeEvent(input: AchReturnInput, today: string): ReturnEvent | null {
  if (input.ach_return_code) {
    const date = input.ach_return_date!;
    return {
      kind: 'return',
      dedupeKey: `return:${input.ach_return_code}:${date}`,
      eventDate: date,
      isReturn: true,
      label: `ACH return ${input.ach_return_code}`,
    };
  }
  if (input.ach_correction_code) {
    const date = input.ach_correction_date!;
    return {
      kind: 'correction',
      dedupeKey: `noc:${input.ach_correction_code}:${date}`,
      eventDate: date,
      isReturn: false,
      label: `Notification of change ${input.ach_correction_code}`,
    };
  }
  if (input.debit_decline_reason !== undefined) {
    const key = `debit:${input.debit_status ?? ''}:${input.debit_decline_reason}`;
    return { kind: 'debit_decline', dedupeKey: key, eventDate: today, isReturn: true, label: 'Debit card decline' };
  }
  if (input.overall_return_code !== undefined) {
    return {
      kind: 'other',
      dedupeKey: `overall:${input.overall_return_code}`,
      eventDate: today,
      isReturn: false,
      label: `Return ${input.overall_return_code}`,
    };
  }
  return null;
}

/**
 * The ACH record's status, mapped from `ach_status`: the same value, except that a reported return
 * code always means RETURNED (the contract's rule for the transaction, kept consistent here).
 */
export function mappedAchStatus(
  achStatus: AchStatus | undefined,
  returnCode: string | undefined,
): AchStatus | undefined {
  return returnCode ? 'RETURNED' : achStatus;
}

/**
 * The transaction's changes: reversal data and debit/combined codes as sent, RETURNED when a return
 * code exists. A return reverses the debit, so an unsent reversal flag, date and reason default to
 * the return's.
 */
export function transactionChanges(input: AchReturnInput, amountCents: number | undefined): Partial<PaymentFields> {
  const code = input.ach_return_code;
  return {
    status: mappedAchStatus(input.ach_status, code),
    paymentDate: input.payment_date,
    paymentAmountCents: amountCents,
    paymentType: input.payment_type,
    systemSource: input.system_source,
    paymentReversed: input.payment_reversed ?? (code ? true : undefined),
    paymentReverseDate: input.payment_reverse_date ?? (code ? input.ach_return_date : undefined),
    paymentReverseReasonCode: input.payment_reverse_reason_code ?? code,
    paymentReverseComments: input.payment_reverse_comments,
    debitStatus: input.debit_status,
    debitDeclineReason: input.debit_decline_reason,
    overallReturnCode: input.overall_return_code,
  };
}

/** The existing ACH record's changes: the ACH dates sent and the mapped status. */
export function achRecordChanges(input: AchReturnInput): Partial<AchPaymentFields> {
  return {
    status: mappedAchStatus(input.ach_status, input.ach_return_code),
    achSubmittedDate: input.ach_submitted_date,
    achSettlementDate: input.ach_settlement_date,
    achReturnDate: input.ach_return_date,
    achReturnCode: input.ach_return_code,
  };
}
