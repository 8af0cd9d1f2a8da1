import { callById, customerCalls } from '../domain/calls/calls.js';
import type { OperationHandler, PathParams, QueryParams } from '../http/handler-types.js';
import { presentCall } from './call-presenters.js';
import { companyContext } from './context.js';
import { nextCursorHeader, pageRequest } from './pages.js';

export const listCustomerCalls: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'listCustomerCalls'>;
  const query = c.request.query as Record<keyof QueryParams<'listCustomerCalls'>, string | undefined>;
  const { calls, nextCursor } = await customerCalls(companyContext(env), customerId, pageRequest(query));
  return {
    status: 200,
    headers: nextCursorHeader(nextCursor),
    body: calls.map((call) => presentCall(env.services.calls.settings, call)),
  };
};

export const getCall: OperationHandler = async (c, env) => {
  const { id } = c.request.params as PathParams<'getCall'>;
  return { status: 200, body: presentCall(env.services.calls.settings, await callById(companyContext(env), id)) };
};
