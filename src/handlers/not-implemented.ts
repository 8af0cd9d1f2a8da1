import { NotImplementedError } from '../domain/shared/errors.js';
import type { OperationHandler, OperationId } from '../http/handler-types.js';

/**
 * Operations in the contract whose issue has not landed yet: each is listed here and registered in
 * src/handlers/index.ts as `notImplemented(id)`, answering 501 in its family's error shape. This
 * list must be empty when the roadmap is done.
 */
export const NOT_YET_IMPLEMENTED: readonly OperationId[] = [];

export function notImplemented<Op extends OperationId>(operationId: Op): OperationHandler<Op> {
  return async () => {
    throw new NotImplementedError(`${operationId} is not available yet`);
  };
}
