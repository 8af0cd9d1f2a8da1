import { ORIGINATION_TASK_TYPES } from '../domain/shared/company-config.js';
import type { OperationHandler } from '../http/handler-types.js';

/** The catalog of origination task-type names; it says nothing about the company's enablement. */
export const listOriginationTaskTypes: OperationHandler<'listOriginationTaskTypes'> = async () => ({
  status: 200,
  body: { taskTypes: [...ORIGINATION_TASK_TYPES] },
});
