import type { EnrollmentResponder } from '../enrollment/sync.js';
import { customerRows } from './customer-rows.js';
import { enrollmentRows } from './enrollment-rows.js';
import { CUSTOMER_CREATE, ENROLLMENT, LOAN_UPSERT, loanRows, type RowProcessor } from './row-processors.js';

/**
 * The row processor of each batch job kind. Enrollment rows store the same response a single
 * enrollment does, so they take the HTTP layer's responder (wired in src/main/server.ts).
 */
export function batchRowProcessors(respond: EnrollmentResponder): ReadonlyMap<string, RowProcessor> {
  return new Map([
    [CUSTOMER_CREATE, customerRows],
    [LOAN_UPSERT, loanRows],
    [ENROLLMENT, enrollmentRows(respond)],
  ]);
}
