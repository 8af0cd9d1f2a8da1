// Fixtures and scenarios for calls, provider callbacks and recordings (issue 14). run.sh starts the
// app on a moved clock (OUTREACH_CLOCK, a weekday morning) with its embedded voice simulator; the
// fixture enrolls a test customer on the magic number 555-0100 and waits for the call to complete,
// then stands it in for the spec's example call id (5b7e2a91-…).
const { createHmac, randomUUID } = require('node:crypto');
const path = require('node:path');

const EXAMPLE_CALL = '5b7e2a91-3c4d-4e8f-9a0b-1c2d3e4f5a6b';
const CUSTOMER = 'cust-call-1';
// The simulator signs as Retell does, with its API key; the hooks sign with retell-sdk's own `sign`.
const SIM_KEY = process.env.OUTREACH_VOICE_SIMULATOR_API_KEY || 'sim_voice_key';
const { sign } = require(path.join(__dirname, '..', 'node_modules', 'retell-sdk'));
const state = { call: null, scheduledCallId: null, providerCallId: null, recordingUrl: null };

const app = (path, init = {}) =>
  fetch(`${process.env.APP_URL}${path}`, {
    ...init,
    headers: { 'X-API-Key': process.env.API_KEY, 'Content-Type': 'application/json', ...init.headers },
  });

async function setup(_call, fixtures) {
  const res = await app('/customers/schedule/sync', {
    method: 'POST',
    headers: { 'Idempotency-Key': `contract-${randomUUID()}` },
    body: JSON.stringify({
      scheduleMode: 'enroll',
      taskType: 'PendingLoanNewLead',
      id: CUSTOMER,
      loanId: 'loan-call-1',
      firstName: 'Ada',
      lastName: 'King',
      phoneNumber: '(212) 555-0100',
      timezone: 'America/New_York',
      isTest: true,
    }),
  });
  const enrolled = await res.json();
  if (res.status !== 200) throw new Error(`call fixture enrollment → ${res.status} ${JSON.stringify(enrolled)}`);
  state.scheduledCallId = enrolled.origination.scheduledCallId;
  // The scheduler plans whole minutes: the first call is due within a minute of the moved clock.
  for (let i = 0; i < 900 && !state.recordingUrl; i++) {
    const sc = await (await app(`/scheduled-calls/${state.scheduledCallId}`)).json();
    if (sc.callId) {
      const call = await (await app(`/calls/${sc.callId}`)).json();
      if (call.recordingUrl) Object.assign(state, { call: call.id, recordingUrl: call.recordingUrl });
    }
    if (!state.recordingUrl) await new Promise((r) => setTimeout(r, 100));
  }
  if (!state.recordingUrl) throw new Error('call fixture: the call did not complete with a recording within 90 s');
  fixtures.use(EXAMPLE_CALL, state.call);
}

async function signed(txn, body, key = SIM_KEY) {
  txn.request.body = body;
  txn.request.headers['x-retell-signature'] = await sign(body, key);
  txn.fullPath = txn.request.uri = '/callbacks/voice/sandbox';
}

/** A Retell webhook body (no event id); the nonce makes each delivery's content, and so its identity, new. */
const event = (nonce, scheduledCallId = state.scheduledCallId) =>
  JSON.stringify({
    event: 'call_started',
    call: {
      call_id: `${state.providerCallId}`,
      call_type: 'phone_call',
      call_status: 'ongoing',
      metadata: { scheduled_call_id: scheduledCallId, contract_nonce: nonce },
    },
  });

/** Delivers a body once straight to the app, so the transaction's delivery is the same one again. */
async function deliverOnce(body) {
  const res = await fetch(`${process.env.APP_URL}/callbacks/voice/sandbox`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-retell-signature': await sign(body, SIM_KEY) },
    body,
  });
  if (res.status !== 202) throw new Error(`call fixture: first delivery → ${res.status}`);
}

async function providerCallId() {
  if (state.providerCallId) return state.providerCallId;
  // Not part of the API: read it from the app's throw-away SQLite database (run.sh's DATABASE_URL).
  const Database = require(path.join(__dirname, '..', 'node_modules', 'better-sqlite3'));
  const db = new Database(process.env.DATABASE_URL.slice('sqlite:'.length), { readonly: true });
  try {
    state.providerCallId = db
      .prepare('select provider_call_id from scheduled_calls where id = ?')
      .get(state.scheduledCallId).provider_call_id;
  } finally {
    db.close();
  }
  return state.providerCallId;
}

function recordingPath(txn, mutate = (u) => u) {
  const u = mutate(new URL(state.recordingUrl));
  txn.fullPath = txn.request.uri = `${u.pathname}${u.search}`;
}

const scenarios = {
  receiveVoiceCallback: {
    // A late call_started for the completed call: authenticated and received (202); applied later, it changes nothing.
    202: async (txn) => {
      await providerCallId();
      await signed(txn, event(randomUUID()));
    },
    401: async (txn) => {
      await providerCallId();
      await signed(txn, event(randomUUID()), 'not-the-key');
    },
    404: async (txn) => {
      await providerCallId();
      await signed(txn, event(randomUUID(), randomUUID()));
    },
    409: async (txn) => {
      await providerCallId();
      const body = event(randomUUID());
      await deliverOnce(body);
      await signed(txn, body);
    },
  },
  getRecording: {
    200: async (txn) => recordingPath(txn),
    403: async (txn) =>
      recordingPath(txn, (u) => {
        u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 60));
        return u;
      }),
    404: async (txn) => {
      const id = randomUUID();
      const expires = Math.floor(Date.now() / 1000) + 600;
      const sig = createHmac('sha256', process.env.OUTREACH_SIGNING_SECRET)
        .update(`recording:${id}:${expires}`)
        .digest('hex');
      txn.fullPath = txn.request.uri = `/recordings/${id}?expires=${expires}&signature=${sig}`;
    },
  },
};

// Schema-invalid requests never reach the app through the proxy (vitest covers them); a malformed body neither.
const unreachableThroughProxy = [
  'receiveVoiceCallback 400',
  'receiveVoiceCallback 503',
  'getRecording 400',
  'listCustomerCalls 400',
];

module.exports = { setup, scenarios, unreachableThroughProxy };
