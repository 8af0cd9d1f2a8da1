import { callById, customerCalls } from '../domain/outreach/calls.js';
import { recordingLink } from '../domain/outreach/recording-links.js';
import type { OperationHandler, PathParams, QueryParams, RequestEnv, ResponseBody } from '../http/handler-types.js';
import type { CallRow } from '../store/calls.js';
import { companyContext } from './context.js';

type CallBody = ResponseBody<'getCall', 200>;

export const listCustomerCalls: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'listCustomerCalls'>;
  const query = c.request.query as Record<keyof QueryParams<'listCustomerCalls'>, string | undefined>;
  const page = { limit: query.limit === undefined ? undefined : Number(query.limit), offset: query.offset === undefined ? undefined : Number(query.offset) };
  const calls = await customerCalls(companyContext(env), customerId, page);
  return { status: 200, body: calls.map((call) => presentCall(env, call)) };
};

export const getCall: OperationHandler = async (c, env) => {
  const { id } = c.request.params as PathParams<'getCall'>;
  return { status: 200, body: presentCall(env, await callById(companyContext(env), id)) };
};

/** `recordingUrl` is a fresh one-hour signed link each time the call is read, null until a recording is stored. */
function presentCall(env: RequestEnv, call: CallRow): CallBody {
  const { settings } = env.services.calls;
  return {
    id: call.id,
    customerId: call.customerId,
    toPhoneNumber: call.toPhoneNumber,
    transcript: call.transcript,
    recordingUrl: call.recordingKey ? recordingLink(settings.publicBaseUrl, settings.signingSecret, call.id, new Date()) : null,
    timestamp: call.timestamp,
    flags: call.flags,
    summarization: call.summarization,
  };
}
