import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { type AchApi, ROUTING, achApi, bankAccount } from '../support/ach.js';
import { tables } from '../support/tables.js';

const NOW = new Date('2026-11-21T12:00:00Z');

describe.each(DIALECTS)('POST /ach-returns: dedupe, risk, validation and tenancy on %s', (dialect) => {
  let key: string;
  let ach: AchApi;

  const suite = useTestService(dialect, { now: () => NOW });
  beforeAll(async () => {
    const company = await suite.t.company();
    key = company.apiKey;
    ach = achApi(suite.t, suite.database.db, company.companyId, key);
  });

  describe('the same return submitted twice', () => {
    it('adds no second history record (dedupe key: payment, return code, return date)', async () => {
      const p = await ach.achPayment('dup');
      const body = { ...p.ids, ach_return_code: 'R01', ach_return_date: '2026-11-05', ach_return_reason: 'NSF' };
      expect((await ach.achReturn(body)).body.message).toBe('ACH return R01 recorded for payment p-1');
      const again = await ach.achReturn({ ...body, ach_return_reason: 'Insufficient funds (resent)' });
      expect(again).toMatchObject({
        status: 200,
        body: {
          success: true,
          message: 'ACH return R01 for payment p-1 was already recorded; return history unchanged',
        },
      });
      const history = (await p.read()).return_history;
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ ach_return_reason: 'NSF', risk: { returnsForMethodLast60Days: 1 } });
      // Another date is another return of the same payment (a re-presentment came back).
      await ach.achReturn({ ...body, ach_return_date: '2026-11-12' });
      expect((await p.read()).return_history).toHaveLength(2);
    });

    it('a resubmitted R07 does not revoke an authorization captured after it', async () => {
      const p = await ach.achPayment('dup-r07');
      const body = { ...p.ids, ach_return_code: 'R07', ach_return_date: '2026-11-05' };
      await ach.achReturn(body);
      expect((await ach.methodOf(p.customerId, p.methodId)).achAuthorization.status).toBe('revoked');
      await ach.authorize(p.customerId, p.methodId, { method: 'recorded_call' });
      expect((await ach.achReturn(body)).body.message).toContain('already recorded');
      expect((await ach.methodOf(p.customerId, p.methodId)).achAuthorization.status).toBe('active');
    });

    it('concurrent identical submissions record one return and one revocation', async () => {
      const p = await ach.achPayment('race');
      const body = { ...p.ids, ach_return_code: 'R10', ach_return_date: '2026-11-05' };
      const results = await Promise.all(Array.from({ length: 6 }, () => ach.achReturn(body)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(results.filter((r) => r.body.message.includes('already recorded'))).toHaveLength(5);
      expect((await p.read()).return_history).toHaveLength(1);
      const events = await tables(suite.database.db)
        .achAuthorizationEvents()
        .where({ payment_method_id: p.methodId })
        .orderBy('created_at');
      expect(events.map((e) => [e.event, e.source, e.return_code])).toEqual([
        ['captured', 'authorization_workflow', null],
        ['revoked', 'ach_return', 'R10'],
      ]);
    });

    it('a resubmitted NOC is recorded once', async () => {
      const p = await ach.achPayment('dup-noc');
      const body = {
        ...p.ids,
        ach_correction_code: 'C01',
        ach_correction_date: '2026-11-04',
        ach_corrected_account_number: '55556666',
      };
      await ach.achReturn(body);
      await ach.achReturn(body);
      expect((await p.read()).return_history).toHaveLength(1);
    });
  });

  describe('risk tracking', () => {
    it('counts returns for the method in the last 60 days and for the customer in the last 180 days, including this one', async () => {
      const p = await ach.achPayment('risk', { payment_date: '2026-06-01', ach_submitted_date: '2026-06-01' });
      const second = await ach.method(
        p.customerId,
        bankAccount({ routingNumber: ROUTING.bofa, accountNumber: '77778888' }),
      );
      const pay = (paymentId: string, methodId: string) =>
        ach.payment({
          ...p.ids,
          payment_id: paymentId,
          payment_method_id: methodId,
          payment_date: '2026-06-01',
          ach_status: 'SUBMITTED',
        });
      await pay('p-2', p.methodId);
      await pay('p-3', second);
      await pay('p-4', p.methodId);
      await pay('p-5', p.methodId);
      // 2026-05-20 is 185 days before 2026-11-21: outside every window of the later returns.
      const returns: Array<[string, string, string]> = [
        ['p-1', 'R01', '2026-06-05'], // method A; 169 days before 11-21
        ['p-2', 'R02', '2026-10-01'], // method A
        ['p-3', 'R01', '2026-11-01'], // method B
        ['p-4', 'R09', '2026-11-10'], // method A
      ];
      for (const [paymentId, code, date] of returns) {
        expect(
          (await ach.achReturn({ ...p.ids, payment_id: paymentId, ach_return_code: code, ach_return_date: date }))
            .status,
        ).toBe(200);
      }
      // A correction is not a return: it counts for nothing.
      await ach.achReturn({
        ...p.ids,
        payment_id: 'p-5',
        ach_correction_code: 'C05',
        ach_correction_date: '2026-11-11',
      });
      await ach.achReturn({ ...p.ids, payment_id: 'p-5', ach_return_code: 'R01', ach_return_date: '2026-11-20' });
      const risk = async (paymentId: string) =>
        (await ach.getPayment(p.customerId, 'l-1', paymentId)).body.return_history.map((h: any) => h.risk);
      expect(await risk('p-1')).toEqual([
        { returnsForMethodLast60Days: 1, returnsForCustomerLast180Days: 1, representmentsLast180Days: 0 },
      ]);
      expect(await risk('p-2')).toEqual([
        { returnsForMethodLast60Days: 1, returnsForCustomerLast180Days: 2, representmentsLast180Days: 0 },
      ]);
      expect(await risk('p-3')).toEqual([
        { returnsForMethodLast60Days: 1, returnsForCustomerLast180Days: 3, representmentsLast180Days: 0 },
      ]);
      expect(await risk('p-4')).toEqual([
        { returnsForMethodLast60Days: 2, returnsForCustomerLast180Days: 4, representmentsLast180Days: 0 },
      ]);
      // Method A within 60 days of 11-20: 10-01 (50 days), 11-10 and this one; customer: all five returns.
      expect((await risk('p-5'))[1]).toEqual({
        returnsForMethodLast60Days: 3,
        returnsForCustomerLast180Days: 5,
        representmentsLast180Days: 0,
      });
    });

    it("other customers' returns never count", async () => {
      const a = await ach.achPayment('risk-a');
      const b = await ach.achPayment('risk-b');
      await ach.achReturn({ ...a.ids, ach_return_code: 'R01', ach_return_date: '2026-11-05' });
      await ach.achReturn({ ...b.ids, ach_return_code: 'R01', ach_return_date: '2026-11-06' });
      expect((await b.read()).return_history[0].risk).toEqual({
        returnsForMethodLast60Days: 1,
        returnsForCustomerLast180Days: 1,
        representmentsLast180Days: 0,
      });
    });
  });

  describe('validation (400, nothing recorded)', () => {
    let p: Awaited<ReturnType<AchApi['achPayment']>>;
    beforeAll(async () => {
      p = await ach.achPayment('invalid');
    });
    afterEach(async () => {
      const payment = await p.read();
      expect(payment.return_history).toEqual([]);
      expect(payment.transaction.status).toBe('SUBMITTED');
    });

    it.each([
      [
        'an unsupported return code',
        { ach_return_code: 'R30', ach_return_date: '2026-11-05' },
        'ach_return_code: R30 is not supported; use R01 to R29 or R51',
      ],
      [
        'an unsupported NOC code',
        { ach_correction_code: 'C14', ach_correction_date: '2026-11-05' },
        'ach_correction_code: C14 is not supported; use C01 to C13',
      ],
      [
        'a return code without its date',
        { ach_return_code: 'R01' },
        'ach_return_date: is required with ach_return_code',
      ],
      [
        'a return date without a code',
        { ach_return_date: '2026-11-05' },
        'ach_return_date: is only accepted with ach_return_code',
      ],
      [
        'a return before the payment date',
        { ach_return_code: 'R01', ach_return_date: '2026-11-01' },
        'ach_return_date: 2026-11-01 is before the payment date 2026-11-02',
      ],
      [
        'a return dated in the future',
        { ach_return_code: 'R01', ach_return_date: '2026-11-22' },
        'ach_return_date: 2026-11-22 is in the future',
      ],
      [
        'a reversal before the payment date',
        { payment_reversed: true, payment_reverse_date: '2026-10-30' },
        'payment_reverse_date: 2026-10-30 is before the payment date 2026-11-02',
      ],
      [
        'a settlement before submission',
        { ach_settlement_date: '2026-11-01' },
        'ach_settlement_date: 2026-11-01 is before the ACH submitted date 2026-11-02',
      ],
      [
        'an amount with fractions of a cent',
        { payment_amount: 125.505 },
        'payment_amount: must be a non-negative amount in dollars with at most two decimal places (got 125.505)',
      ],
      [
        'an amount beyond the NACHA amount field',
        { payment_amount: 100000000 },
        'payment_amount: must not exceed 99999999.99 (the NACHA amount field)',
      ],
      [
        'C01 without the corrected account',
        { ach_correction_code: 'C01', ach_correction_date: '2026-11-04' },
        'ach_corrected_account_number: is required with ach_correction_code C01',
      ],
      [
        'a corrected routing number with a bad check digit',
        { ach_correction_code: 'C02', ach_correction_date: '2026-11-04', ach_corrected_aba_number: '021000022' },
        'ach_corrected_aba_number: must be a 9-digit ABA routing number with a valid check digit',
      ],
      [
        'correction data without a code',
        { ach_corrected_account_number: '12345678' },
        'ach_correction_code: is required with correction data',
      ],
    ])('%s', async (_label, fields, message) => {
      const res = await ach.achReturn({ ...p.ids, ...fields });
      expect(res).toMatchObject({ status: 400, body: { error: 400, message } });
    });

    it.each([
      [
        'a malformed code',
        { ach_return_code: 'X01', ach_return_date: '2026-11-05' },
        'ach_return_code: must match pattern "^R[0-9]{2}$"',
      ],
      [
        'an impossible date',
        { ach_return_code: 'R01', ach_return_date: '2026-02-30' },
        'ach_return_date: must match format "date"',
      ],
      ['a negative amount', { payment_amount: -5 }, 'payment_amount: must be >= 0'],
      ['an unknown status', { ach_status: 'BOUNCED' }, 'ach_status: must be one of "PENDING"'],
      ['a missing identifier', { payment_id: undefined }, 'payment_id: is required'],
    ])('%s (schema)', async (_label, fields, message) => {
      const res = await ach.achReturn({ ...p.ids, ...fields });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(400);
      expect(res.body.message).toContain(message);
    });
  });

  describe('tenancy (404)', () => {
    it('an unknown payment, loan or customer reference is 404', async () => {
      const p = await ach.achPayment('404');
      for (const ids of [
        { ...p.ids, payment_id: 'p-x' },
        { ...p.ids, loan_id: 'l-x' },
        { ...p.ids, customer_id: 'c-x' },
      ]) {
        const res = await ach.achReturn({ ...ids, ach_return_code: 'R01', ach_return_date: '2026-11-05' });
        expect(res).toMatchObject({
          status: 404,
          body: {
            error: 404,
            message: `Payment ${ids.payment_id} of loan ${ids.loan_id} for customer ${ids.customer_id} not found`,
          },
        });
      }
    });

    it("another company cannot report a return on this company's payment, even with the same references", async () => {
      const p = await ach.achPayment('tenant');
      const other = await suite.t.company('Other Lender');
      const body = { ...p.ids, ach_return_code: 'R07', ach_return_date: '2026-11-05' };
      expect((await suite.t.call('POST', '/ach-returns', { key: other.apiKey, body })).status).toBe(404);
      const theirs = achApi(suite.t, suite.database.db, other.companyId, other.apiKey);
      await theirs.achPayment('tenant');
      expect((await suite.t.call('POST', '/ach-returns', { key: other.apiKey, body })).status).toBe(200);
      expect((await p.read()).return_history).toEqual([]);
      expect((await ach.methodOf(p.customerId, p.methodId)).achAuthorization.status).toBe('active');
    });
  });
});
