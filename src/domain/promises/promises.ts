import { DateTime } from 'luxon';
import type { Db } from '../../store/shared/db.js';
import {
  getPromise,
  insertPromise,
  insertPromiseReview,
  listPromises,
  type PromiseRow,
} from '../../store/promises/promises.js';
import { customerExists, listLoans } from '../borrowers/borrowers.js';
import type { CompanyContext } from '../shared/context.js';
import { NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';

export * from '../../store/promises/promises.js';

/** How far ahead a promised date may be, in days from the call (issue 42 gives 60 as the example). */
export const DEFAULT_PROMISE_HORIZON_DAYS = 60;

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
  const check = checkPromise({ ...p, balance });
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
  return insertPromise(db, {
    companyId: p.companyId,
    id: newId(),
    customerId: p.customerId,
    loanId: loans.length === 1 ? loans[0].id : null,
    callId: p.callId,
    amount: check.amount,
    promisedDate: check.date,
    createdAt: at,
  });
}

/** The customer's promises, newest first (404 for an unknown customer). */
export async function customerPromises(ctx: CompanyContext, customerId: string): Promise<PromiseRow[]> {
  if (!(await customerExists(ctx.db, ctx.companyId, customerId)))
    throw new NotFoundError(`Customer ${customerId} not found`);
  return listPromises(ctx.db, ctx.companyId, customerId);
}

/** One promise of the company (404 for another company's or an unknown id). */
export async function promiseById(ctx: CompanyContext, id: string): Promise<PromiseRow> {
  const row = await getPromise(ctx.db, ctx.companyId, id);
  if (!row) throw new NotFoundError(`Promise ${id} not found`);
  return row;
}
