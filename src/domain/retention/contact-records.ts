/**
 * Reg F keeps records that evidence compliance three years (12 CFR 1006.100(a)) and call recordings
 * three years after the call (1006.100(b)): 1096 days, a leap day included. No sweep deletes a row
 * of these tables younger than that, whatever it is configured with (docs/operators/compliance.md#retention).
 * `consent_events` is listed before it exists so the floor covers the consent ledger when it lands.
 */
export const CONTACT_RECORD_TABLES: readonly string[] = [
  'calls',
  'call_events',
  'scheduled_calls',
  'scheduled_messages',
  'contact_decisions',
  'consent_events',
];
export const CONTACT_RECORD_FLOOR_DAYS = 1096;
const DAY_MS = 86_400_000;

/** A sweep asked to delete contact records younger than the floor: a bug, refused before any delete. */
export class RetentionFloorError extends Error {}

/** The instant before which the sweep may delete from `table`: `before`, unless that would cut into the floor. */
export function sweepCutoff(table: string, before: Date, now: Date): Date {
  const floor = new Date(now.getTime() - CONTACT_RECORD_FLOOR_DAYS * DAY_MS);
  if (CONTACT_RECORD_TABLES.includes(table) && before > floor) {
    throw new RetentionFloorError(
      `refusing to delete ${table} rows younger than ${CONTACT_RECORD_FLOOR_DAYS} days (12 CFR 1006.100): asked for those before ${before.toISOString()}`,
    );
  }
  return before;
}

/** Where contact records stop being kept: `retentionDays` back (never less than the floor), or null when kept indefinitely. */
export function contactRecordCutoff(now: Date, retentionDays: number | undefined): Date | null {
  if (retentionDays === undefined) return null;
  return new Date(now.getTime() - Math.max(retentionDays, CONTACT_RECORD_FLOOR_DAYS) * DAY_MS);
}
