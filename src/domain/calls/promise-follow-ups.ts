import { DateTime } from 'luxon';
import { isFederalHoliday, nextAllowedTime } from '../../scheduler/index.js';
import type { Db } from '../../store/shared/db.js';
import { getCustomer } from '../borrowers/borrowers.js';
import { schedulerConfigFor } from '../planning/scheduler-config.js';
import {
  promisesAwaitingFollowUp,
  recordFollowUp,
  settlePastDuePromises,
  type PromiseRow,
} from '../promises/promises.js';
import {
  getScheduledCall,
  insertScheduledCalls,
  listCallsOfSchedule,
  updatePendingCall,
} from '../scheduled-calls/scheduled-calls.js';
import { findCompany } from '../shared/company-config.js';
import { newId } from '../shared/ids.js';
import { callingState, explain } from './call-rules.js';

/** The step name of the call that follows up a broken promise. */
export const PROMISE_FOLLOW_UP_STEP = 'promise-follow-up';

/** The first business day after `date` (Monday to Friday, not a federal holiday), at its start in `zone`. */
export function businessDayAfter(date: string, zone: string): DateTime {
  let day = DateTime.fromISO(date, { zone }).startOf('day').plus({ days: 1 });
  while (day.weekday > 5 || isFederalHoliday(day.toISODate()!)) day = day.plus({ days: 1 });
  return day;
}

/**
 * Where the follow-up's search starts: the next business day after the promise's window (its due
 * date), or now when that is already past (a return that broke the promise days later).
 */
export function followUpFrom(promise: Pick<PromiseRow, 'dueDate'>, zone: string, now: Date): DateTime {
  const today = DateTime.fromJSDate(now, { zone }).toISODate()!;
  const day = businessDayAfter(promise.dueDate ?? today, zone);
  const nowUtc = DateTime.fromJSDate(now, { zone: 'utc' });
  return day.toUTC() > nowUtc ? day.toUTC() : nowUtc;
}

/**
 * The promise sweep, run by a job every minute with "now" as a parameter: open promises whose window
 * closed are settled (partly kept or broken: src/domain/promises) and followed up in the same
 * transaction (startFollowUp), then every other promise whose follow-up is due gets it. Each
 * promise commits alone. Returns how many promises it settled and how many calls it scheduled.
 */
export async function runPromiseSweep(
  db: Db,
  now: Date,
  batchSize = 500,
): Promise<{ settled: number; followedUp: number }> {
  let followedUp = 0;
  const follow = async (trx: Db, promise: PromiseRow) => {
    if (await startFollowUp(trx, promise, now)) followedUp += 1;
  };
  const settled = await settlePastDuePromises(db, now, { batchSize, onBroken: follow });
  // Broken otherwise (an ACH return after the window) or left by a run that stopped: their follow-up now.
  for (const promise of await promisesAwaitingFollowUp(db, batchSize)) {
    await db.transaction(async (trx) => {
      if (await startFollowUp(trx, promise, now)) followedUp += 1;
    });
  }
  return { settled, followedUp };
}

/**
 * A broken (or partly kept) promise's follow-up: a call on the schedule and number it was made on,
 * from the start of the business day after its window (followUpFrom) at the first time every rule
 * allows (calling hours, caps, quiet period, restrictions, Do Not Call; consent at dial time), with
 * the reason. When the rules allow none, or the call it was made on is gone, the promise records
 * why. Returns whether a call was scheduled.
 */
export async function startFollowUp(db: Db, promise: PromiseRow, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const none = async (reason: string) => {
    await recordFollowUp(db, promise.companyId, promise.id, { callId: null, reason }, at);
    return false;
  };
  const [company, customer, made] = [
    await findCompany(db, promise.companyId),
    await getCustomer(db, promise.companyId, promise.customerId),
    promise.scheduledCallId ? await getScheduledCall(db, promise.companyId, promise.scheduledCallId) : null,
  ];
  if (!company || !customer) return none('the customer no longer exists');
  if (!made) return none('the call the promise was made on is not known');
  const zone = customer.timezone ?? 'UTC';
  const id = newId();
  const { contact, history } = await callingState(
    db,
    company.config,
    customer,
    { id, phoneNumber: made.phoneNumber },
    now,
  );
  const result = nextAllowedTime(
    followUpFrom(promise, zone, now),
    {
      customer: contact,
      purpose: made.purpose === 'collections' ? 'collections' : 'origination',
      loanId: promise.loanId ?? made.loanId,
      phoneNumber: made.phoneNumber,
      history,
    },
    schedulerConfigFor(company.config),
  );
  const broken = `Promise ${promise.id} of ${promise.amount} by ${promise.promisedDate} was ${
    promise.status === 'partially_kept' ? `partly kept (${promise.paidAmount} paid)` : 'broken'
  }`;
  if (result.time === null) return none(`${broken}; no follow-up call: ${explain(result.decisions)}`);
  const moved = result.decisions.some((d) => d.effect === 'moved');
  const reason = `${broken}: follow-up call the next business day${moved ? `, at the first allowed time: ${explain(result.decisions)}` : ''}`;
  // Recorded first: a sweep racing this one finds the follow-up taken and schedules nothing.
  if (!(await recordFollowUp(db, promise.companyId, promise.id, { callId: id, reason }, at))) return false;
  const siblings = await listCallsOfSchedule(db, made.companyId, made.scheduleId);
  await insertScheduledCalls(
    db,
    made.companyId,
    [
      {
        id,
        customerId: made.customerId,
        scheduleId: made.scheduleId,
        loanId: promise.loanId ?? made.loanId,
        taskType: made.taskType,
        purpose: made.purpose,
        scheduledTime: result.time,
        phoneNumber: made.phoneNumber,
        transferDestination: made.transferDestination,
        step: PROMISE_FOLLOW_UP_STEP,
        stepIndex: Math.max(made.stepIndex, ...siblings.map((c) => c.stepIndex)) + 1,
        fallback: false,
        explanation: [
          { rule: 'promise-follow-up', source: `promise ${promise.id}`, effect: 'selected', message: reason },
          ...result.decisions,
        ],
      },
    ],
    at,
  );
  await updatePendingCall(db, made.companyId, id, { reason }, at);
  return true;
}
