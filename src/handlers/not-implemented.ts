import { NotImplementedError } from '../domain/shared/errors.js';
import type { OperationHandler } from '../http/handler-types.js';

/**
 * Operations in the contract whose issue has not landed yet. They answer 501 in their family's error
 * shape. This list must be empty when the roadmap is done.
 */
export const NOT_YET_IMPLEMENTED = [] as const;

export function notImplemented(operationId: string): OperationHandler {
  return async () => {
    throw new NotImplementedError(`${operationId} is not available yet`);
  };
}
