import { DateTime } from 'luxon';
import { nextAllowedTime } from '../../scheduler/index.js';
import type { CustomerRow } from '../borrowers/borrowers.js';
import {
  CALLBACK_STEP,
  insertScheduledCalls,
  listCallsOfSchedule,
  type ScheduledCallRow,
  updatePendingCall,
} from '../scheduled-calls/scheduled-calls.js';
import type { CompanyConfig } from '../shared/company-config.js';
import { newId } from '../shared/ids.js';
import type { Db } from '../../store/shared/db.js';
import { schedulerConfigFor } from '../planning/scheduler-config.js';
import { callingState, explain } from './call-rules.js';

const SEVEN_DAYS_MS = 7 * 86_400_000;

/** What a callback request became: the call and why it is at that time, or why there is none. */
export type CallbackOutcome =
  | { kind: 'scheduled'; scheduledCallId: string; time: string; asked: string; reason: string }
  | { kind: 'none'; reason: string };

/**
 * CALLBACK_REQUEST: the time the borrower asked for (`callbackTime`, their local wall clock in the
 * customer's zone) becomes a pending call of the same schedule, step `callback`, at that time when
 * every rule allows it then, else at the nearest later time they allow, with the rules that moved
 * it as its reason. A time already past is taken as now. Asked within 7 days, it is a requested
 * call: Reg F's call frequencies do not apply to it (12 CFR 1006.14(b)(3)(i)); calling hours,
 * blocked days, state caps, restrictions and consent still do (consent at dial time). A replacement
 * sync or any stop cancels it like every other pending call.
 */
export async function scheduleCallback(
  db: Db,
  config: CompanyConfig,
  customer: CustomerRow,
  call: ScheduledCallRow,
  callbackTime: string | null,
  now: Date,
): Promise<CallbackOutcome> {
  if (!callbackTime) return { kind: 'none', reason: 'the analysis gave no callback time' };
  const zone = customer.timezone ?? 'UTC';
  const local = DateTime.fromISO(callbackTime, { zone });
  if (!local.isValid) return { kind: 'none', reason: `callback time ${callbackTime} is not a time in ${zone}` };
  const asked = local.toUTC();
  const nowUtc = DateTime.fromJSDate(now, { zone: 'utc' });
  const candidate = asked < nowUtc ? nowUtc : asked;
  const id = newId();
  const { contact, history } = await callingState(db, config, customer, { id, phoneNumber: call.phoneNumber }, now);
  const result = nextAllowedTime(
    candidate,
    {
      customer: contact,
      purpose: call.purpose === 'collections' ? 'collections' : 'origination',
      loanId: call.loanId,
      phoneNumber: call.phoneNumber,
      history,
      requested: candidate.toMillis() - now.getTime() <= SEVEN_DAYS_MS,
    },
    schedulerConfigFor(config),
  );
  const askedText = `${callbackTime} ${zone}`;
  if (result.time === null)
    return {
      kind: 'none',
      reason: `no allowed time for the callback asked for ${askedText}: ${explain(result.decisions)}`,
    };
  const moved = result.decisions.some((d) => d.effect === 'moved');
  const reason = moved
    ? `Callback asked for ${askedText}; moved to the nearest allowed time: ${explain(result.decisions)}`
    : `Callback asked for ${askedText}`;
  const siblings = await listCallsOfSchedule(db, call.companyId, call.scheduleId);
  await insertScheduledCalls(
    db,
    call.companyId,
    [
      {
        id,
        customerId: call.customerId,
        scheduleId: call.scheduleId,
        loanId: call.loanId,
        taskType: call.taskType,
        purpose: call.purpose,
        scheduledTime: result.time,
        phoneNumber: call.phoneNumber,
        transferDestination: call.transferDestination,
        step: CALLBACK_STEP,
        stepIndex: Math.max(call.stepIndex, ...siblings.map((c) => c.stepIndex)) + 1,
        fallback: false,
        explanation: [
          {
            rule: 'callback-request',
            source: `CALLBACK_REQUEST on call ${call.id}`,
            effect: 'selected',
            message: reason,
          },
          ...result.decisions,
        ],
      },
    ],
    now.toISOString(),
  );
  await updatePendingCall(db, call.companyId, id, { reason }, now.toISOString());
  return { kind: 'scheduled', scheduledCallId: id, time: result.time, asked: asked.toISO(), reason };
}
