import type { PromiseRow } from '../../domain/promises/promises.js';
import type { components } from '../../../generated/api-types.js';

export type PromiseBody = components['schemas']['Promise'];

/** A promise to pay as `GET /promises/{promiseId}` and the customer's list carry it. */
export function presentPromise(p: PromiseRow): PromiseBody {
  return {
    id: p.id,
    customerId: p.customerId,
    loanId: p.loanId,
    callId: p.callId,
    amount: p.amount,
    promisedDate: p.promisedDate,
    status: p.status,
    paidAmount: p.paidAmount,
    dueDate: p.dueDate,
    followUpScheduledCallId: p.followUpCallId,
    followUpReason: p.followUpReason,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
