// Scenarios for the consent ledger (PUT/GET /customers/{customerId}/consents). The PUT example
// revokes the example customer's consent, which would stop the shared fixture customer's number:
// it runs on a customer of its own, its number and address put in the example's place.
const { randomUUID } = require('node:crypto');

const EXAMPLE_CUSTOMER = 'cust-1001';
const EXAMPLE_PHONE = '(512) 555-0143';
const EXAMPLE_EMAIL = 'maria.alvarez@example.com';
const OWN_CUSTOMER = {
  firstName: 'Maria',
  lastName: 'Alvarez',
  timezone: 'America/Chicago',
  phoneNumber: '(512) 555-0188',
  taskType: 'PendingLoanNewLead',
  streetAddress1: '1200 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
};

function rewritePath(txn, fn) {
  txn.fullPath = fn(txn.fullPath);
  txn.request.uri = fn(txn.request.uri);
}

async function ownCustomer(txn, fixtures) {
  const id = `cust-${randomUUID()}`;
  const email = `consent-${id}@example.com`;
  await fixtures.call('POST', '/customers', { ...OWN_CUSTOMER, id, email });
  rewritePath(txn, (p) => p.split(EXAMPLE_CUSTOMER).join(id));
  if (txn.request.body)
    txn.request.body = txn.request.body
      .split(EXAMPLE_PHONE)
      .join(OWN_CUSTOMER.phoneNumber)
      .split(EXAMPLE_EMAIL)
      .join(email);
}

const scenarios = {
  recordCustomerConsents: {
    200: ownCustomer,
    // Schema-valid, but the number is not one of the customer's.
    422: async (txn, fixtures) => {
      await ownCustomer(txn, fixtures);
      txn.request.body = JSON.stringify({
        events: [{ action: 'grant', address: '+15125550199', channel: 'call', type: 'express', source: 'api' }],
      });
    },
  },
};

// Schema-invalid requests never reach the app through `prism proxy` (test/consent/consent.test.ts and the fuzz test cover them).
const unreachableThroughProxy = ['getCustomerConsents 400', 'recordCustomerConsents 400'];

module.exports = { scenarios, unreachableThroughProxy };
