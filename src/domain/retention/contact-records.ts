/**
 * Reg F keeps records that evidence compliance three years after the last collection activity on the
 * debt (12 CFR 1006.100(a)) and call recordings three years after the call (1006.100(b)): 1096 days,
 * a leap day included. No sweep deletes a row of these tables younger than that, whatever it is
 * configured with (docs/operators/compliance.md#retention); the contact-record deletes also wait for
 * the debt's last activity (store/audit/contact-records.ts, QUIET_DEBT).
 */
export const CONTACT_RECORD_TABLES: readonly string[] = [
  'calls',
  'call_events',
  'scheduled_calls',
  'scheduled_messages',
  'contact_decisions',
  'outside_contact_attempts',
  'call_recordings', // the recording store's files (1006.100(b): three years after the call)
];
export const CONTACT_RECORD_FLOOR_DAYS = 1096;

/**
 * Consent evidence and revocations (the consent ledger, SMS opt-outs, email suppressions, inbound
 * messages and their review, the Reassigned Numbers Database's answers) are kept at least five years: the longest period that applies.
 * - Reg F 12 CFR 1006.100(a): 3 years;
 * - TCPA: a private action may be brought within 4 years (28 U.S.C. 1658(a)), and the consent
 *   (or its revocation) is the defence;
 * - Telemarketing Sales Rule 16 CFR 310.5 as amended (89 FR 26760, 16 April 2024, effective
 *   16 May 2024): records of express informed consent and of Do Not Call requests are kept 5 years
 *   (24 months before the amendment).
 * 5 × 365 days plus two leap days. Measured from when the evidence was recorded, as the sweep sees
 * rows; no sweep deletes these tables today, and this floor refuses one that would.
 */
export const CONSENT_EVIDENCE_TABLES: readonly string[] = [
  'consent_events',
  'sms_opt_outs',
  'email_suppressions',
  'inbound_messages',
  // The Reassigned Numbers Database's answers: a "no" is the 47 CFR 64.1200(m) safe harbor's evidence.
  'reassigned_number_answers',
];
export const CONSENT_EVIDENCE_FLOOR_DAYS = 1827;
const DAY_MS = 86_400_000;

/** The days no sweep may delete rows of `table` within, or 0 when the table has no legal floor. */
export function retentionFloorDays(table: string): number {
  if (CONSENT_EVIDENCE_TABLES.includes(table)) return CONSENT_EVIDENCE_FLOOR_DAYS;
  if (CONTACT_RECORD_TABLES.includes(table)) return CONTACT_RECORD_FLOOR_DAYS;
  return 0;
}

/** A sweep asked to delete contact records younger than the floor: a bug, refused before any delete. */
export class RetentionFloorError extends Error {}

/** The instant before which the sweep may delete from `table`: `before`, unless that would cut into the floor. */
export function sweepCutoff(table: string, before: Date, now: Date): Date {
  const days = retentionFloorDays(table);
  const floor = new Date(now.getTime() - days * DAY_MS);
  if (days > 0 && before > floor) {
    const rule =
      days === CONSENT_EVIDENCE_FLOOR_DAYS ? '16 CFR 310.5; 28 U.S.C. 1658; 12 CFR 1006.100' : '12 CFR 1006.100';
    throw new RetentionFloorError(
      `refusing to delete ${table} rows younger than ${days} days (${rule}): asked for those before ${before.toISOString()}`,
    );
  }
  return before;
}

/** Where contact records stop being kept: `retentionDays` back (never less than the floor), or null when kept indefinitely. */
export function contactRecordCutoff(now: Date, retentionDays: number | undefined): Date | null {
  if (retentionDays === undefined) return null;
  return new Date(now.getTime() - Math.max(retentionDays, CONTACT_RECORD_FLOOR_DAYS) * DAY_MS);
}
