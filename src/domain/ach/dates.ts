/** Calendar-date arithmetic on 'YYYY-MM-DD' strings (UTC, no time of day, no time zone). */

const DAY_MS = 86_400_000;

function toEpochDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** The UTC calendar date of an instant. US dates are never ahead of it, so "not after today" holds for every US lender. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date((toEpochDay(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}
