import { createIntegrationCalls } from '../domain/integrations/integrations.js';
import type { OperationHandler, PathParams, RequestBody } from '../http/handler-types.js';
import { companyContext } from './context.js';

export const createScheduledCalls: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'createScheduledCalls'>;
  const { scheduleType } = c.request.requestBody as RequestBody<'createScheduledCalls'>;
  return { status: 201, body: await createIntegrationCalls(companyContext(env), customerId, scheduleType) };
};
