import type { CompanyContext } from '../shared/context.js';
import type { Db } from '../../store/shared/db.js';
import {
  type RateEventRow,
  debitEntryReturns,
  getRateEvent,
  getRateLevels,
  insertRateEvent,
  moveRateLevel,
} from '../../store/ach/return-rates.js';
import { NotFoundError } from '../shared/errors.js';
import { newId } from '../shared/ids.js';
import { publishEvents } from '../webhooks/publish.js';
import { addDays, utcDate } from './dates.js';

/**
 * NACHA return-rate levels (Nacha Operating Rules, "ODFI Return Rate Reporting", as set by the 2015
 * ACH Network Risk and Enforcement rule): over the debit entries of the preceding 60 days, the
 * unauthorized return rate threshold is 0.5 %, the administrative return rate level 3 % and the
 * overall return rate level 15 %. Thresholds are basis points so the levels are decided in integers.
 */
export const RETURN_RATES = {
  unauthorized: { codes: ['R05', 'R07', 'R10', 'R11', 'R29', 'R51'], thresholdBp: 50 },
  administrative: { codes: ['R02', 'R03', 'R04'], thresholdBp: 300 },
  overall: { codes: null, thresholdBp: 1500 },
} as const;
export type RateName = keyof typeof RETURN_RATES;
export type Level = 'ok' | 'warning' | 'over';
const LEVELS: Level[] = ['ok', 'warning', 'over'];
const RATE_NAMES = Object.keys(RETURN_RATES) as RateName[];

export const WINDOW_DAYS = 60;
/** A rate at or above this share of its threshold is a warning. */
const WARNING_PERCENT_OF_THRESHOLD = 80;

export interface RateFigure {
  rate: RateName;
  numerator: number;
  denominator: number;
  thresholdBp: number;
  level: Level;
}

export interface ReturnRates {
  windowStart: string;
  windowEnd: string;
  figures: RateFigure[];
}

/** over: above the threshold (NACHA: "exceeds"); warning: at or above 80 % of it. */
export function levelOf(numerator: number, denominator: number, thresholdBp: number): Level {
  if (denominator === 0) return 'ok';
  if (numerator * 10_000 > denominator * thresholdBp) return 'over';
  if (numerator * 10_000 * 100 >= denominator * thresholdBp * WARNING_PERCENT_OF_THRESHOLD) return 'warning';
  return 'ok';
}

/**
 * The figures from the window's entries and their return codes. An entry counts once per rate
 * however many of its returns fall in it (a re-presented entry returned twice is one returned entry
 * here: the service sees the payment, not each re-presented entry).
 */
export function rateFigures(
  entries: number,
  returns: ReadonlyArray<{ paymentRowId: string; code: string }>,
): RateFigure[] {
  return RATE_NAMES.map((rate) => {
    const { codes, thresholdBp } = RETURN_RATES[rate];
    const returned = new Set(
      returns.filter((r) => codes === null || (codes as readonly string[]).includes(r.code)).map((r) => r.paymentRowId),
    );
    return {
      rate,
      numerator: returned.size,
      denominator: entries,
      thresholdBp,
      level: levelOf(returned.size, entries, thresholdBp),
    };
  });
}

async function currentRates(db: Db, companyId: string, now: Date): Promise<ReturnRates> {
  const windowEnd = utcDate(now);
  const windowStart = addDays(windowEnd, -(WINDOW_DAYS - 1));
  const { entries, returns } = await debitEntryReturns(db, companyId, windowStart, windowEnd);
  return { windowStart, windowEnd, figures: rateFigures(entries, returns) };
}

/** GET /ach/return-rates: the company's three rates over the trailing 60 days (today included, UTC). */
export async function readReturnRates(ctx: CompanyContext): Promise<ReturnRates> {
  return currentRates(ctx.db, ctx.companyId, ctx.now);
}

/**
 * After returns are recorded: stores each rate's level and publishes `ach_return_rate.raised` for each
 * one that rose (ok → warning, ok/warning → over), once per rise. A level that falls is stored
 * silently, so the next rise is announced again.
 */
export async function announceRisenRates(db: Db, companyId: string, now: Date): Promise<void> {
  const rates = await currentRates(db, companyId, now);
  const stored = await getRateLevels(db, companyId);
  const at = now.toISOString();
  const events = [];
  for (const f of rates.figures) {
    const before = stored.get(f.rate) ?? null;
    if ((before ?? 'ok') === f.level) continue;
    if (!(await moveRateLevel(db, companyId, f.rate, before, f.level, at))) continue;
    if (LEVELS.indexOf(f.level) < LEVELS.indexOf((before ?? 'ok') as Level)) continue;
    const id = newId();
    await insertRateEvent(db, companyId, {
      id,
      rate: f.rate,
      level: f.level,
      previousLevel: before ?? 'ok',
      numerator: f.numerator,
      denominator: f.denominator,
      windowStart: rates.windowStart,
      windowEnd: rates.windowEnd,
      createdAt: at,
    });
    events.push({ type: 'ach_return_rate.raised' as const, subjectId: id, key: `ach_return_rate.raised:${id}` });
  }
  await publishEvents(db, companyId, events, now);
}

/** The figures of a rise, for its webhook event. */
export async function rateRise(
  ctx: Pick<CompanyContext, 'db' | 'companyId'>,
  id: string,
): Promise<RateEventRow & { thresholdBp: number }> {
  const e = await getRateEvent(ctx.db, ctx.companyId, id);
  if (!e) throw new NotFoundError(`Return-rate event ${id} not found`);
  return { ...e, thresholdBp: RETURN_RATES[e.rate as RateName].thresholdBp };
}
