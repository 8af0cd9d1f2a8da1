import { customerScheduledCalls, scheduledCall } from '../domain/planning/scheduled-calls.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentScheduledCall } from '../http/presenters/planning.js';
import { companyContext } from './context.js';
import { nextCursorHeader, pageRequest } from './pages.js';

export const listCustomerScheduledCalls: OperationHandler<'listCustomerScheduledCalls'> = async (c, env) => {
  const { calls, nextCursor } = await customerScheduledCalls(
    companyContext(env),
    c.request.params.customerId,
    pageRequest(c.request.query),
  );
  return { status: 200, headers: nextCursorHeader(nextCursor), body: calls.map(presentScheduledCall) };
};

export const getScheduledCall: OperationHandler<'getScheduledCall'> = async (c, env) => ({
  status: 200,
  body: presentScheduledCall(await scheduledCall(companyContext(env), c.request.params.id)),
});
