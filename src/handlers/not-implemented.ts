import { NotImplementedError } from '../domain/errors.js';
import type { OperationHandler } from '../http/handler-types.js';

/**
 * Operations in the contract whose issue has not landed yet. They answer 501 in their family's error
 * shape. This list must be empty when the roadmap is done.
 */
export const NOT_YET_IMPLEMENTED = [
  // Durable jobs (issue 3)
  'createCustomerBatch', 'getCustomerBatch', 'createLoan', 'createLoanBatch', 'getLoanBatch',
  // Scheduler and enrollment (issue 4)
  'syncCustomerSchedule', 'listCustomerScheduledCalls', 'getScheduledCall', 'listOriginationTaskTypes',
  // ACH (issue 5)
  'updateAchAuthorization', 'createAchReturn', 'createPaymentMethod', 'listPaymentMethods', 'createAchAuthorization', 'upsertPayment', 'getPayment',
  // Call, email and legacy scheduled-call records: no issue yet
  'listCustomerCalls', 'getCall', 'listCustomerEmails', 'createScheduledCalls',
] as const;

export function notImplemented(operationId: string): OperationHandler {
  return async () => {
    throw new NotImplementedError(`${operationId} is not available yet`);
  };
}
