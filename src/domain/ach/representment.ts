import type { ReturnHistoryRow } from '../../store/ach/ach-returns.js';
import { addDays } from './dates.js';
import { MAX_REPRESENTMENTS, REPRESENTMENT_WINDOW_DAYS, RETURN_CODES } from './nacha-codes.js';

/** What NACHA still allows for a payment returned R01/R09, as the payment read shows it. */
export interface RepresentmentStatus {
  /** Re-presentments already made: every R01/R09 return after the first is the return of one. */
  made: number;
  remaining: number;
  /** Last day a re-presentment may settle: 180 days after the original entry. Null when its date is unknown. */
  windowEnds: string | null;
  /** More re-presentments were returned than the rule allows. */
  overLimit: boolean;
}

/**
 * Nacha Operating Rules, Reinitiation of Returned Entries: an entry returned
 * R01 or R09 may be reinitiated at most two times after the return of the original entry, within 180
 * days of the original entry's settlement date. The payment date is used first (else the settlement
 * date), as for the return's own `retryAllowed`: it falls on or before the settlement date, so the
 * window shown never outlasts the rule's. Null for a payment without an R01/R09 return.
 */
export function representmentStatus(
  history: readonly ReturnHistoryRow[],
  originalDate: string | null,
  today: string,
): RepresentmentStatus | null {
  const retries = history.filter(
    (h) => h.achReturnCode !== null && RETURN_CODES[h.achReturnCode]?.category === 'retry',
  ).length;
  if (retries === 0) return null;
  const made = retries - 1;
  const windowEnds = originalDate === null ? null : addDays(originalDate, REPRESENTMENT_WINDOW_DAYS);
  const windowOpen = windowEnds === null || today <= windowEnds;
  return {
    made,
    remaining: windowOpen ? Math.max(0, MAX_REPRESENTMENTS - made) : 0,
    windowEnds,
    overLimit: made > MAX_REPRESENTMENTS,
  };
}
