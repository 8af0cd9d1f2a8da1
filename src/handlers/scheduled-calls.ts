import { customerScheduledCalls, scheduledCall } from '../domain/planning/scheduled-calls.js';
import type { OperationHandler, PathParams, QueryParams, ResponseBody } from '../http/handler-types.js';
import type { ScheduledCallRow } from '../domain/planning/scheduled-calls.js';
import { endReason, timingReasons } from '../domain/planning/call-reasons.js';
import { companyContext } from './context.js';
import { nextCursorHeader, pageRequest } from './pages.js';

type ScheduledCallBody = ResponseBody<'getScheduledCall', 200>;

export const listCustomerScheduledCalls: OperationHandler = async (c, env) => {
  const { customerId } = c.request.params as PathParams<'listCustomerScheduledCalls'>;
  const query = c.request.query as Record<keyof QueryParams<'listCustomerScheduledCalls'>, string | undefined>;
  const { calls, nextCursor } = await customerScheduledCalls(companyContext(env), customerId, pageRequest(query));
  return { status: 200, headers: nextCursorHeader(nextCursor), body: calls.map(presentScheduledCall) };
};

export const getScheduledCall: OperationHandler = async (c, env) => {
  const { id } = c.request.params as PathParams<'getScheduledCall'>;
  return { status: 200, body: presentScheduledCall(await scheduledCall(companyContext(env), id)) };
};

/** `callId` appears once the call has been executed; the extensions `timingReasons` and `endReason` when there are any. */
export function presentScheduledCall(call: ScheduledCallRow): ScheduledCallBody {
  const moved = timingReasons(call);
  const ended = endReason(call);
  return {
    id: call.id,
    customerId: call.customerId,
    scheduledTime: call.scheduledTime,
    status: call.status,
    ...(call.callId ? { callId: call.callId } : {}),
    postProcessingFlags: call.postProcessingFlags,
    ...(moved.length > 0 ? { timingReasons: moved } : {}),
    ...(ended ? { endReason: ended } : {}),
  };
}
