import { enrollmentResponses } from '../domain/outreach/enrollment-responses.js';
import { syncSchedule } from '../domain/outreach/sync.js';
import type { OperationHandler } from '../http/handler-types.js';
import { companyContext } from './context.js';
import { presentCustomer } from './presenters.js';

/** POST /customers/schedule/sync, both modes. Enrollment responses are stored and replayed as they were. */
export const syncCustomerSchedule: OperationHandler = async (c, env) => {
  const outcome = await syncSchedule(
    companyContext(env),
    { body: c.request.requestBody, idempotencyKey: c.request.headers['idempotency-key'] },
    enrollmentResponses,
  );
  if (outcome.mode === 'replace') {
    const { customer, scheduleCreated, tasksCreated, headers } = outcome.result;
    return {
      status: 200,
      body: { ...presentCustomer(customer), scheduleCreated, tasksCreated, existingTasksRemoved: 0 },
      headers: { ...headers, ...outcome.rateHeaders },
    };
  }
  const { response, replayed } = outcome;
  const headers = { ...response.headers, ...outcome.rateHeaders, ...(replayed ? { 'Idempotency-Replayed': 'true' } : {}) };
  return { status: response.status, body: response.body, headers };
};
