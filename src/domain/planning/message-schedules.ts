import { DateTime } from 'luxon';
import { planMessages, type MessageStep } from '../../scheduler/index.js';
import { listActiveRestrictions } from '../borrowers/borrowers.js';
import type { CustomerRow } from '../borrowers/borrowers.js';
import { insertMessages, type MessageChannel } from '../scheduled-messages/scheduled-messages.js';
import { insertSchedule } from '../../store/planning/schedules.js';
import type { Db } from '../../store/shared/db.js';
import type { MessageStepConfig } from '../shared/company-config.js';
import { schedulerConfigFor } from './scheduler-config.js';
import type { ScheduleScope, ScheduleSource } from './schedules.js';
import { newId } from '../shared/ids.js';

const CHANNELS: MessageChannel[] = ['email', 'sms'];

/**
 * Creates the email and SMS schedules of a task type's workflow for the customer: one schedule per
 * channel with steps, each message placed by the pure scheduler inside the customer's allowed hours
 * and days. A channel the customer cannot be reached on (no email address or phone number), or
 * whose steps have no allowed time, gets no schedule. Returns the number of schedules created.
 */
export async function storeMessageSchedules(
  scope: ScheduleScope,
  customer: CustomerRow,
  request: { taskType: string; loanId: string | null },
  source: ScheduleSource,
): Promise<number> {
  const taskType = scope.config.taskTypes.find((t) => t.name === request.taskType);
  const steps = taskType?.messages ?? [];
  if (!taskType || steps.length === 0 || !customer.timezone) return 0;
  const restrictions = await listActiveRestrictions(scope.db, scope.companyId, customer.id);
  const contact = {
    timezone: customer.timezone,
    state: customer.state,
    phoneNumber: customer.phoneNumber,
    externalMetadata: customer.externalMetadata,
    restrictions: restrictions.map((r) => ({ kind: r.kind, loanId: r.loanId, since: r.createdAt })),
  };
  const at = scope.now.toISOString();
  let created = 0;
  for (const channel of CHANNELS) {
    const own = steps.map((step, index) => ({ step, index })).filter((s) => s.step.channel === channel);
    if (own.length === 0 || !reachable(customer, channel)) continue;
    const planned = planMessages(
      own.map((s) => asStep(s.step)),
      { customer: contact, purpose: taskType.purpose, loanId: request.loanId },
      schedulerConfigFor(scope.config),
      DateTime.fromJSDate(scope.now, { zone: 'utc' }),
    );
    const placed = planned.flatMap((p, i) =>
      p.scheduledTime === null ? [] : [{ ...p, scheduledTime: p.scheduledTime, config: own[i] }],
    );
    if (placed.length === 0) continue;
    const scheduleId = newId();
    await insertSchedule(scope.db, scope.companyId, {
      id: scheduleId,
      customerId: customer.id,
      cadenceId: null,
      source,
      channel,
      taskType: request.taskType,
      cadence: `${request.taskType}-${channel}`.slice(0, 120),
      loanId: request.loanId,
      at,
    });
    await insertMessages(
      scope.db,
      scope.companyId,
      placed.map((p) => ({
        id: newId(),
        customerId: customer.id,
        scheduleId,
        loanId: request.loanId,
        taskType: request.taskType,
        purpose: taskType.purpose,
        channel,
        step: p.step,
        stepIndex: p.config.index,
        template: p.config.step.template,
        scheduledTime: p.scheduledTime,
        explanation: p.decisions,
      })),
      at,
    );
    created++;
  }
  return created;
}

function reachable(customer: CustomerRow, channel: MessageChannel): boolean {
  return channel === 'email' ? Boolean(customer.email) : Boolean(customer.phoneNumber);
}

function asStep(step: MessageStepConfig): MessageStep {
  return { id: step.id, day: step.day, at: step.at, offsetMinutes: step.offsetMinutes };
}

/** One message sent outside a cadence (a payment link after a promise): what it is and when it is due. */
export interface SingleMessage {
  customerId: string;
  loanId: string | null;
  taskType: string;
  purpose: 'origination' | 'collections';
  channel: MessageChannel;
  /** The step's name, shown with the message (`payment-link`). */
  step: string;
  template: string;
  /** Due at once: the dispatcher's send-time checks (hours, caps, consent) move or refuse it. */
  at: Date;
  source: 'payment_link';
}

/**
 * A schedule of one message, due at `at`, in the caller's transaction; returns the message's id.
 * Like every message it is sent by the dispatcher under every send-time rule (calling hours, the
 * channel's caps, consent, opt-outs), so it may go later than `at` or not at all.
 */
export async function scheduleSingleMessage(db: Db, companyId: string, m: SingleMessage): Promise<string> {
  const at = m.at.toISOString();
  const scheduleId = newId();
  const id = newId();
  await insertSchedule(db, companyId, {
    id: scheduleId,
    customerId: m.customerId,
    cadenceId: null,
    source: m.source,
    channel: m.channel,
    taskType: m.taskType,
    cadence: `${m.step}-${m.channel}`.slice(0, 120),
    loanId: m.loanId,
    at,
  });
  await insertMessages(
    db,
    companyId,
    [
      {
        id,
        customerId: m.customerId,
        scheduleId,
        loanId: m.loanId,
        taskType: m.taskType,
        purpose: m.purpose,
        channel: m.channel,
        step: m.step,
        stepIndex: 0,
        template: m.template,
        scheduledTime: at,
        explanation: null,
      },
    ],
    at,
  );
  return id;
}
