// Fixtures and scenarios for batch jobs and loans (issue 3) and enrollment batches (issue 4). The spec's examples use customer batch
// job 8d0f6f0e-… and loan batch job 9e1a7f2b-…; real jobs of the contract company stand in for them.
const EXAMPLE_CUSTOMER_JOB = '8d0f6f0e-2f7a-4b8e-9c3a-1e2d3c4b5a69';
const EXAMPLE_LOAN_JOB = '9e1a7f2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const { randomUUID } = require('node:crypto');
const doc = require('../generated/openapi.json');
const jobs = { loans: null };

// The contract's enrollment-mode example (scheduleMode: enroll), with fresh row keys so its rows run.
const ENROLLMENT_EXAMPLE =
  doc.paths['/customers/batch'].post.requestBody.content['application/json'].examples.enrollment.value;
const enrollmentBody = () => ({
  ...ENROLLMENT_EXAMPLE,
  customers: ENROLLMENT_EXAMPLE.customers.map((row) => ({ ...row, idempotencyKey: `contract-row-${randomUUID()}` })),
});

async function submitEnrollment(body, idempotencyKey) {
  const res = await fetch(`${process.env.APP_URL}/customers/batch`, {
    method: 'POST',
    headers: {
      'X-API-Key': process.env.API_KEY,
      'Content-Type': 'application/json',
      'Idempotency-Key': idempotencyKey,
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 202) throw new Error(`fixture enrollment batch → ${res.status} ${await res.text()}`);
}

function enrollmentBatch(txn, idempotencyKey) {
  if (idempotencyKey === undefined) delete txn.request.headers['Idempotency-Key'];
  else txn.request.headers['Idempotency-Key'] = idempotencyKey;
  txn.request.body = JSON.stringify(enrollmentBody());
}

async function setup(call, fixtures) {
  const customers = await call('POST', '/customers/batch', { customers: [{ id: 'cust-batch-fixture' }] });
  fixtures.use(EXAMPLE_CUSTOMER_JOB, customers.jobId);
  const loans = await call('POST', '/loans/batch', { loans: [{ id: 'loan-batch-fixture', customerId: 'cust-1001' }] });
  fixtures.use(EXAMPLE_LOAN_JOB, loans.jobId);
  jobs.loans = loans.jobId;
}

// The shared jobId parameter's example is the customer job; the loan status path needs the loan job.
function loanJobPath(txn) {
  txn.fullPath = txn.fullPath.split(EXAMPLE_CUSTOMER_JOB).join(jobs.loans);
  txn.request.uri = txn.request.uri.split(EXAMPLE_CUSTOMER_JOB).join(jobs.loans);
}

function patch(txn, fields) {
  txn.request.body = JSON.stringify({ ...JSON.parse(txn.request.body || '{}'), ...fields });
}

// Batch submissions share one quota (10 a minute per company): exhausting it here would turn the
// transactions after it into 429s, so the 429 answers are checked by test/batches/batch-rate-limit.test.ts.
const quotaCoveredByVitest = async (txn) => {
  txn.skip = true;
};

const scenarios = {
  createCustomerBatch: {
    // Dredd sends only a request body's first example (customer-create rows, also the setup's batch):
    // the 202 runs the enrollment example instead, with a fresh header key (Location, stored 202).
    202: async (txn) => enrollmentBatch(txn, `contract-batch-${randomUUID()}`),
    // Enrollment mode without the Idempotency-Key header: missing_idempotency_key.
    400: async (txn) => enrollmentBatch(txn, undefined),
    // A header key already used by another enrollment batch (other row keys): idempotency_key_reused.
    422: async (txn) => {
      const key = `contract-batch-${randomUUID()}`;
      await submitEnrollment(enrollmentBody(), key);
      enrollmentBatch(txn, key);
    },
    429: quotaCoveredByVitest,
  },
  createLoanBatch: {
    400: async (txn) =>
      patch(txn, {
        loans: [
          { id: 'L-1', customerId: 'cust-1001' },
          { id: 'L-1', customerId: 'cust-1001' },
        ],
      }),
    429: quotaCoveredByVitest,
  },
  getLoanBatch: {
    200: async (txn) => loanJobPath(txn),
  },
  createLoan: {
    201: async (txn) => patch(txn, { id: `loan-${randomUUID()}` }),
    // The example loan exists first, so the same request updates it.
    200: async (txn, fx) => {
      await fx.call('POST', '/loans', JSON.parse(txn.request.body));
    },
    404: async (txn) => patch(txn, { customerId: 'cust-unknown' }),
  },
};

// The 400s these operations give for a schema-valid body are covered here (duplicate loan pairs, an
// enrollment batch without its header key); the others (empty batch, impossible dates) break the
// schema, so Prism's proxy answers them itself. createCustomerBatch 409 (a submission still being
// written) has no scenario: it cannot be timed from here; test/batches/enrollment-batches.test.ts covers it.
module.exports = { setup, scenarios, unreachableThroughProxy: ['createLoan 400'] };
