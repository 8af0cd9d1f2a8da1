import { applicationInsertRow, cadenceInsertRow } from '../planning/rows.js';
import { type JsonColumn, toJson } from '../shared/columns.js';
import { customerInsertRow } from '../borrowers/rows.js';
import type { EnrollmentRows, NewEnrollment } from './new-enrollments.js';
import { scheduleInsertRow } from '../planning/rows.js';
import { scheduledCallInsertRow } from '../scheduled-calls/rows.js';

/**
 * THE rows an enrollment of a new customer stores, whichever path writes them. writeEnrollment
 * (enrollments.ts) builds them here once and hands them to the path's statements: the Postgres
 * statement of a turn's first runs (pg-enrollments.ts), the one-statement enrollment and the
 * insert-per-table sequence (enrollments.ts), SQLite's transaction of a turn (sqlite-enrollments.ts).
 * Those keep their own SQL, not their own idea of the row: each table's row comes from its owner's
 * row function (src/store/<owner>/rows.ts), as its single-table insert writes it. `json` writes the JSON columns: as text (`toJson`, bound as parameters) or as
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
