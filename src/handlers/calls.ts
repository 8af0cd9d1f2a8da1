import { callById, customerCalls } from '../domain/calls/calls.js';
import type { OperationHandler } from '../http/handler-types.js';
import { presentCall } from '../http/presenters/calls.js';
import { companyContext } from './context.js';
import { nextCursorHeader, pageRequest } from './pages.js';

export const listCustomerCalls: OperationHandler<'listCustomerCalls'> = async (c, env) => {
  const { calls, nextCursor } = await customerCalls(
    companyContext(env),
    c.request.params.customerId,
    pageRequest(c.request.query),
  );
  return {
    status: 200,
    headers: nextCursorHeader(nextCursor),
    body: calls.map((call) => presentCall(env.services.calls.settings, call)),
  };
};

export const getCall: OperationHandler<'getCall'> = async (c, env) => ({
  status: 200,
  body: presentCall(env.services.calls.settings, await callById(companyContext(env), c.request.params.id)),
});
