import { DateTime } from 'luxon';
import type { Db } from '../../store/shared/db.js';
import {
  getPromise,
  insertPromise,
  insertPromiseReview,
  listPromises,
  listSettleablePromises,
  promisesPastDue,
  setReminderMessage,
  updatePromiseStatus,
  type PromiseRow,
  type PromiseStatus,
} from '../../store/promises/promises.js';
import { customerExists, listLoans } from '../borrowers/borrowers.js';
import { cancelPendingMessage, insertMessages } from '../scheduled-messages/scheduled-messages.js';
import type { CompanyConfig } from '../shared/company-config.js';
import type { CompanyContext } from '../shared/context.js';
import { NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import type { WebhookEventType } from '../webhooks/events.js';
import { publishEvent } from '../webhooks/publish.js';

export * from '../../store/promises/promises.js';

/** How far ahead a promised date may be, in days from the call (issue 42 gives 60 as the example). */
export const DEFAULT_PROMISE_HORIZON_DAYS = 60;
/**
 * Calendar days after the promised date in which a payment still keeps the promise: a payment made
 * on the date may post a day or two later, and a weekend may fall between (company `promises.graceDays`).
 */
export const DEFAULT_PROMISE_GRACE_DAYS = 3;

/** The company's promise settings with their defaults (docs/partners/outcomes.md#promises-to-pay). */
export function promiseSettings(config: CompanyConfig | undefined) {
  const p = config?.promises;
  return {
    horizonDays: p?.horizonDays ?? DEFAULT_PROMISE_HORIZON_DAYS,
    graceDays: p?.graceDays ?? DEFAULT_PROMISE_GRACE_DAYS,
    reminder: p?.reminder ?? null,
  };
}

export interface PromiseCheckInput {
  amount: number | null;
  date: string | null;
  /** The borrower's zone: "today" and the horizon are their calendar's. */
  timezone: string;
  /** What the borrower owes across their loans, when the LMS told us; null when unknown. */
  balance: number | null;
  now: Date;
  horizonDays?: number;
}

export type PromiseCheck = { ok: true; amount: string; date: string } | { ok: false; reason: string };

/**
 * The checks a promise read off a call passes before it becomes one (docs/partners/outcomes.md):
 * a positive amount, not above the balance where known, a real date from today to the horizon in
 * the borrower's calendar. Pure: "now" is a parameter.
 */
export function checkPromise(input: PromiseCheckInput): PromiseCheck {
  const { amount, date } = input;
  if (amount === null || date === null) return { ok: false, reason: 'amount or date missing' };
  if (!(amount > 0)) return { ok: false, reason: `amount ${amount} is not above 0` };
  const cents = Math.round(amount * 100);
  if (input.balance !== null && cents > Math.round(input.balance * 100))
    return { ok: false, reason: `amount ${amount.toFixed(2)} is above the balance ${input.balance.toFixed(2)}` };
  const day = DateTime.fromISO(date, { zone: input.timezone });
  if (!day.isValid || day.toISODate() !== date) return { ok: false, reason: `date ${date} is not a calendar date` };
  const today = DateTime.fromJSDate(input.now, { zone: input.timezone }).startOf('day');
  const horizon = input.horizonDays ?? DEFAULT_PROMISE_HORIZON_DAYS;
  if (day < today) return { ok: false, reason: `date ${date} is in the past` };
  if (day > today.plus({ days: horizon }))
    return { ok: false, reason: `date ${date} is more than ${horizon} days ahead` };
  return { ok: true, amount: (cents / 100).toFixed(2), date };
}

export interface PromiseOfCall {
  companyId: string;
  customerId: string;
  timezone: string;
  callId: string;
  amount: number | null;
  date: string | null;
  now: Date;
  horizonDays?: number;
  /** The company's configuration: horizon, grace and reminder (defaults when absent). */
  config?: CompanyConfig;
  /** The scheduled call the promise was made on (its schedule carries the reminder and the follow-up). */
  scheduledCall?: { id: string; scheduleId: string; taskType: string; purpose: string } | null;
}

/**
 * A call's promise, checked: a valid one becomes an open promise (its loan when the customer has
 * one), an invalid one flags the call for review. Returns the new promise, or null (refused, or the
 * call's promise was already recorded). Inside the caller's transaction.
 */
export async function recordPromiseOfCall(db: Db, p: PromiseOfCall): Promise<PromiseRow | null> {
  const loans = await listLoans(db, p.companyId, p.customerId);
  const balances = loans.map((l) => l.totalBalance);
  // Known only when every loan's balance is: a partial sum would refuse a promise the borrower can keep.
  const balance =
    balances.length > 0 && balances.every((b) => b !== null) ? balances.reduce((s, b) => s + Number(b), 0) : null;
  const settings = promiseSettings(p.config);
  const check = checkPromise({ ...p, horizonDays: p.horizonDays ?? settings.horizonDays, balance });
  const at = p.now.toISOString();
  if (!check.ok) {
    await insertPromiseReview(db, {
      companyId: p.companyId,
      callId: p.callId,
      customerId: p.customerId,
      amount: p.amount === null ? null : String(p.amount),
      promisedDate: p.date,
      reason: check.reason,
      createdAt: at,
    });
    return null;
  }
  const span = promiseWindow(check.date, settings.graceDays, p.timezone, p.now);
  const promise = await insertPromise(db, {
    companyId: p.companyId,
    id: newId(),
    customerId: p.customerId,
    loanId: loans.length === 1 ? loans[0].id : null,
    callId: p.callId,
    amount: check.amount,
    promisedDate: check.date,
    createdAt: at,
    scheduledCallId: p.scheduledCall?.id ?? null,
    ...span,
  });
  if (!promise) return null;
  await publishPromiseEvent(db, promise, 'promise.created', p.now);
  const reminder = settings.reminder;
  if (reminder && p.scheduledCall) {
    const time = reminderTime(check.date, reminder, p.timezone);
    if (time && time > at) {
      const id = newId();
      await insertMessages(
        db,
        p.companyId,
        [
          {
            id,
            customerId: p.customerId,
            scheduleId: p.scheduledCall.scheduleId,
            loanId: promise.loanId,
            taskType: p.scheduledCall.taskType,
            purpose: p.scheduledCall.purpose,
            channel: 'sms',
            step: PROMISE_REMINDER_STEP,
            stepIndex: 0,
            template: reminder.template,
            scheduledTime: time,
            explanation: [
              {
                rule: 'promise-reminder',
                source: 'Company configuration (promises.reminder)',
                effect: 'selected',
                message: `Reminder of promise ${promise.id} (${check.amount} by ${check.date}), ${reminder.daysBefore ?? 1} day(s) before`,
              },
            ],
          },
        ],
        at,
      );
      await setReminderMessage(db, p.companyId, promise.id, id);
      return { ...promise, reminderMessageId: id };
    }
  }
  return promise;
}

/** The step name of a promise's reminder text (a scheduled message of the call's schedule). */
export const PROMISE_REMINDER_STEP = 'promise-reminder';

/**
 * The window payments count in: from the borrower's date of the call to the promised date plus the
 * grace, closing at the start of the next day in the borrower's zone.
 */
export function promiseWindow(promisedDate: string, graceDays: number, timezone: string, now: Date) {
  const due = DateTime.fromISO(promisedDate, { zone: timezone }).plus({ days: graceDays });
  return {
    madeOn: DateTime.fromJSDate(now, { zone: timezone }).toISODate()!,
    dueDate: due.toISODate()!,
    dueAt: due.plus({ days: 1 }).startOf('day').toUTC().toISO()!,
  };
}

/** When the reminder goes: `daysBefore` (default 1) the promised date at `at` (default 10:00), the borrower's time. */
function reminderTime(
  promisedDate: string,
  reminder: { daysBefore?: number; at?: string },
  timezone: string,
): string | null {
  const [hour, minute] = (reminder.at ?? '10:00').split(':').map(Number);
  const day = DateTime.fromISO(promisedDate, { zone: timezone }).minus({ days: reminder.daysBefore ?? 1 });
  const time = day.set({ hour, minute, second: 0, millisecond: 0 });
  return time.isValid ? time.toUTC().toISO() : null;
}

/** A payment as the promises see it: counted (not reversed, returned, failed or cancelled), with an amount and a date. */
export interface PaymentFact {
  /** The payment's own key (our row id), for the allocation's order. */
  id: string;
  loanId: string;
  amountCents: number;
  /** The payment date, a calendar date as the lender reports it. */
  date: string;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const dollars = (c: number) => (c / 100).toFixed(2);

/**
 * Which part of the payments each promise counts (pure): promises in order of their date, each
 * taking what is left of the payments dated inside its window (the day it was made to its due date)
 * on its loan (any of the customer's loans when it has none), oldest payment first, up to its
 * amount. A payment is counted once across promises.
 */
export function allocatePayments(
  promises: ReadonlyArray<Pick<PromiseRow, 'id' | 'loanId' | 'amount' | 'madeOn' | 'dueDate'>>,
  payments: readonly PaymentFact[],
): Map<string, number> {
  const left = new Map(payments.map((p) => [p.id, p.amountCents]));
  const ordered = [...payments].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  const paid = new Map<string, number>();
  for (const promise of promises) {
    let need = cents(promise.amount);
    let got = 0;
    for (const payment of ordered) {
      if (need === 0) break;
      if (promise.loanId !== null && payment.loanId !== promise.loanId) continue;
      if (promise.madeOn && payment.date < promise.madeOn) continue;
      if (promise.dueDate && payment.date > promise.dueDate) continue;
      const take = Math.min(need, left.get(payment.id)!);
      left.set(payment.id, left.get(payment.id)! - take);
      need -= take;
      got += take;
    }
    paid.set(promise.id, got);
  }
  return paid;
}

/**
 * A promise's status from what its payments cover (pure): kept when they cover the amount; while
 * its window is open, open; once closed, partly kept when they cover part of it, else broken. A
 * broken promise stays broken (its follow-up is under way), and a partly kept one only falls to
 * broken (a return of its payment): a payment reported after the window closed does not undo a
 * follow-up. A kept promise whose payment is returned is open again, or broken once the window closed.
 */
export function statusFromPayments(
  current: PromiseStatus,
  amountCents: number,
  paidCents: number,
  windowClosed: boolean,
): PromiseStatus {
  if (current === 'cancelled' || current === 'broken') return current;
  if (current === 'partially_kept') return paidCents > 0 ? 'partially_kept' : 'broken';
  if (paidCents >= amountCents) return 'kept';
  if (!windowClosed) return 'open';
  return paidCents > 0 ? 'partially_kept' : 'broken';
}

const EVENT_OF: Partial<Record<PromiseStatus, WebhookEventType>> = {
  kept: 'promise.kept',
  partially_kept: 'promise.partially_kept',
  broken: 'promise.broken',
  open: 'promise.reopened',
};

async function publishPromiseEvent(db: Db, promise: PromiseRow, type: WebhookEventType, now: Date): Promise<void> {
  // One event per change: a promise kept, re-opened and kept again sends promise.kept twice.
  const key = `${type}:${promise.id}:${now.toISOString()}`;
  await publishEvent(db, promise.companyId, { type, subjectId: promise.id, key }, now);
}

/**
 * Moves a promise to what its payments say, in the caller's transaction: the new status and paid
 * amount, its event, the follow-up when it breaks (or is partly kept) for the first time, and its
 * reminder cancelled once it is kept. Returns the status it ended in.
 */
async function moveTo(db: Db, promise: PromiseRow, status: PromiseStatus, paidCents: number, now: Date) {
  const paidAmount = dollars(paidCents);
  if (status === promise.status && paidAmount === promise.paidAmount) return promise.status;
  const breaks = (status === 'broken' || status === 'partially_kept') && promise.followUpCallId === null;
  const at = now.toISOString();
  const changed = await updatePromiseStatus(
    db,
    promise.companyId,
    promise.id,
    promise.status,
    { status, paidAmount, ...(breaks && !promise.followUpReason ? { followUpDue: true } : {}) },
    at,
  );
  if (!changed || status === promise.status) return promise.status;
  if (status === 'kept' && promise.reminderMessageId)
    await cancelPendingMessage(db, promise.companyId, promise.reminderMessageId, at, `Promise ${promise.id} kept`);
  const event = EVENT_OF[status];
  if (event) await publishPromiseEvent(db, promise, event, now);
  return status;
}

/**
 * The one path by which payments settle promises (PUT /payments, ACH confirms and returns call it
 * with every counted payment of the customer, in their transaction): each promise's paid amount and
 * status follow from allocatePayments and statusFromPayments at `now`.
 */
export async function settlePromisesOfCustomer(
  db: Db,
  companyId: string,
  customerId: string,
  payments: readonly PaymentFact[],
  now: Date,
): Promise<void> {
  const promises = (await listSettleablePromises(db, companyId, customerId)).filter((p) => p.status !== 'broken');
  if (promises.length === 0) return;
  const paid = allocatePayments(promises, payments);
  for (const promise of promises) {
    const closed = promise.dueAt !== null && Date.parse(promise.dueAt) <= now.getTime();
    const got = paid.get(promise.id) ?? 0;
    await moveTo(db, promise, statusFromPayments(promise.status, cents(promise.amount), got, closed), got, now);
  }
}

/**
 * The deadline sweep (run by a job with "now" as a parameter): every open promise whose window
 * closed by `now` is settled on what its payments covered (partly kept or broken, its follow-up
 * due). Each promise commits alone; a promise a payment settled meanwhile is left as it is.
 */
export async function settlePastDuePromises(
  db: Db,
  now: Date,
  options: { batchSize?: number; onBroken?: (trx: Db, promise: PromiseRow) => Promise<unknown> } = {},
): Promise<number> {
  let settled = 0;
  for (const promise of await promisesPastDue(db, now.toISOString(), options.batchSize ?? 500)) {
    await db.transaction(async (trx) => {
      const got = cents(promise.paidAmount);
      const status = statusFromPayments('open', cents(promise.amount), got, true);
      if ((await moveTo(trx, promise, status, got, now)) === 'open') return;
      settled += 1;
      // The follow-up in the same transaction: the event's data (read when first sent) already names it.
      const after = (await getPromise(trx, promise.companyId, promise.id))!;
      if (after.followUpDue && options.onBroken) await options.onBroken(trx, after);
    });
  }
  return settled;
}

/** The customer's promises, newest first (404 for an unknown customer). */
export async function customerPromises(ctx: CompanyContext, customerId: string): Promise<PromiseRow[]> {
  if (!(await customerExists(ctx.db, ctx.companyId, customerId)))
    throw new NotFoundError(`Customer ${customerId} not found`);
  return listPromises(ctx.db, ctx.companyId, customerId);
}

/** One promise of the company (404 for another company's or an unknown id). */
export async function promiseById(ctx: Pick<CompanyContext, 'db' | 'companyId'>, id: string): Promise<PromiseRow> {
  const row = await getPromise(ctx.db, ctx.companyId, id);
  if (!row) throw new NotFoundError(`Promise ${id} not found`);
  return row;
}
