// Issue 4 operations: schedule sync (enrollment and replacement), scheduled-call reads, task-type catalog.
export { syncCustomerSchedule } from './schedule-sync.js';
export { listCustomerScheduledCalls, getScheduledCall } from './scheduled-calls.js';
export { getContactEligibility } from './contact-eligibility.js';
export { getCustomerConsents, recordCustomerConsents } from './consents.js';
export { listOriginationTaskTypes } from './origination.js';
