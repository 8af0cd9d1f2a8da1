import { callById, customerCalls } from '../domain/calls/calls.js';
import type { OperationHandler, PathParams, QueryParams } from '../http/handler-types.js';
import { presentCall } from './call-presenters.js';
import { companyContext } from './context.js';

export const listCustomerCalls: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'listCustomerCalls'>;
  const query = c.request.query as Record<keyof QueryParams<'listCustomerCalls'>, string | undefined>;
  const page = { limit: query.limit === undefined ? undefined : Number(query.limit), offset: query.offset === undefined ? undefined : Number(query.offset) };
  const calls = await customerCalls(companyContext(env), customerId, page);
  return { status: 200, body: calls.map((call) => presentCall(env.services.calls.settings, call)) };
};

export const getCall: OperationHandler = async (c, env) => {
  const { id } = c.request.params as PathParams<'getCall'>;
  return { status: 200, body: presentCall(env.services.calls.settings, await callById(companyContext(env), id)) };
};
