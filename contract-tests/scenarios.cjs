// Fixtures the contract run needs, and the scenarios that make the app answer each documented
// non-default status. Extend both when an operation lands (see hooks.cjs for the defaults:
// 2xx = the spec's example with fixture ids, 401 = wrong key, 404 = unknown id).
const { randomUUID } = require('node:crypto');
const achFixtures = require('./ach-fixtures.cjs');
const batchFixtures = require('./batch-fixtures.cjs');
const channelFixtures = require('./channel-fixtures.cjs');
const outreachFixtures = require('./outreach-fixtures.cjs');
const callFixtures = require('./call-fixtures.cjs');
const consentFixtures = require('./consent-fixtures.cjs');

const EXAMPLE_CUSTOMER = 'cust-1001';
const FIXTURE_CUSTOMER = {
  id: EXAMPLE_CUSTOMER,
  firstName: 'Maria',
  lastName: 'Alvarez',
  timezone: 'America/Chicago',
  phoneNumber: '(512) 555-0143',
  taskType: 'PendingLoanNewLead',
  email: 'maria.alvarez@example.com',
  streetAddress1: '1200 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
};
const doc = require(require('node:path').join(__dirname, '..', 'generated', 'openapi.json'));

const state = { app: null, key: null, ids: new Map() };

async function call(method, path, body) {
  const res = await fetch(state.app + path, {
    method,
    headers: { 'X-API-Key': state.key, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`fixture ${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const fixtures = {
  async setup(app, key) {
    state.app = app;
    state.key = key;
    await call('POST', '/customers', FIXTURE_CUSTOMER);
    await achFixtures.setup(call, fixtures);
    await outreachFixtures.setup(call, fixtures);
    await batchFixtures.setup(call, fixtures);
    await callFixtures.setup(call, fixtures);
  },
  /** Registers a real id to stand in for an example id wherever the example uses it. */
  use(exampleId, realId) {
    state.ids.set(exampleId, realId);
  },
  call,
  substitute(txn) {
    for (const [example, real] of state.ids) rewritePath(txn, (p) => p.split(example).join(real));
  },
  unknownPath(txn) {
    rewritePath(txn, (p) =>
      p
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, randomUUID())
        .replace(EXAMPLE_CUSTOMER, 'cust-unknown'),
    );
  },
};

function rewritePath(txn, fn) {
  txn.fullPath = fn(txn.fullPath);
  txn.request.uri = fn(txn.request.uri);
}

const EXAMPLE_DELIVERY = 'msg_01a21a132bcd753dbc98c045b6e2774e';
let delivery = null;

/** A real webhook delivery of the contract company: an endpoint nobody listens on (added as an operator does), and a batch whose completion is announced to it. */
async function aDeliveryId() {
  if (delivery) return delivery;
  const { execFileSync } = require('node:child_process');
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/main/cli.ts',
      'webhook',
      'add',
      '--company',
      process.env.COMPANY_ID,
      '--url',
      'http://127.0.0.1:9/hooks',
    ],
    { stdio: 'ignore' },
  );
  await call('POST', '/customers/batch', { customers: [{ ...FIXTURE_CUSTOMER, id: `cust-${randomUUID()}` }] });
  for (let i = 0; i < 200 && !delivery; i++) {
    const [first] = await call('GET', '/webhook-deliveries');
    if (first) delivery = first.id;
    else await new Promise((r) => setTimeout(r, 100));
  }
  if (!delivery) throw new Error('no webhook delivery appeared');
  return delivery;
}

function setBody(txn, body) {
  txn.request.body = JSON.stringify(body);
}

function patchBody(txn, patch) {
  setBody(txn, { ...JSON.parse(txn.request.body || '{}'), ...patch });
}

const scenarios = {
  ...achFixtures.scenarios,
  ...outreachFixtures.scenarios,
  ...batchFixtures.scenarios,
  ...channelFixtures.scenarios,
  ...callFixtures.scenarios,
  ...consentFixtures.scenarios,
  createCustomer: {
    201: async (txn) => patchBody(txn, { id: `cust-${randomUUID()}` }),
    400: async (txn) => patchBody(txn, { taskType: 'NotInTheCatalog' }),
  },
  getCollectionsReport: {
    // Schema-valid dates in the wrong order: the app answers 400.
    400: async (txn) => rewritePath(txn, (p) => `${p.split('?')[0]}?from=2026-11-15&to=2026-11-02`),
  },
  getTransferResults: {
    // Schema-valid, but the period is empty: the app answers 400.
    400: async (txn) =>
      rewritePath(txn, (p) => `${p.split('?')[0]}?from=2026-12-09T05%3A00%3A00.000Z&to=2026-12-08T05%3A00%3A00.000Z`),
  },
  getDailyActivity: {
    // Schema-valid (any string) but no time zone: the app answers 400.
    400: async (txn) => rewritePath(txn, (p) => `${p.split('?')[0]}?timezone=Mars%2FOlympus`),
  },
  redeliverWebhook: {
    204: async (txn) => {
      const id = await aDeliveryId();
      rewritePath(txn, (p) => p.split(EXAMPLE_DELIVERY).join(id));
    },
    404: async (txn) => rewritePath(txn, (p) => p.split(EXAMPLE_DELIVERY).join('msg_unknown')),
  },
  updateCustomer: {
    400: async (txn) => setBody(txn, { timezone: 'Mars/Olympus' }),
  },
  listCustomerLoans: {
    // A customer whose one loan is the documented example (Dredd compares the body with the example;
    // the shared fixture loans leave externalLmsMetadata null).
    200: async (txn) => {
      const customerId = `cust-${randomUUID()}`;
      await call('POST', '/customers', { ...FIXTURE_CUSTOMER, id: customerId });
      const [example] =
        doc.paths['/customers/{customerId}/loans'].get.responses['200'].content['application/json'].example;
      const loan = Object.fromEntries(
        Object.entries(example).filter(([k, v]) => v !== null && k !== 'createdAt' && k !== 'updatedAt'),
      );
      await call('POST', '/loans', { ...loan, customerId });
      rewritePath(txn, (p) => p.split(EXAMPLE_CUSTOMER).join(customerId));
    },
  },
};

// Prism's proxy answers unparseable and oversized bodies itself (empty body) instead of forwarding
// them, so those statuses (400 for malformed JSON, 413) are checked by the vitest suites, which
// validate the app's real responses against the same contract.
scenarios.unreachableThroughProxy = new Set([
  413,
  'getHealth 400',
  'getReadiness 400',
  'getOpenApiDocument 400',
  'listBatches 400',
  'listWebhookDeliveries 400',
  'redeliverWebhook 400',
]);
for (const k of achFixtures.unreachableThroughProxy) scenarios.unreachableThroughProxy.add(k);
for (const k of outreachFixtures.unreachableThroughProxy) scenarios.unreachableThroughProxy.add(k);
for (const k of batchFixtures.unreachableThroughProxy) scenarios.unreachableThroughProxy.add(k);
for (const k of channelFixtures.unreachableThroughProxy) scenarios.unreachableThroughProxy.add(k);
for (const k of callFixtures.unreachableThroughProxy) scenarios.unreachableThroughProxy.add(k);
for (const k of consentFixtures.unreachableThroughProxy) scenarios.unreachableThroughProxy.add(k);

// LMS outcomes (customer missing in the LMS, credentials rejected, LMS down) need a company whose
// configuration points at an LMS; test/loans/lms.test.ts produces each against the LoanPro simulator.
scenarios.needsLms = new Set([
  'createCustomer 404',
  'createCustomer 502',
  'createCustomer 503',
  'syncCustomerSchedule 404',
  'syncCustomerSchedule 502',
]);

// Transactions of this stop's extension endpoints that need state no fixture here makes yet (a
// queued inbound text, a customer's restriction, a promise, a customer unknown to the attempt's
// body); each is proved against the real service by the vitest file named.
scenarios.coveredByVitest = new Map([
  ['reviewInboundMessage 200', 'test/consent/review-queue.test.ts'],
  ['clearCustomerRestriction 200', 'test/outcomes/call-outcome-effects.test.ts'],
  ['getPromise 200', 'test/outcomes/promises-api.test.ts'],
  ['createContactAttempt 404', 'test/customers/contact-attempts.test.ts'],
  // A valid payment link needs a company with a payment page and an issued link (and its 303 would
  // lead off this machine); its other answers are HTML pages, which Dredd compares with the example
  // text literally. Every status is proved against the real service by the vitest file.
  ['openPaymentLink 303', 'test/outcomes/payment-links.test.ts'],
  ['openPaymentLink 404', 'test/outcomes/payment-links.test.ts'],
  ['openPaymentLink 410', 'test/outcomes/payment-links.test.ts'],
  // Runs the live go-live checks, a probe of PUBLIC_BASE_URL among them (up to 10 s).
  ['getGoLiveChecklist 200', 'test/calls/voice-go-live.test.ts'],
]);

module.exports = { fixtures, scenarios };
