import { DateTime } from 'luxon';
import { nextAllowedTime } from '../../scheduler/index.js';
import { setCadenceStatus } from '../planning/cadences.js';
import {
  cancelPendingCallsOfSchedules,
  listPendingCalls,
  listPendingCallsOfCustomers,
  updatePendingCall,
} from '../scheduled-calls/scheduled-calls.js';
import { insertRestriction } from '../borrowers/borrowers.js';
import { type CustomerRow, updateCustomer } from '../borrowers/borrowers.js';
import type { Db } from '../../store/shared/db.js';
import { isRequestedCall, type ScheduledCallRow } from '../scheduled-calls/scheduled-calls.js';
import type { CallOutcomeValues } from '../../store/calls/calls.js';
import { scheduleCallback } from './callbacks.js';
import type { CompanyConfig } from '../shared/company-config.js';
import { schedulerConfigFor } from '../planning/scheduler-config.js';
import { completeSchedule, getSchedule, stopOutreach } from '../planning/schedules.js';
import { publishEvent, publishEvents } from '../webhooks/publish.js';
import { scheduledCallUpdated } from '../planning/call-status-events.js';
import { type EffectRule, effectsOf } from './call-effects.js';
import { callingState, explain, usableNumbers } from './call-rules.js';
import { recordRevocation } from '../consent/ledger.js';
import { newId } from '../shared/ids.js';
import { recordPromiseOfCall } from '../promises/promises.js';
import { sendPaymentLinkAfterPromise } from '../payment-links/payment-links.js';

export interface EffectScope {
  db: Db;
  config: CompanyConfig;
  customer: CustomerRow;
  /** The completed call (its flags already stored). */
  call: ScheduledCallRow;
  /** The call record's id (GET /calls/{id}): the subject of the events about what was said on it. */
  callId?: string;
  /** What the analysis read off the call (the callback time). */
  values?: CallOutcomeValues | null;
  now: Date;
  /** The customer's pending calls, when the caller read them after the call completed and nothing changed them since (pendingCallsForEffects). */
  pending?: ScheduledCallRow[];
}

const RECHECKS: ReadonlySet<string> = new Set(['number_unusable', 'reg_f_quiet_period']);

/**
 * The pending calls of every customer whose completed call needs them only for the re-check (its
 * rules change no calls before it: no Do Not Call, restriction or finished cadence), in one read
 * for a whole batch. Read them after the calls completed; pass each to applyCallEffects as
 * `pending` only for the customer's first call of the batch (a later one sees the first's changes).
 */
export async function pendingCallsForEffects(
  db: Db,
  calls: ReadonlyArray<{ call: ScheduledCallRow; flags: readonly string[] }>,
): Promise<Map<string, ScheduledCallRow[]>> {
  const needed = calls.filter(({ call, flags }) => {
    const kinds = effectsOf(flags, call.purpose).map((r) => r.effect.kind);
    return kinds.some((k) => RECHECKS.has(k)) && kinds.every((k) => RECHECKS.has(k) || k === 'continue');
  });
  return listPendingCallsOfCustomers(
    db,
    needed.map(({ call }) => ({ companyId: call.companyId, customerId: call.customerId })),
  );
}

/** Applies the effects table (call-effects.ts) for a completed call's flags, inside the caller's transaction. */
export async function applyCallEffects(scope: EffectScope, flags: readonly string[]): Promise<EffectRule[]> {
  const rules = effectsOf(flags, scope.call.purpose);
  const at = scope.now.toISOString();
  const { db, customer, call } = scope;
  let recheck = false;
  for (const rule of rules) {
    const effect = rule.effect;
    switch (effect.kind) {
      case 'do_not_call':
        // The same operation as PUT /customers {doNotCall: true}: the flag, then outreach stops.
        await updateCustomer(db, customer.companyId, customer.id, { doNotCall: true }, at);
        await stopOutreach(
          db,
          customer.companyId,
          customer.id,
          at,
          `Do Not Call: asked for on call ${call.id}`,
          'calls',
        );
        // A revocation by a reasonable means: the number's calls, and its texts unless the company's revocation scope is `channel`.
        await recordRevocation(db, [customer.companyId], {
          address: call.phoneNumber,
          channel: 'call',
          source: 'call',
          at: scope.now,
          customerId: customer.id,
          evidenceRef: `call ${call.id}`,
        });
        break;
      case 'restriction': {
        const id = newId();
        const flag = rule.flags.find((f) => flags.includes(f)) ?? rule.flags[0];
        const loanId = effect.scope === 'loan' ? call.loanId : null;
        await insertRestriction(db, customer.companyId, {
          id,
          customerId: customer.id,
          loanId,
          kind: effect.restriction,
          source: 'call_outcome',
          at,
          reason: `${flag} on call ${scope.callId ?? call.id}`,
          callId: scope.callId ?? null,
        });
        if (effect.event)
          await publishEvent(
            db,
            customer.companyId,
            { type: effect.event, subjectId: id, key: `${effect.event}:${id}` },
            scope.now,
          );
        const why = `Contact restriction ${effect.restriction}${loanId ? ` for loan ${loanId}` : ''}: reported on call ${call.id}`;
        if (effect.stop === 'recheck') recheck = true;
        else await stopOutreach(db, customer.companyId, customer.id, at, why, effect.stop);
        break;
      }
      case 'notify':
        if (scope.callId)
          await publishEvent(
            db,
            customer.companyId,
            { type: effect.event, subjectId: scope.callId, key: `${effect.event}:${scope.callId}` },
            scope.now,
          );
        break;
      case 'finish_cadence':
        await finishCadenceOf(db, call, at);
        break;
      case 'number_unusable':
      case 'reg_f_quiet_period':
        recheck = true;
        break;
      case 'callback':
        await scheduleCallback(db, scope.config, customer, call, scope.values?.callbackTime ?? null, scope.now);
        break;
      case 'skip_voicemail': // read at dial time (call-rules.ts voicemailUnusable)
      case 'continue':
        break;
    }
  }
  // A promise read off the call: checked, then a promise or a review (domain/promises).
  const values = scope.values;
  if (scope.callId && values && (values.promiseAmount !== null || values.promiseDate !== null)) {
    const promise = await recordPromiseOfCall(db, {
      companyId: customer.companyId,
      customerId: customer.id,
      timezone: customer.timezone ?? 'UTC',
      callId: scope.callId,
      amount: values.promiseAmount,
      date: values.promiseDate,
      now: scope.now,
      config: scope.config,
      scheduledCall: call,
    });
    // A payment link for the promised amount, when the company sends one (domain/payment-links).
    if (promise) await sendPaymentLinkAfterPromise(db, scope.config, scope.call, promise, scope.now);
  }
  // Read here unless the caller has them: an earlier rule of this call may have cancelled some.
  if (recheck)
    await recheckPendingCalls(scope, scope.pending ?? (await listPendingCalls(db, customer.companyId, customer.id)));
  return rules;
}

/** The call's schedule is complete and its cadence finished; its remaining pending calls are cancelled. */
async function finishCadenceOf(db: Db, call: ScheduledCallRow, at: string): Promise<void> {
  const schedule = await getSchedule(db, call.companyId, call.scheduleId);
  const cancelled = await cancelPendingCallsOfSchedules(
    db,
    call.companyId,
    [call.scheduleId],
    at,
    `Cadence finished: the applicant was reached on call ${call.id}`,
  );
  await publishEvents(
    db,
    call.companyId,
    cancelled.map((id) => scheduledCallUpdated(id, 'cancelled')),
    new Date(at),
  );
  if (schedule?.status === 'active') await completeSchedule(db, call.companyId, call.scheduleId, at);
  if (schedule?.cadenceId) await setCadenceStatus(db, call.companyId, schedule.cadenceId, 'finished', at);
}

/**
 * After a wrong number or a conversation, every pending call of the customer is checked again: a
 * call on a number now unusable moves to another usable number (or is cancelled when none is left),
 * and a call the rules no longer allow at its time moves to the next allowed time (or is skipped).
 */
async function recheckPendingCalls(scope: EffectScope, pending: ScheduledCallRow[]): Promise<void> {
  const { db, customer, now } = scope;
  const at = now.toISOString();
  const config = schedulerConfigFor(scope.config);
  for (const call of pending) {
    const { contact, history } = await callingState(db, scope.config, customer, call, now);
    const usable = usableNumbers(
      contact,
      history,
      pending.map((p) => p.phoneNumber),
    );
    let phone = call.phoneNumber;
    if (!usable.includes(phone)) {
      const other = usable[0];
      if (!other) {
        await endPendingCall(db, call, 'cancelled', `No usable number left: ${phone} is a wrong number`, now);
        continue;
      }
      phone = other;
    }
    const candidate = DateTime.fromISO(call.scheduledTime > at ? call.scheduledTime : at, { zone: 'utc' });
    const purpose = call.purpose === 'collections' ? 'collections' : 'origination';
    const result = nextAllowedTime(
      candidate,
      {
        customer: contact,
        purpose,
        loanId: call.loanId,
        phoneNumber: phone,
        history,
        requested: isRequestedCall(call, candidate.toISO()!),
      },
      config,
    );
    const why = explain(result.decisions);
    if (result.time === null) {
      await endPendingCall(db, call, 'skipped', `Not allowed after call outcome: ${why}`, now);
      continue;
    }
    const moved = result.time !== call.scheduledTime && new Date(result.time) > new Date(call.scheduledTime);
    if (moved || phone !== call.phoneNumber) {
      const reasons = [
        phone !== call.phoneNumber ? `number changed from ${call.phoneNumber} (wrong number) to ${phone}` : '',
        moved ? `moved: ${why}` : '',
      ];
      await updatePendingCall(
        db,
        customer.companyId,
        call.id,
        {
          scheduledTime: moved ? result.time : undefined,
          phoneNumber: phone !== call.phoneNumber ? phone : undefined,
          reason: reasons.filter(Boolean).join('; '),
        },
        at,
      );
    }
  }
}

/** A pending call the outcome rules out ends, with its `scheduled_call.updated` (in the completion's transaction). */
async function endPendingCall(
  db: Db,
  call: ScheduledCallRow,
  status: 'cancelled' | 'skipped',
  reason: string,
  now: Date,
): Promise<void> {
  if (await updatePendingCall(db, call.companyId, call.id, { status, reason }, now.toISOString()))
    await publishEvent(db, call.companyId, scheduledCallUpdated(call.id, status), now);
}
