import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { type AchApi, achApi, debitCard } from '../support/ach.js';
import { tables } from '../support/tables.js';

const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(DIALECTS)('payments (extension) on %s', (dialect) => {
  let key: string;
  let companyId: string;
  let ach: AchApi;
  let method: string;

  const suite = useTestService(dialect, { now: () => NOW });
  beforeAll(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
    ach = achApi(suite.t, suite.database.db, companyId, key);
    await ach.customer('cust-1');
    await ach.loan('cust-1', 'loan-1');
    method = await ach.method('cust-1');
  });

  const ids = (paymentId: string) => ({ customer_id: 'cust-1', loan_id: 'loan-1', payment_id: paymentId });

  it('creates (201) a payment with its ACH record; amounts are exact cents', async () => {
    const res = await suite.t.call('PUT', '/payments', {
      key,
      body: {
        ...ids('p-1'),
        payment_method_id: method,
        payment_date: '2026-11-02',
        payment_amount: 19.99,
        payment_type: 'ach',
        system_source: 'lms',
        ach_status: 'SUBMITTED',
        ach_submitted_date: '2026-11-02',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      customer_id: 'cust-1',
      loan_id: 'loan-1',
      payment_id: 'p-1',
      payment_method_id: method,
      transaction: {
        status: 'SUBMITTED',
        payment_date: '2026-11-02',
        payment_amount: 19.99,
        payment_type: 'ach',
        system_source: 'lms',
        payment_reversed: false,
        payment_reverse_date: null,
        payment_reverse_reason_code: null,
        payment_reverse_comments: null,
        debit_status: null,
        debit_decline_reason: null,
        overall_return_code: null,
      },
      ach_payment: {
        status: 'SUBMITTED',
        ach_submitted_date: '2026-11-02',
        ach_settlement_date: null,
        ach_return_date: null,
        ach_return_code: null,
        updated_at: NOW.toISOString(),
      },
      return_history: [],
      settlements: [],
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    });
    const row = await tables(suite.database.db).payments().where({ company_id: companyId, payment_id: 'p-1' }).first();
    expect(Number(row!.payment_amount_cents)).toBe(1999);
  });

  it('updates (200) by (customer, loan, payment): fields not sent keep their values', async () => {
    await ach.payment({
      ...ids('p-2'),
      payment_date: '2026-11-02',
      payment_amount: 125.5,
      ach_status: 'SUBMITTED',
      ach_submitted_date: '2026-11-02',
    });
    const res = await suite.t.call('PUT', '/payments', {
      key,
      body: { ...ids('p-2'), ach_status: 'COMPLETED', ach_settlement_date: '2026-11-04' },
    });
    expect(res.status).toBe(200);
    expect(res.body.transaction).toMatchObject({
      status: 'COMPLETED',
      payment_date: '2026-11-02',
      payment_amount: 125.5,
    });
    expect(res.body.ach_payment).toMatchObject({
      status: 'COMPLETED',
      ach_submitted_date: '2026-11-02',
      ach_settlement_date: '2026-11-04',
    });
    expect((await ach.getPayment('cust-1', 'loan-1', 'p-2')).body).toEqual(res.body);
  });

  it('a payment without ach_status has no ACH record; ACH dates then need a status', async () => {
    const card = await ach.method('cust-1', debitCard());
    const res = await suite.t.call('PUT', '/payments', {
      key,
      body: { ...ids('p-3'), payment_method_id: card, payment_type: 'debit_card', payment_amount: 40 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ach_payment: null, transaction: { status: null, payment_amount: 40 } });
    const dates = await suite.t.call('PUT', '/payments', {
      key,
      body: { ...ids('p-3'), ach_submitted_date: '2026-11-02' },
    });
    expect(dates).toMatchObject({
      status: 400,
      body: {
        error: 400,
        message: 'ach_status: is required to create the ACH payment record that holds the ACH dates',
      },
    });
  });

  it('400 for amounts beyond cents, a settlement before submission, and schema violations; nothing stored', async () => {
    const cents = await suite.t.call('PUT', '/payments', { key, body: { ...ids('p-4'), payment_amount: 10.005 } });
    expect(cents).toMatchObject({
      status: 400,
      body: {
        message:
          'payment_amount: must be a non-negative amount in dollars with at most two decimal places (got 10.005)',
      },
    });
    const order = await suite.t.call('PUT', '/payments', {
      key,
      body: {
        ...ids('p-4'),
        ach_status: 'COMPLETED',
        ach_submitted_date: '2026-11-05',
        ach_settlement_date: '2026-11-04',
      },
    });
    expect(order).toMatchObject({
      status: 400,
      body: { message: 'ach_settlement_date: 2026-11-04 is before the ACH submitted date 2026-11-05' },
    });
    const schema = await suite.t.call('PUT', '/payments', {
      key,
      body: { ...ids('p-4'), payment_amount: -1, ach_status: 'DONE', payment_date: '2026-02-30' },
    });
    expect(schema.status).toBe(400);
    expect(schema.body.message).toContain('payment_amount: must be >= 0');
    expect(schema.body.message).toContain('ach_status: must be one of');
    expect(schema.body.message).toContain('payment_date: must match format "date"');
    expect((await ach.getPayment('cust-1', 'loan-1', 'p-4')).status).toBe(404);
  });

  it('404 for an unknown customer, loan or payment method, and a method of another customer', async () => {
    const customer = await suite.t.call('PUT', '/payments', { key, body: { ...ids('p-5'), customer_id: 'nobody' } });
    expect(customer).toMatchObject({ status: 404, body: { error: 404, message: 'Customer nobody not found' } });
    const loan = await suite.t.call('PUT', '/payments', { key, body: { ...ids('p-5'), loan_id: 'loan-x' } });
    expect(loan).toMatchObject({ status: 404, body: { message: 'Loan loan-x of customer cust-1 not found' } });
    const unknownMethod = await suite.t.call('PUT', '/payments', {
      key,
      body: { ...ids('p-5'), payment_method_id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f' },
    });
    expect(unknownMethod.status).toBe(404);
    await ach.customer('cust-2');
    const theirs = await ach.method('cust-2');
    const foreign = await suite.t.call('PUT', '/payments', { key, body: { ...ids('p-5'), payment_method_id: theirs } });
    expect(foreign).toMatchObject({
      status: 404,
      body: { message: `Payment method ${theirs} not found for customer cust-1` },
    });
    expect((await ach.getPayment('cust-1', 'loan-1', 'p-5')).status).toBe(404);
  });

  it('another company can neither read nor write the payment, even with the same references', async () => {
    await ach.payment({ ...ids('p-6'), payment_amount: 10 });
    const other = await suite.t.company('Other Lender');
    const read = await suite.t.call('GET', '/customers/cust-1/loans/loan-1/payments/p-6', { key: other.apiKey });
    expect(read).toMatchObject({
      status: 404,
      body: { error: 404, message: 'Payment p-6 of loan loan-1 for customer cust-1 not found' },
    });
    const write = await suite.t.call('PUT', '/payments', {
      key: other.apiKey,
      body: { ...ids('p-6'), payment_amount: 99 },
    });
    expect(write).toMatchObject({ status: 404, body: { message: 'Customer cust-1 not found' } });
    const theirs = achApi(suite.t, suite.database.db, other.companyId, other.apiKey);
    await theirs.customer('cust-1');
    await theirs.loan('cust-1', 'loan-1');
    expect(
      (await suite.t.call('PUT', '/payments', { key: other.apiKey, body: { ...ids('p-6'), payment_amount: 99 } }))
        .status,
    ).toBe(201);
    expect((await ach.getPayment('cust-1', 'loan-1', 'p-6')).body.transaction.payment_amount).toBe(10);
  });
});
