import { randomUUID } from 'node:crypto';
import type { CustomerFields } from '../../src/store/borrowers/customers.js';
import type { NewEnrollment } from '../../src/store/enrollment/enrollments.js';
import type { FirstRun } from '../../src/store/shared/idempotency.js';

/** The rows and first runs of idempotent enrollments, as the store receives them (store-level tests). */
export const AT = '2026-12-08T15:04:05.678Z';
export const NOW_MS = Date.parse(AT);
export const LIMIT = 3;

/** The fields of the customer `enrollment` stores unless a test gives its own. */
export const CUSTOMER: CustomerFields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: null,
  birthday: null,
  ssnLastFour: null,
  language: null,
  timezone: 'America/New_York',
  phoneNumber: '+12125550100',
  streetAddress1: null,
  streetAddress2: null,
  city: null,
  state: null,
  zipCode: null,
  doNotCall: false,
  isTest: true,
  taskType: 'PendingLoanNewLead',
  externalMetadata: null,
  loanIds: null,
};

type NewCall = NewEnrollment['calls'][number];

/** The enrollment's one call unless a test gives its own: due an hour after AT. */
const oneCall = (customerId: string, scheduleId: string): NewCall[] => [
  {
    id: randomUUID(),
    customerId,
    scheduleId,
    loanId: 'loan-1',
    taskType: 'PendingLoanNewLead',
    purpose: 'origination',
    scheduledTime: '2026-12-08T16:00:00.000Z',
    phoneNumber: '+12125550100',
    transferDestination: '+18005550199',
    step: 'call-0',
    stepIndex: 0,
    fallback: false,
    explanation: null,
  },
];

/**
 * The rows an enrollment of a new customer `customerId` stores (one call, unless `calls` builds
 * others for the schedule's id); every id fresh.
 */
export function enrollment(
  customerId: string,
  opts: { customer?: CustomerFields; calls?: (customerId: string, scheduleId: string) => NewCall[] } = {},
): NewEnrollment {
  const applicationId = randomUUID();
  const cadenceId = randomUUID();
  const scheduleId = randomUUID();
  return {
    customerId,
    at: AT,
    customer: opts.customer ?? CUSTOMER,
    application: { id: applicationId, customerId, loanId: 'loan-1', createdAt: AT },
    cadence: { id: cadenceId, customerId, applicationId, taskType: 'PendingLoanNewLead', cadence: 'new-lead', at: AT },
    schedule: {
      id: scheduleId,
      customerId,
      cadenceId,
      source: 'enrollment',
      taskType: 'PendingLoanNewLead',
      cadence: 'new-lead',
      loanId: 'loan-1',
      at: AT,
    },
    calls: (opts.calls ?? oneCall)(customerId, scheduleId),
  };
}

/** A first run under `key`, counted in the 'first-run' window (limit LIMIT per minute) unless `rate` is false. */
export function run(key: string, rate = true): FirstRun {
  return {
    key,
    record: {
      operation: 'op',
      fingerprint: 'f'.repeat(64),
      response: { status: 200, body: { id: key, nested: [1, 'two'] }, headers: { Deprecation: 'true' } },
      at: AT,
      expiresAt: '2027-01-07T15:04:05.678Z',
    },
    rate: rate ? { policy: 'first-run', nowMs: NOW_MS, windowMs: 60_000, limit: LIMIT } : null,
  };
}
