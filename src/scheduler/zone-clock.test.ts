import fc from 'fast-check';
import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE, describeLocal, isoWeekday, parseClockTime, isoFromMs, zoneClock } from './zone-clock.js';

const ny = zoneClock('America/New_York')!;
const phoenix = zoneClock('America/Phoenix')!;
const utc = (iso: string): number => Date.parse(iso);

describe('ZoneClock', () => {
  it('follows New York DST transitions of 2026 to the millisecond', () => {
    // Spring forward 2026-03-08 02:00 EST = 07:00Z; fall back 2026-11-01 02:00 EDT = 06:00Z.
    expect(ny.offsetMs(utc('2026-03-08T06:59:59.999Z'))).toBe(-5 * HOUR);
    expect(ny.offsetMs(utc('2026-03-08T07:00:00.000Z'))).toBe(-4 * HOUR);
    expect(ny.offsetMs(utc('2026-11-01T05:59:59.999Z'))).toBe(-4 * HOUR);
    expect(ny.offsetMs(utc('2026-11-01T06:00:00.000Z'))).toBe(-5 * HOUR);
  });

  it('keeps Phoenix at UTC-7 all year', () => {
    expect(phoenix.offsetMs(utc('2026-01-15T12:00:00Z'))).toBe(-7 * HOUR);
    expect(phoenix.offsetMs(utc('2026-07-15T12:00:00Z'))).toBe(-7 * HOUR);
  });

  it('converts wall time back to UTC, pushing DST-gap times forward like luxon', () => {
    const local = (iso: string) => Date.parse(`${iso}Z`);
    expect(isoFromMs(ny.toUtc(local('2026-03-08T08:00:00')))).toBe('2026-03-08T12:00:00.000Z');
    expect(isoFromMs(ny.toUtc(local('2026-03-08T02:30:00')))).toBe('2026-03-08T07:30:00.000Z'); // = 03:30 EDT
    expect(isoFromMs(ny.toUtc(local('2026-11-01T01:30:00')))).toBe('2026-11-01T05:30:00.000Z'); // earlier of the two
    expect(isoFromMs(ny.toUtc(local('2026-11-01T08:00:00')))).toBe('2026-11-01T13:00:00.000Z');
  });

  it('agrees with luxon for any instant and zone', () => {
    const zones = [
      'America/New_York',
      'America/Chicago',
      'America/Phoenix',
      'America/Adak',
      'Pacific/Honolulu',
      'Europe/London',
      'Australia/Lord_Howe',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        (zone, ms) => {
          expect(zoneClock(zone)!.offsetMs(ms)).toBe(IANAZone.create(zone).offset(ms) * MINUTE);
          const wall = DateTime.fromMillis(ms, { zone });
          const localMs = Date.UTC(
            wall.year,
            wall.month - 1,
            wall.day,
            wall.hour,
            wall.minute,
            wall.second,
            wall.millisecond,
          );
          expect(zoneClock(zone)!.toLocal(ms)).toBe(localMs);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('rejects unknown zones', () => {
    expect(zoneClock('America/Atlantis')).toBeUndefined();
  });

  it('formats like Date#toISOString and describes local time', () => {
    expect(isoFromMs(utc('2026-07-03T12:34:00Z'))).toBe('2026-07-03T12:34:00.000Z');
    expect(isoFromMs(utc('2026-07-03T12:34:56.789Z'))).toBe('2026-07-03T12:34:56.789Z');
    expect(describeLocal(ny, utc('2026-03-08T12:30:00Z'))).toBe('Sun 2026-03-08 08:30 America/New_York');
    expect(isoWeekday(0)).toBe(4); // 1970-01-01 was a Thursday
    expect(parseClockTime('08:00')).toBe(480);
    expect(parseClockTime('8:00')).toBeUndefined();
    expect(parseClockTime('25:00')).toBeUndefined();
  });
});
