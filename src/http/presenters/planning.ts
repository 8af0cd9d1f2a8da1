import { endReason, holdReason, languageReason, timingReasons } from '../../domain/planning/call-reasons.js';
import type { ScheduledCallRow } from '../../domain/planning/scheduled-calls.js';
import type { ResponseBody } from '../handler-types.js';

type ScheduledCallBody = ResponseBody<'getScheduledCall', 200>;

/**
 * A scheduled call (GET /scheduled-calls/{id}, the customer's list, `scheduled_call.updated`).
 * `callId` appears once the call has been executed; the extensions `timingReasons`, `endReason` and `hold` when there are any.
 */
export function presentScheduledCall(call: ScheduledCallRow): ScheduledCallBody {
  const moved = timingReasons(call);
  const ended = endReason(call);
  const language = languageReason(call);
  const held = holdReason(call);
  return {
    id: call.id,
    customerId: call.customerId,
    scheduledTime: call.scheduledTime,
    status: call.status,
    ...(call.callId ? { callId: call.callId } : {}),
    postProcessingFlags: call.postProcessingFlags,
    ...(moved.length > 0 ? { timingReasons: moved } : {}),
    ...(ended ? { endReason: ended } : {}),
    ...(language ? { languageReason: language } : {}),
    ...(held ? { hold: held } : {}),
  };
}
