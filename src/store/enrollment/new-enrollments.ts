import type { NewApplication, NewCadence } from '../planning/cadences.js';
import type { CustomerFields } from '../customers/customers.js';
import type { FirstRun } from '../shared/idempotency.js';
import type { NewSchedule, NewScheduledCall } from '../planning/schedules.js';

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

/** One idempotent enrollment of a new customer, as insertEnrollmentOnce receives it. */
export interface EnrollmentRun {
  companyId: string;
  enrollment: NewEnrollment;
  run: FirstRun;
}
