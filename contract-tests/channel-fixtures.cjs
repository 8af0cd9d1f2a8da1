// Fixtures and scenarios for the legacy create-scheduled-calls operation, emails/texts and the
// provider callbacks (issue 11). `outreach serve` on the embedded default starts the SMS simulator
// with its default credentials, so callbacks are signed here with the same auth token.
const { createHmac, randomUUID } = require('node:crypto');

const SIMULATOR_TOKEN = 'simulator-auth-token';
const SECRET = process.env.OUTREACH_SIGNING_SECRET; // run.sh sets it

function twilioSignature(url, params) {
  let data = url;
  for (const k of Object.keys(params).sort()) data += k + params[k];
  return createHmac('sha1', SIMULATOR_TOKEN).update(data).digest('base64');
}

function optOutToken(companyId, address) {
  const payload = Buffer.from(JSON.stringify([companyId, address.toLowerCase()])).toString('base64url');
  return `${payload}.${createHmac('sha256', SECRET).update(`email-opt-out.${payload}`).digest('base64url')}`;
}

function form(txn, path, params, signed) {
  // Signed by the operator's (sandbox) account: no `?company=` (the example's) on the URL it signs.
  txn.fullPath = txn.request.uri = path;
  txn.request.headers['Content-Type'] = 'application/x-www-form-urlencoded';
  txn.request.body = new URLSearchParams(params).toString();
  delete txn.request.headers['X-API-Key'];
  if (signed) txn.request.headers['X-Twilio-Signature'] = twilioSignature(`${process.env.APP_URL}${path}`, params);
}

const status = {
  MessageSid: 'SM0123456789abcdef0123456789abcdef',
  MessageStatus: 'delivered',
  AccountSid: 'ACsimulator',
};
const inbound = {
  MessageSid: 'SM89abcdef0123456789abcdef01234567',
  From: '+12125550143',
  To: '+15005550006',
  Body: 'hello',
};

async function setup() {}

const scenarios = {
  createScheduledCalls: {
    // The default configuration's one integration.
    201: async (txn, fx) => {
      fx.substitute(txn);
      txn.request.body = JSON.stringify({ scheduleType: 'default' });
    },
    // The example's scheduleType is not configured for the contract company.
    400: async (txn, fx) => fx.substitute(txn),
    404: async (txn, fx) => {
      fx.substitute(txn);
      fx.unknownPath(txn);
      txn.request.body = JSON.stringify({ scheduleType: 'default' });
    },
    409: async (txn, fx) => {
      const id = `cust-${randomUUID()}`;
      await fx.call('POST', '/customers', {
        id,
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
        doNotCall: true,
      });
      txn.fullPath = txn.request.uri = `/customers/${id}/scheduled-calls`;
      txn.request.body = JSON.stringify({ scheduleType: 'default' });
    },
  },
  receiveSmsStatus: {
    204: async (txn) => form(txn, '/webhooks/sms/status', status, true),
    401: async (txn) => form(txn, '/webhooks/sms/status', status, false),
  },
  receiveInboundSms: {
    204: async (txn) => form(txn, '/webhooks/sms/inbound', inbound, true),
    401: async (txn) => form(txn, '/webhooks/sms/inbound', inbound, false),
  },
  unsubscribeEmail: {
    200: async (txn) => {
      txn.fullPath = txn.request.uri = `/unsubscribe/email/${optOutToken(process.env.COMPANY_ID, 'ada@example.com')}`;
    },
  },
  unsubscribeEmailOneClick: {
    200: async (txn) => {
      txn.fullPath = txn.request.uri = `/unsubscribe/email/${optOutToken(process.env.COMPANY_ID, 'ada@example.com')}`;
    },
  },
};

// Schema-invalid requests (limit out of range, missing form fields, an over-long token) never reach the app through the proxy.
const unreachableThroughProxy = [
  'listCustomerEmails 400',
  'listCustomerTexts 400',
  'receiveSmsStatus 400',
  'receiveInboundSms 400',
  'unsubscribeEmail 400',
  'unsubscribeEmailOneClick 400',
];

module.exports = { setup, scenarios, unreachableThroughProxy };
