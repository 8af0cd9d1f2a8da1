import { applicationInsertRow, cadenceInsertRow } from '../planning/cadences.js';
import { type JsonColumn, toJson } from '../shared/columns.js';
import { customerInsertRow } from '../customers/customers.js';
import type { NewEnrollment } from './new-enrollments.js';
import { scheduleInsertRow, scheduledCallInsertRow } from '../planning/schedules.js';

/** The insert rows of an enrollment of a new customer, one per table (column names as keys); calls in the enrollment's order. */
export interface EnrollmentRows {
  customer: Record<string, unknown>;
  application: Record<string, unknown>;
  cadence: Record<string, unknown>;
  schedule: Record<string, unknown>;
  calls: Array<Record<string, unknown>>;
}

/**
 * THE rows an enrollment of a new customer stores, whichever path writes them: the Postgres
 * statement of a turn's first runs (pg-enrollments.ts), the one-statement enrollment and the
 * insert-per-table sequence (enrollments.ts), SQLite's transaction of a turn (sqlite-enrollments.ts),
 * and the claim-first path (through insertEnrollment). Those paths keep their own SQL, not their
 * own idea of the row: each table's row comes from that table's row function, as its single-table
 * insert writes it. `json` writes the JSON columns: as text (`toJson`, bound as parameters) or as
 * values (`jsonValue`, for rows sent inside one JSON document).
 */
export function enrollmentRows(companyId: string, e: NewEnrollment, json: JsonColumn = toJson): EnrollmentRows {
  return {
    customer: customerInsertRow(companyId, e.customerId, e.customer, e.at, json),
    application: applicationInsertRow(companyId, e.application),
    cadence: cadenceInsertRow(companyId, e.cadence),
    schedule: scheduleInsertRow(companyId, e.schedule),
    calls: e.calls.map((c) => scheduledCallInsertRow(companyId, c, e.at, json)),
  };
}
