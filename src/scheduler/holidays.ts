import federalHolidays from '@18f/us-federal-holidays';
import { DAY, dayOfIsoDate } from './zone-clock.js';

/**
 * US federal holidays (5 U.S.C. 6103) as day numbers → description, computed by the maintained
 * library once per year: the observed dates (OPM weekend rule: Saturday → Friday, Sunday →
 * Monday) and, because calling on July 4th itself is no better, the actual dates too.
 */
const holidays = new Map<number, string>();
const loadedYears = new Set<number>();
let loadedFrom = Number.POSITIVE_INFINITY;
let loadedTo = Number.NEGATIVE_INFINITY;

function loadYear(year: number): void {
  if (loadedYears.has(year)) return;
  loadedYears.add(year);
  // The library lists an observed date under the holiday's year, so New Year's Day of year+1
  // can be observed on Dec 31 of `year`: keep every date whatever year it falls in.
  const actual = federalHolidays.allForYear(year, { shiftSaturdayHolidays: false, shiftSundayHolidays: false });
  for (const holiday of actual) {
    const day = dayOfIsoDate(holiday.dateString);
    if (day !== undefined) holidays.set(day, `US federal holiday ${holiday.name}`);
  }
  for (const holiday of federalHolidays.allForYear(year)) {
    const day = dayOfIsoDate(holiday.dateString);
    if (day === undefined) continue;
    const name = holidays.get(day);
    if (name === undefined || !name.endsWith(holiday.name)) {
      holidays.set(day, `observed US federal holiday ${holiday.name}`);
    }
  }
}

function ensureCovered(day: number): void {
  if (day >= loadedFrom && day < loadedTo) return;
  const year = new Date(day * DAY).getUTCFullYear();
  // year+1 is loaded too because its New Year's Day may be observed on Dec 31 of `year`.
  for (let y = year - 1; y <= year + 1; y++) loadYear(y);
  // Remember the last year checked so consecutive look-ups skip the Date work.
  loadedFrom = Date.UTC(year, 0, 1) / DAY;
  loadedTo = Date.UTC(year + 1, 0, 1) / DAY;
}

/** The holiday on a calendar day (days since 1970-01-01), or undefined. */
export function federalHolidayOn(day: number): string | undefined {
  ensureCovered(day);
  return holidays.get(day);
}

export function isFederalHolidayDay(day: number): boolean {
  return federalHolidayOn(day) !== undefined;
}

/** True when "YYYY-MM-DD" is a US federal holiday, observed or actual date. */
export function isFederalHoliday(isoDate: string): boolean {
  const day = dayOfIsoDate(isoDate);
  return day !== undefined && isFederalHolidayDay(day);
}
