import type { PaymentLinkRow } from '../../domain/payment-links/payment-links.js';
import type { components } from '../../../generated/api-types.js';

export type PaymentLinkBody = components['schemas']['PaymentLink'];

/** A payment link as `GET /customers/{customerId}/payment-links` lists it and `payment_link.opened` carries it. */
export function presentPaymentLink(l: PaymentLinkRow): PaymentLinkBody {
  return {
    id: l.id,
    customerId: l.customerId,
    loanId: l.loanId,
    amount: l.amount,
    taskType: l.taskType,
    channel: l.channel,
    source: l.source,
    promiseId: l.promiseId,
    scheduledMessageId: l.scheduledMessageId,
    scheduledCallId: l.scheduledCallId,
    createdAt: l.createdAt,
    expiresAt: l.expiresAt,
    firstOpenedAt: l.firstOpenedAt,
    lastOpenedAt: l.lastOpenedAt,
    openCount: l.openCount,
  };
}
