// Fixtures and scenarios for the ACH and payment-data operations (issue 5). The spec's examples use
// payment method 3f1c2d4e-… (a bank account) for customer cust-1001, loan loan-5001, payment pay-9001.
// The payments hang off a loan of their own (LOAN) so the loan operations' 201 scenarios stay 201.
const { randomUUID } = require('node:crypto');

const EXAMPLE_METHOD = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const CUSTOMER = 'cust-1001';
const EXAMPLE_LOAN = 'loan-5001';
const LOAN = 'loan-ach-fixture';
const ach = { bank: null, card: null, loanReady: false };

async function setup(call, fixtures) {
  const base = `/customers/${CUSTOMER}/payment-methods`;
  const bank = await call('POST', base, {
    type: 'bank_account',
    routingNumber: '111000025',
    accountNumber: '000123456789',
    accountType: 'checking',
    isDefault: true,
  });
  await call('POST', `${base}/${bank.id}/ach-authorizations`, { method: 'electronic' });
  const card = await call('POST', base, { type: 'debit_card', last4: '4242', brand: 'visa' });
  ach.bank = bank.id;
  ach.card = card.id;
  fixtures.use(EXAMPLE_METHOD, bank.id);
  fixtures.use(EXAMPLE_LOAN, LOAN);
  // Payments need a boarded loan; until POST /loans is implemented those transactions are skipped.
  try {
    await call('POST', '/loans', { id: LOAN, customerId: CUSTOMER });
    ach.loanReady = true;
  } catch {
    return;
  }
  await call('PUT', '/payments', {
    customer_id: CUSTOMER,
    loan_id: LOAN,
    payment_id: 'pay-9001',
    payment_method_id: bank.id,
    payment_date: '2026-03-20',
    payment_amount: 125.5,
    payment_type: 'ach',
    system_source: 'acme-lms',
    ach_status: 'SUBMITTED',
    ach_submitted_date: '2026-03-20',
  });
}

function methodPath(txn, id) {
  txn.fullPath = txn.fullPath.split(EXAMPLE_METHOD).join(id);
  txn.request.uri = txn.request.uri.split(EXAMPLE_METHOD).join(id);
}

function patch(txn, fields) {
  txn.request.body = JSON.stringify({ ...JSON.parse(txn.request.body || '{}'), ...fields });
}

function needsLoan(txn) {
  if (!ach.loanReady) txn.skip = true;
}

const scenarios = {
  createPaymentMethod: {
    400: async (txn) => patch(txn, { routingNumber: '111000026' }),
  },
  createAchAuthorization: {
    400: async (txn, fx) => {
      fx.substitute(txn);
      patch(txn, { authorizedAt: '2999-01-01T00:00:00Z' });
    },
    422: async (txn) => methodPath(txn, ach.card),
  },
  updateAchAuthorization: {
    400: async (txn, fx) => {
      fx.substitute(txn);
      patch(txn, { revokeAuthorization: 'yes' });
    },
    // A fresh bank account never had an authorization: nothing to revoke.
    409: async (txn, fx) => {
      const fresh = await fx.call('POST', `/customers/${CUSTOMER}/payment-methods`, {
        type: 'bank_account',
        routingNumber: '111000025',
        accountNumber: '5555000011',
        accountType: 'savings',
      });
      methodPath(txn, fresh.id);
    },
    422: async (txn) => methodPath(txn, ach.card),
  },
  upsertPayment: {
    201: async (txn) => {
      needsLoan(txn);
      patch(txn, { loan_id: LOAN, payment_id: `pay-${randomUUID()}`, payment_method_id: ach.bank });
    },
    200: async (txn) => {
      needsLoan(txn);
      patch(txn, { loan_id: LOAN, payment_method_id: ach.bank });
    },
    400: async (txn) => patch(txn, { payment_amount: 1.234 }),
    404: async (txn) => patch(txn, { loan_id: 'loan-unknown', payment_method_id: ach.bank }),
  },
  createAchReturn: {
    200: async (txn) => {
      needsLoan(txn);
      patch(txn, { loan_id: LOAN });
    },
    400: async (txn) => patch(txn, { ach_return_code: 'R99' }),
    404: async (txn) => patch(txn, { payment_id: 'pay-unknown' }),
  },
  createAchConfirm: {
    200: async (txn) => {
      needsLoan(txn);
      patch(txn, { loan_id: LOAN });
    },
  },
  // The example is a payment returned R01, with the re-presentments NACHA still allows: return it so.
  getPayment: {
    200: async (txn, fx) => {
      needsLoan(txn);
      if (txn.skip) return;
      await fx.call('POST', '/ach-returns', {
        customer_id: CUSTOMER,
        loan_id: LOAN,
        payment_id: 'pay-9001',
        system_source: 'acme-lms',
        ach_status: 'RETURNED',
        ach_return_code: 'R01',
        ach_return_date: '2026-03-24',
        ach_return_reason: 'Insufficient Funds',
      });
      fx.substitute(txn);
    },
  },
};

// Schema-invalid requests never reach the app through `prism proxy` (vitest covers them).
const unreachableThroughProxy = ['updateAchAuthorization 400'];

module.exports = { setup, scenarios, unreachableThroughProxy };
