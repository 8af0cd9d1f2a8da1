// Fixtures and scenarios for schedule sync, scheduled calls and the task-type catalog (issue 4).
// The spec's examples name scheduled call 6e1d9c3b-… of customer cust-1001: the fixture enrolls
// cust-1001 / loan-5001 and stands its first planned call in for that id.
const { randomUUID } = require('node:crypto');

const EXAMPLE_SCHEDULED_CALL = '6e1d9c3b-7a2f-4d5e-8b9c-0f1e2d3c4b5a';

async function enroll(body) {
  const res = await fetch(`${process.env.APP_URL}/customers/schedule/sync`, {
    method: 'POST',
    headers: {
      'X-API-Key': process.env.API_KEY,
      'Content-Type': 'application/json',
      'Idempotency-Key': `contract-${randomUUID()}`,
    },
    body: JSON.stringify({ scheduleMode: 'enroll', taskType: 'PendingLoanNewLead', ...body }),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`fixture enrollment → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function setup(_call, fixtures) {
  const enrolled = await enroll({ id: 'cust-1001', loanId: 'loan-5001' });
  fixtures.use(EXAMPLE_SCHEDULED_CALL, enrolled.origination.scheduledCallId);
}

function enrollment(txn, body) {
  txn.request.headers['Idempotency-Key'] = `contract-${randomUUID()}`;
  txn.request.body = JSON.stringify({ scheduleMode: 'enroll', taskType: 'PendingLoanNewLead', ...body });
}

const scenarios = {
  syncCustomerSchedule: {
    // Replacement sync without email: missing_required_fields.
    400: async (txn) => {
      txn.request.body = JSON.stringify({ ...JSON.parse(txn.request.body), email: undefined });
    },
    // A second application of a customer whose first one has an active cadence: existing_application.
    409: async (txn) => {
      const id = `cust-${randomUUID()}`;
      await enroll({
        id,
        loanId: 'loan-a',
        firstName: 'Maria',
        lastName: 'Alvarez',
        phoneNumber: '(512) 555-0143',
        timezone: 'America/Chicago',
      });
      enrollment(txn, { id, loanId: 'loan-b' });
    },
    // Schema-valid but against the enrollment rules: oneOff with PendingLoanNewLead.
    422: async (txn) => enrollment(txn, { id: 'cust-1001', loanId: 'loan-5001', oneOff: true }),
  },
};

// Schema-invalid requests never reach the app through `prism proxy` (vitest covers them), nor can
// the contract run exhaust a quota or take the database away (429, 503: vitest covers 429).
const unreachableThroughProxy = [
  'listCustomerScheduledCalls 400',
  'syncCustomerSchedule 429',
  'syncCustomerSchedule 503',
];

module.exports = { setup, scenarios, unreachableThroughProxy };
