import type { NewApplication, NewCadence } from '../planning/rows.js';
import type { CustomerFields } from '../borrowers/rows.js';
import type { FirstRun } from '../shared/idempotency.js';
import type { NewSchedule } from '../planning/rows.js';
import type { NewScheduledCall } from '../scheduled-calls/rows.js';

/** Everything an enrollment of a new customer stores, as the domain built it. */
export interface NewEnrollment {
  customerId: string;
  customer: CustomerFields;
  application: NewApplication;
  cadence: NewCadence;
  schedule: NewSchedule;
  calls: NewScheduledCall[];
  at: string;
}

/** The insert rows of an enrollment of a new customer, one per table (column names as keys); calls in the enrollment's order. */
export interface EnrollmentRows {
  customer: Record<string, unknown>;
  application: Record<string, unknown>;
  cadence: Record<string, unknown>;
  schedule: Record<string, unknown>;
  calls: Array<Record<string, unknown>>;
}

/** One idempotent enrollment of a new customer as writeEnrollment hands it to a turn's first runs: its rows, built once. */
export interface EnrollmentRun {
  companyId: string;
  customerId: string;
  rows: EnrollmentRows;
  run: FirstRun;
}
