import { IANAZone } from 'luxon';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Offsets of one zone over one UTC year: `offsets[i]` (ms) holds from `starts[i]` on. */
interface YearTable {
  readonly from: number;
  readonly to: number;
  readonly starts: number[];
  readonly offsets: number[];
  readonly signature: string;
}

/**
 * Fast UTC <-> wall-clock conversion for one IANA zone.
 *
 * luxon answers offsets through Intl, which costs microseconds per call; the planner needs
 * hundreds of conversions per plan, so each zone-year is read from luxon once (a few DST
 * transitions) and then looked up with plain arithmetic.
 */
export class ZoneClock {
  private readonly zone: IANAZone;
  private readonly years = new Map<number, YearTable>();
  private last: YearTable | undefined;

  constructor(readonly name: string) {
    this.zone = IANAZone.create(name);
  }

  /** UTC offset in ms at the instant `utcMs`. */
  offsetMs(utcMs: number): number {
    let table = this.last;
    if (table === undefined || utcMs < table.from || utcMs >= table.to) {
      table = this.table(new Date(utcMs).getUTCFullYear());
      this.last = table;
    }
    const starts = table.starts;
    let i = starts.length - 1;
    while (i > 0 && starts[i] > utcMs) i--;
    return table.offsets[i];
  }

  /** Wall-clock time as ms since 1970-01-01T00:00 "local" (UTC getters then read local fields). */
  toLocal(utcMs: number): number {
    return utcMs + this.offsetMs(utcMs);
  }

  /**
   * The instant of a wall-clock time. Same disambiguation as luxon: a time inside a DST gap is
   * pushed forward by the gap; an ambiguous time takes the earlier instant.
   */
  toUtc(localMs: number): number {
    const o = this.offsetMs(localMs);
    let guess = localMs - o;
    const o2 = this.offsetMs(guess);
    if (o === o2) return guess;
    guess -= o2 - o;
    const o3 = this.offsetMs(guess);
    if (o2 === o3) return guess;
    return localMs - Math.min(o2, o3);
  }

  /** Identifies zones that behave identically in a year (e.g. America/Detroit = America/New_York). */
  signature(year: number): string {
    return this.table(year).signature;
  }

  private table(year: number): YearTable {
    const cached = this.years.get(year);
    if (cached) return cached;
    const from = Date.UTC(year, 0, 1);
    const to = Date.UTC(year + 1, 0, 1);
    const starts = [from];
    const offsets = [this.luxonOffset(from)];
    let previous = from;
    for (let t = from + DAY; t <= to; t += DAY) {
      const sampleAt = Math.min(t, to - 1);
      const current = offsets[offsets.length - 1];
      const lastSample = previous;
      previous = sampleAt;
      if (this.luxonOffset(sampleAt) === current) continue;
      // Bisect the day down to the millisecond of the transition.
      let lo = lastSample;
      let hi = sampleAt;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (this.luxonOffset(mid) === current) lo = mid;
        else hi = mid;
      }
      starts.push(hi);
      offsets.push(this.luxonOffset(hi));
    }
    const signature = starts.map((s, i) => `${s - from}:${offsets[i]}`).join(',');
    const table: YearTable = { from, to, starts, offsets, signature };
    this.years.set(year, table);
    return table;
  }

  private luxonOffset(utcMs: number): number {
    return this.zone.offset(utcMs) * MINUTE;
  }
}

const clocks = new Map<string, ZoneClock | null>();

/** Cached clock for an IANA zone name; undefined when the name is not a valid zone. */
export function zoneClock(name: string): ZoneClock | undefined {
  let clock = clocks.get(name);
  if (clock === undefined) {
    clock = IANAZone.isValidZone(name) ? new ZoneClock(name) : null;
    clocks.set(name, clock);
  }
  return clock ?? undefined;
}

/** Days since 1970-01-01 of a wall-clock ms value. */
export function dayNumber(localMs: number): number {
  return Math.floor(localMs / DAY);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number; 1970-01-01 was a Thursday. */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Parses "HH:mm" into minutes after midnight; undefined when malformed. */
export function parseClockTime(value: string): number | undefined {
  const m = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(value);
  if (!m) return undefined;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= 24 * 60 ? minutes : undefined;
}

/** "HH:mm" of minutes after midnight. */
export function formatClockTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

// Explanations format thousands of times per second; Date#toISOString was the planner's
// largest cost, so dates are cached per day and clock times precomputed per minute.
const CLOCK_TIMES = Array.from({ length: 24 * 60 }, (_, m) => formatClockTime(m));
const datePrefixes = new Map<number, string>();
const FIRST_FAST_DAY = -719_162; // 0001-01-01
const LAST_FAST_DAY = 2_932_896; // 9999-12-31

/** "YYYY-MM-DD" of a day number. */
export function isoDateOfDay(day: number): string {
  let text = datePrefixes.get(day);
  if (text === undefined) {
    text = new Date(day * DAY).toISOString().slice(0, 10);
    if (datePrefixes.size >= 100_000) datePrefixes.clear();
    datePrefixes.set(day, text);
  }
  return text;
}

/** Human wall-clock description used in explanations, e.g. "Sun 2026-03-08 07:30 America/New_York". */
export function describeLocal(clock: ZoneClock, utcMs: number): string {
  const local = clock.toLocal(utcMs);
  const day = dayNumber(local);
  if (day < FIRST_FAST_DAY || day > LAST_FAST_DAY) return `${new Date(local).toISOString()} ${clock.name}`;
  const minute = Math.floor((local - day * DAY) / MINUTE);
  return `${WEEKDAYS[isoWeekday(day) - 1]} ${isoDateOfDay(day)} ${CLOCK_TIMES[minute]} ${clock.name}`;
}

/** Day number of "YYYY-MM-DD"; undefined when malformed. */
export function dayOfIsoDate(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === value ? ms / DAY : undefined;
}

/** UTC ISO 8601 with milliseconds, identical to Date#toISOString. */
export function isoFromMs(utcMs: number): string {
  const day = Math.floor(utcMs / DAY);
  const msOfDay = utcMs - day * DAY;
  if (msOfDay % MINUTE !== 0 || day < FIRST_FAST_DAY || day > LAST_FAST_DAY) return new Date(utcMs).toISOString();
  return `${isoDateOfDay(day)}T${CLOCK_TIMES[msOfDay / MINUTE]}:00.000Z`;
}
