import type { EnrollmentResult } from '../domain/enrollment/enroll.js';
import type { EnrollmentResponder } from '../domain/enrollment/sync.js';
import { deprecationHeaders } from './deprecation-headers.js';
import { errorResult } from './error-response.js';
import type { ResponseBody } from './handler-types.js';

type EnrollmentBody = Extract<ResponseBody<'syncCustomerSchedule', 200>, { origination?: unknown }>;

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

/** Customer fields from the normalized request (doNotCall always false) plus the receipt and counters. */
function presentEnrollment({ input, receipt }: EnrollmentResult): EnrollmentBody {
  const scheduled = receipt.status === 'scheduled';
  return {
    id: input.customerId,
    firstName: input.firstName,
    lastName: input.lastName,
    birthday: input.birthday,
    ssnLastFour: input.ssnLastFour,
    phoneNumber: input.phoneNumber,
    timezone: input.timezone,
    taskType: input.taskType,
    doNotCall: false,
    isTest: input.isTest,
    origination: receipt,
    scheduleCreated: scheduled,
    tasksCreated: scheduled ? receipt.scheduledCallCount : 0,
    existingTasksRemoved: 0,
  };
}
