import { createIntegrationCalls } from '../domain/integrations/integrations.js';
import type { OperationHandler } from '../http/handler-types.js';
import { companyContext } from './context.js';

export const createScheduledCalls: OperationHandler<'createScheduledCalls'> = async (c, env) => ({
  status: 201,
  body: await createIntegrationCalls(
    companyContext(env),
    c.request.params.customerId,
    c.request.requestBody.scheduleType,
  ),
});
