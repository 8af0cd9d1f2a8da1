import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { type AchApi, achApi } from '../support/ach.js';

const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(DIALECTS)('settlement confirmations on %s', (dialect) => {
  let key: string;
  let ach: AchApi;
  let other: AchApi;
  let otherKey: string;

  const suite = useTestService(dialect, { now: () => NOW });
  beforeAll(async () => {
    const company = await suite.t.company();
    key = company.apiKey;
    ach = achApi(suite.t, suite.database.db, company.companyId, key);
    const second = await suite.t.company();
    otherKey = second.apiKey;
    other = achApi(suite.t, suite.database.db, second.companyId, otherKey);
  });

  const confirm = (body: unknown) => suite.t.call('POST', '/ach-confirms', { key, body });
  const batch = (body: unknown) => suite.t.call('POST', '/ach-confirms/batch', { key, body });

  it('settles the payment: ACH record and transaction COMPLETED with the settlement date; the read lists the confirmation', async () => {
    const p = await ach.achPayment('settle');
    const res = await confirm({
      ...p.ids,
      processor_transaction_id: 'txn-1',
      ach_settlement_date: '2026-11-04',
      system_source: 'proc',
    });
    expect(res).toMatchObject({
      status: 200,
      body: { success: true, message: 'Settlement txn-1 recorded for payment p-1; settled on 2026-11-04' },
    });
    const payment = await p.read();
    expect(payment.ach_payment).toMatchObject({
      status: 'COMPLETED',
      ach_settlement_date: '2026-11-04',
      ach_submitted_date: '2026-11-02',
    });
    expect(payment.transaction.status).toBe('COMPLETED');
    expect(payment.settlements).toEqual([
      {
        processor_transaction_id: 'txn-1',
        ach_settlement_date: '2026-11-04',
        system_source: 'proc',
        created_at: NOW.toISOString(),
      },
    ]);

    const again = await confirm({ ...p.ids, processor_transaction_id: 'txn-1', ach_settlement_date: '2026-11-04' });
    expect(again.body.message).toBe('Settlement txn-1 for payment p-1 was already recorded; nothing changed');
    expect((await p.read()).settlements).toHaveLength(1);
  });

  it('a processor transaction id already confirmed for another payment is 409 and changes nothing', async () => {
    const p = await ach.achPayment('dup');
    await ach.payment({
      ...p.ids,
      payment_id: 'p-2',
      payment_date: '2026-11-02',
      ach_status: 'SUBMITTED',
      ach_submitted_date: '2026-11-02',
    });
    await confirm({ ...p.ids, processor_transaction_id: 'txn-dup', ach_settlement_date: '2026-11-04' });
    const res = await confirm({
      ...p.ids,
      payment_id: 'p-2',
      processor_transaction_id: 'txn-dup',
      ach_settlement_date: '2026-11-04',
    });
    expect(res).toMatchObject({
      status: 409,
      body: { error: 409, message: 'Processor transaction txn-dup was already confirmed for another payment' },
    });
    const second = (await ach.getPayment(p.customerId, 'l-1', 'p-2')).body;
    expect(second).toMatchObject({ ach_payment: { status: 'SUBMITTED', ach_settlement_date: null }, settlements: [] });
  });

  it('another company may use the same processor transaction id; its payments are 404 here', async () => {
    const mine = await ach.achPayment('scoped');
    const theirs = await other.achPayment('scoped-other');
    expect(
      (await confirm({ ...mine.ids, processor_transaction_id: 'txn-shared', ach_settlement_date: '2026-11-04' }))
        .status,
    ).toBe(200);
    const res = await confirm({ ...theirs.ids, processor_transaction_id: 'txn-x', ach_settlement_date: '2026-11-04' });
    expect(res).toMatchObject({
      status: 404,
      body: { error: 404, message: 'Payment p-1 of loan l-1 for customer c-scoped-other not found' },
    });
    const theirsConfirm = await suite.t.call('POST', '/ach-confirms', {
      key: otherKey,
      body: { ...theirs.ids, processor_transaction_id: 'txn-shared', ach_settlement_date: '2026-11-04' },
    });
    expect(theirsConfirm.status).toBe(200);
  });

  it.each([
    ['in the future', '2026-11-22', 'ach_settlement_date: 2026-11-22 is in the future'],
    [
      'before the submission',
      '2026-11-01',
      'ach_settlement_date: 2026-11-01 is before the ACH submitted date 2026-11-02',
    ],
  ])('a settlement date %s is 400', async (_name, date, message) => {
    const p = await ach.achPayment(`bad-${date}`);
    expect(
      await confirm({ ...p.ids, processor_transaction_id: `txn-${date}`, ach_settlement_date: date }),
    ).toMatchObject({ status: 400, body: { error: 400, message } });
    expect((await p.read()).settlements).toEqual([]);
  });

  describe('order of events with returns (NACHA: settlement, then a return reverses it)', () => {
    it('a return after a confirmation: RETURNED; the settlement date and the confirmation stay', async () => {
      const p = await ach.achPayment('confirm-then-return');
      await confirm({ ...p.ids, processor_transaction_id: 'txn-ctr', ach_settlement_date: '2026-11-04' });
      const res = await ach.achReturn({ ...p.ids, ach_return_code: 'R01', ach_return_date: '2026-11-06' });
      expect(res.body.message).toBe('ACH return R01 recorded for payment p-1');
      const payment = await p.read();
      expect(payment.ach_payment).toMatchObject({
        status: 'RETURNED',
        ach_settlement_date: '2026-11-04',
        ach_return_date: '2026-11-06',
        ach_return_code: 'R01',
      });
      expect(payment.transaction).toMatchObject({ status: 'RETURNED', payment_reversed: true });
      expect(payment.settlements).toHaveLength(1);
    });

    it('a confirmation of the returned entry arriving after the return: recorded, the payment stays RETURNED', async () => {
      const p = await ach.achPayment('return-then-confirm');
      await ach.achReturn({ ...p.ids, ach_return_code: 'R01', ach_return_date: '2026-11-06' });
      const res = await confirm({ ...p.ids, processor_transaction_id: 'txn-rtc', ach_settlement_date: '2026-11-04' });
      expect(res.body.message).toBe(
        'Settlement txn-rtc recorded for payment p-1; the payment stays RETURNED (return R01 of 2026-11-06 follows it)',
      );
      const payment = await p.read();
      expect(payment.ach_payment).toMatchObject({
        status: 'RETURNED',
        ach_settlement_date: '2026-11-04',
        ach_return_code: 'R01',
      });
      expect(payment.transaction).toMatchObject({ status: 'RETURNED', payment_reversed: true });
      expect(payment.settlements.map((s: any) => s.processor_transaction_id)).toEqual(['txn-rtc']);
    });

    it('a confirmation dated after an R01 return is the re-presented entry settling: COMPLETED again, the return history kept', async () => {
      const p = await ach.achPayment('represented');
      await ach.achReturn({ ...p.ids, ach_return_code: 'R01', ach_return_date: '2026-11-06' });
      await confirm({ ...p.ids, processor_transaction_id: 'txn-rep', ach_settlement_date: '2026-11-12' });
      const payment = await p.read();
      expect(payment.ach_payment).toMatchObject({ status: 'COMPLETED', ach_settlement_date: '2026-11-12' });
      expect(payment.transaction).toMatchObject({ status: 'COMPLETED', payment_reversed: false });
      expect(payment.return_history).toHaveLength(1);
    });
  });

  it('a payment without an ACH record gets one, settled', async () => {
    const p = await ach.achPayment('no-record');
    await ach.payment({ ...p.ids, payment_id: 'p-plain', payment_amount: 10 });
    await confirm({
      ...p.ids,
      payment_id: 'p-plain',
      processor_transaction_id: 'txn-plain',
      ach_settlement_date: '2026-11-04',
    });
    expect((await ach.getPayment(p.customerId, 'l-1', 'p-plain')).body.ach_payment).toMatchObject({
      status: 'COMPLETED',
      ach_settlement_date: '2026-11-04',
      ach_submitted_date: null,
    });
  });

  it('the batch: a result per index; a bad row, an unknown or foreign payment and a transaction reused within the batch fail alone', async () => {
    const p = await ach.achPayment('batch');
    await ach.payment({ ...p.ids, payment_id: 'p-2', ach_status: 'SUBMITTED' });
    const foreign = await other.achPayment('batch-foreign');
    const rows = [
      { ...p.ids, processor_transaction_id: 'b-1', ach_settlement_date: '2026-11-04' },
      { ...p.ids, payment_id: 'p-none', processor_transaction_id: 'b-2', ach_settlement_date: '2026-11-04' },
      { ...foreign.ids, processor_transaction_id: 'b-3', ach_settlement_date: '2026-11-04' },
      { ...p.ids, payment_id: 'p-2', processor_transaction_id: 'b-1', ach_settlement_date: '2026-11-04' },
      { ...p.ids, payment_id: 'p-2', ach_settlement_date: '2026-11-04' },
      42,
      { ...p.ids, payment_id: 'p-2', processor_transaction_id: 'b-4', ach_settlement_date: '2026-11-05' },
    ];
    const res = await batch({ confirms: rows });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      applied: 2,
      failed: 5,
      results: [
        { index: 0, success: true, message: 'Settlement b-1 recorded for payment p-1; settled on 2026-11-04' },
        { index: 1, success: false, error: 404, message: 'Payment p-none of loan l-1 for customer c-batch not found' },
        {
          index: 2,
          success: false,
          error: 404,
          message: 'Payment p-1 of loan l-1 for customer c-batch-foreign not found',
        },
        {
          index: 3,
          success: false,
          error: 409,
          message: 'Processor transaction b-1 was already confirmed for another payment',
        },
        { index: 4, success: false, error: 400, message: 'processor_transaction_id: is required' },
        { index: 5, success: false, error: 400, message: 'body: must be object' },
        { index: 6, success: true, message: 'Settlement b-4 recorded for payment p-2; settled on 2026-11-05' },
      ],
    });
    const again = await batch({ confirms: rows });
    expect(again.body).toMatchObject({ applied: 2, failed: 5 });
    expect((await p.read()).settlements).toHaveLength(1);
    expect((await other.getPayment('c-batch-foreign', 'l-1', 'p-1')).body.settlements).toEqual([]);
  });

  it.each([
    ['an empty batch', { confirms: [] }, 'confirms: must NOT have fewer than 1 items'],
    [
      '1,001 rows',
      { confirms: Array.from({ length: 1001 }, () => ({})) },
      'confirms: must NOT have more than 1000 items',
    ],
  ])('%s is 400 for the whole request', async (_name, body, message) => {
    expect(await batch(body)).toMatchObject({ status: 400, body: { error: 400, message } });
  });
});
