import type { EnrollmentResult } from '../../domain/enrollment/enroll.js';
import type { CustomerRow } from '../../domain/customers/records.js';
import type { ResponseBody } from '../handler-types.js';
import { presentCustomer } from './customers.js';

type EnrollmentBody = Extract<ResponseBody<'syncCustomerSchedule', 200>, { origination?: unknown }>;

/**
 * POST /customers/schedule/sync in enrollment mode, stored and replayed (src/http/enrollment-responses.ts):
 * customer fields from the normalized request (doNotCall always false) plus the receipt and counters.
 */
export function presentEnrollment({ input, receipt }: EnrollmentResult): EnrollmentBody {
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

/** POST /customers/schedule/sync in replacement mode: the customer and what its schedule became. */
export function presentReplacement(r: { customer: CustomerRow; scheduleCreated: boolean; tasksCreated: number }) {
  return {
    ...presentCustomer(r.customer),
    scheduleCreated: r.scheduleCreated,
    tasksCreated: r.tasksCreated,
    existingTasksRemoved: 0,
  };
}
