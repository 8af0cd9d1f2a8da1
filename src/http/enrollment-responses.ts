import type { EnrollmentResponder } from '../domain/enrollment/sync.js';
import { deprecationHeaders } from './deprecation-headers.js';
import { errorResult } from './error-response.js';
import { presentEnrollment } from './presenters/enrollment.js';

/**
 * The responses an enrollment stores under its Idempotency-Key. Built in one place for single
 * requests and batch rows (which share the key namespace), so a key replays the same stored
 * response wherever it was first used: a batch row reads a single request's response and vice versa.
 */
export const enrollmentResponses: EnrollmentResponder = {
  enrolled: (r) => ({ status: 200, body: presentEnrollment(r), headers: deprecationHeaders(r.input.deprecated) }),
  conflict: (err) => {
    const { status, body, headers } = errorResult('syncCustomerSchedule', err);
    return { status, body, headers: headers ?? {} };
  },
};
