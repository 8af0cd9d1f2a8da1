import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { type AchApi, ROUTING, achApi, bankAccount, debitCard } from '../support/ach.js';
import { tables } from '../support/tables.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const NO_ACTION = {
  retryAllowed: false,
  accountUnusable: false,
  authorizationRevoked: false,
  stopPayment: false,
  correctionApplied: false,
};

describe.each(DIALECTS)('POST /ach-returns: NACHA behaviours on %s', (dialect) => {
  let companyId: string;
  let ach: AchApi;

  const suite = useTestService(dialect, { now: () => NOW });
  beforeAll(async () => {
    const company = await suite.t.company();
    companyId = company.companyId;
    ach = achApi(suite.t, suite.database.db, companyId, company.apiKey);
  });

  const storedMethod = (id: string) =>
    tables(suite.database.db).paymentMethods().where({ company_id: companyId, id }).first();

  it('R01: transaction RETURNED with reversal data, ACH record dates and status, one history record; retry allowed', async () => {
    const p = await ach.achPayment('r01');
    const res = await ach.achReturn({
      ...p.ids,
      ach_return_code: 'R01',
      ach_return_date: '2026-11-05',
      ach_return_reason: 'Insufficient Funds',
      ach_status: 'RETURNED',
      ach_settlement_date: '2026-11-04',
      payment_reverse_comments: 'NSF',
      system_source: 'acme-lms',
    });
    expect(res).toMatchObject({
      status: 200,
      body: { success: true, message: 'ACH return R01 recorded for payment p-1' },
    });
    const payment = await p.read();
    expect(payment.transaction).toEqual({
      status: 'RETURNED',
      payment_date: '2026-11-02',
      payment_amount: 125.5,
      payment_type: 'ach',
      system_source: 'acme-lms',
      payment_reversed: true,
      payment_reverse_date: '2026-11-05',
      payment_reverse_reason_code: 'R01',
      payment_reverse_comments: 'NSF',
      debit_status: null,
      debit_decline_reason: null,
      overall_return_code: null,
    });
    expect(payment.ach_payment).toEqual({
      status: 'RETURNED',
      ach_submitted_date: '2026-11-02',
      ach_settlement_date: '2026-11-04',
      ach_return_date: '2026-11-05',
      ach_return_code: 'R01',
      updated_at: NOW.toISOString(),
    });
    expect(payment.return_history).toEqual([
      {
        id: expect.any(String),
        ach_return_code: 'R01',
        ach_return_reason: 'Insufficient Funds',
        ach_return_date: '2026-11-05',
        ach_correction_code: null,
        ach_corrected_aba_number: null,
        ach_corrected_account_number: null,
        ach_correction_date: null,
        debit_status: null,
        debit_decline_reason: null,
        overall_return_code: null,
        risk: { returnsForMethodLast60Days: 1, returnsForCustomerLast180Days: 1, representmentsLast180Days: 0 },
        action: { ...NO_ACTION, category: 'retry', retryAllowed: true },
        created_at: NOW.toISOString(),
      },
    ]);
    expect(await ach.methodOf(p.customerId, p.methodId)).toMatchObject({
      isDefault: true,
      achAuthorization: { status: 'active' },
    });
  });

  it('R01/R09: at most two re-presentments within 180 days; the third return allows no retry', async () => {
    const p = await ach.achPayment('retry');
    for (const [code, date] of [
      ['R01', '2026-11-05'],
      ['R09', '2026-11-12'],
      ['R01', '2026-11-19'],
    ]) {
      expect((await ach.achReturn({ ...p.ids, ach_return_code: code, ach_return_date: date })).status).toBe(200);
    }
    const history = (await p.read()).return_history;
    expect(
      history.map((h: any) => [h.ach_return_code, h.risk.representmentsLast180Days, h.action.retryAllowed]),
    ).toEqual([
      ['R01', 0, true],
      ['R09', 1, true],
      ['R01', 2, false],
    ]);
  });

  it('the payment read counts down the re-presentments NACHA allows: R01 three times in 180 days leaves none', async () => {
    const p = await ach.achPayment('representment');
    expect((await p.read()).representment).toBeUndefined();
    const window = { window_ends: '2027-05-01', over_limit: false };
    const steps: Array<[string, string, number, number]> = [
      ['R01', '2026-11-05', 0, 2],
      ['R09', '2026-11-12', 1, 1],
      ['R01', '2026-11-19', 2, 0],
    ];
    for (const [code, date, made, remaining] of steps) {
      await ach.achReturn({ ...p.ids, ach_return_code: code, ach_return_date: date });
      expect((await p.read()).representment).toEqual({
        representments_made: made,
        representments_remaining: remaining,
        ...window,
      });
    }
    // A fourth return means a third re-presentment was made: over the limit.
    await ach.achReturn({ ...p.ids, ach_return_code: 'R01', ach_return_date: '2026-11-20' });
    expect((await p.read()).representment).toEqual({
      representments_made: 3,
      representments_remaining: 0,
      ...window,
      over_limit: true,
    });
  });

  it('the re-presentment window ends 180 days after the original entry; after it none remain', async () => {
    const p = await ach.achPayment('window', { payment_date: '2026-05-01', ach_submitted_date: '2026-05-01' });
    await ach.achReturn({ ...p.ids, ach_return_code: 'R01', ach_return_date: '2026-05-05' });
    expect((await p.read()).representment).toEqual({
      representments_made: 0,
      representments_remaining: 0,
      window_ends: '2026-10-28',
      over_limit: false,
    });
  });

  it('R01 more than 180 days after the original entry allows no retry', async () => {
    const p = await ach.achPayment('late', { payment_date: '2026-05-01', ach_submitted_date: '2026-05-01' });
    await ach.achReturn({ ...p.ids, ach_return_code: 'R01', ach_return_date: '2026-11-10' });
    expect((await p.read()).return_history[0].action).toEqual({ ...NO_ACTION, category: 'retry' });
  });

  it('R01 on a method whose authorization the borrower revoked allows no retry', async () => {
    const p = await ach.achPayment('r01-revoked');
    expect((await ach.revoke(p.customerId, p.methodId, { revokeAuthorization: true })).status).toBe(200);
    await ach.achReturn({ ...p.ids, ach_return_code: 'R01', ach_return_date: '2026-11-05' });
    expect((await p.read()).return_history[0].action).toEqual({ ...NO_ACTION, category: 'retry' });
  });

  it.each(['R02', 'R03', 'R04', 'R16', 'R20'])(
    '%s: account unusable; no retry; the method is marked and loses its default status',
    async (code) => {
      const p = await ach.achPayment(`unusable-${code}`);
      const res = await ach.achReturn({ ...p.ids, ach_return_code: code, ach_return_date: '2026-11-06' });
      expect(res.body.message).toBe(
        `ACH return ${code} recorded for payment p-1; payment method ${p.methodId} marked unusable for ACH`,
      );
      expect((await p.read()).return_history[0].action).toEqual({
        ...NO_ACTION,
        category: 'account_unusable',
        accountUnusable: true,
      });
      expect(await ach.methodOf(p.customerId, p.methodId)).toMatchObject({
        isDefault: false,
        achAuthorization: { status: 'active' },
        unusableForAch: { returnCode: code, since: NOW.toISOString() },
      });
    },
  );

  it.each(['R05', 'R07', 'R10', 'R11', 'R29', 'R51'])(
    "%s: authorization gone; the method's ACH authorization becomes revoked",
    async (code) => {
      const p = await ach.achPayment(`auth-${code}`);
      const other = await ach.method(
        p.customerId,
        bankAccount({ routingNumber: ROUTING.bofa, accountNumber: '11112222' }),
      );
      await ach.authorize(p.customerId, other);
      const res = await ach.achReturn({ ...p.ids, ach_return_code: code, ach_return_date: '2026-11-06' });
      expect(res.body.message).toBe(
        `ACH return ${code} recorded for payment p-1; ACH authorization of payment method ${p.methodId} revoked`,
      );
      expect((await p.read()).return_history[0].action).toEqual({
        ...NO_ACTION,
        category: 'authorization_revoked',
        authorizationRevoked: true,
      });
      const method = await ach.methodOf(p.customerId, p.methodId);
      expect(method).toMatchObject({
        isDefault: false,
        unusableForAch: null,
        achAuthorization: { status: 'revoked', revokedAt: NOW.toISOString() },
      });
      expect(method.achAuthorization.history.at(-1)).toEqual({
        event: 'revoked',
        source: 'ach_return',
        occurredAt: NOW.toISOString(),
        method: null,
        evidenceRef: null,
        returnCode: code,
      });
      expect((await ach.methodOf(p.customerId, other)).achAuthorization.status).toBe('active');
      // The partner's revocation endpoint now sees a revoked authorization.
      expect((await ach.revoke(p.customerId, p.methodId, { revokeAuthorization: false })).status).toBe(422);
    },
  );

  it('R07 on a bank account never authorized here still revokes: a new authorization must be captured first', async () => {
    const p = await ach.achPayment('r07-none');
    const fresh = await ach.method(p.customerId, bankAccount({ accountNumber: '31313131' }));
    await ach.payment({ ...p.ids, payment_id: 'p-fresh', payment_method_id: fresh, payment_date: '2026-11-02' });
    await ach.achReturn({ ...p.ids, payment_id: 'p-fresh', ach_return_code: 'R07', ach_return_date: '2026-11-06' });
    expect((await ach.methodOf(p.customerId, fresh)).achAuthorization).toMatchObject({
      status: 'revoked',
      revokedAt: NOW.toISOString(),
    });
    expect((await ach.revoke(p.customerId, fresh, { revokeAuthorization: true })).body.revokeAuthorization).toBe(true);
  });

  it('R08: stop payment on that item only; the method keeps its authorization and default', async () => {
    const p = await ach.achPayment('r08');
    await ach.achReturn({ ...p.ids, ach_return_code: 'R08', ach_return_date: '2026-11-06' });
    expect((await p.read()).return_history[0].action).toEqual({
      ...NO_ACTION,
      category: 'stop_payment',
      stopPayment: true,
    });
    expect(await ach.methodOf(p.customerId, p.methodId)).toMatchObject({
      isDefault: true,
      achAuthorization: { status: 'active' },
    });
  });

  it('other codes (R24) are recorded with no action', async () => {
    const p = await ach.achPayment('r24');
    await ach.achReturn({ ...p.ids, ach_return_code: 'R24', ach_return_date: '2026-11-06' });
    expect((await p.read()).return_history[0].action).toEqual({ ...NO_ACTION, category: 'other' });
  });

  describe('notifications of change', () => {
    it('C01: the corrected account number replaces the stored one; the entry is not returned', async () => {
      const p = await ach.achPayment('c01');
      const res = await ach.achReturn({
        ...p.ids,
        ach_correction_code: 'C01',
        ach_correction_date: '2026-11-04',
        ach_corrected_account_number: '99887766',
      });
      expect(res.body.message).toBe(
        `Notification of change C01 recorded for payment p-1; correction applied to payment method ${p.methodId}`,
      );
      const payment = await p.read();
      expect(payment.transaction).toMatchObject({ status: 'SUBMITTED', payment_reversed: false });
      expect(payment.return_history[0]).toMatchObject({
        ach_correction_code: 'C01',
        ach_correction_date: '2026-11-04',
        ach_corrected_account_number: '****7766',
        ach_return_code: null,
        risk: { returnsForMethodLast60Days: 0, returnsForCustomerLast180Days: 0 },
        action: { ...NO_ACTION, category: 'correction', correctionApplied: true },
      });
      expect((await ach.methodOf(p.customerId, p.methodId)).last4).toBe('7766');
      expect(await storedMethod(p.methodId)).toMatchObject({
        account_number: '99887766',
        routing_number: ROUTING.chase,
      });
    });

    it('C02 corrects the routing number, C03 both', async () => {
      const a = await ach.achPayment('c02');
      await ach.achReturn({
        ...a.ids,
        ach_correction_code: 'C02',
        ach_correction_date: '2026-11-04',
        ach_corrected_aba_number: ROUTING.boston,
      });
      expect(await storedMethod(a.methodId)).toMatchObject({
        routing_number: ROUTING.boston,
        account_number: '000123456789',
      });
      const b = await ach.achPayment('c03');
      await ach.achReturn({
        ...b.ids,
        ach_correction_code: 'C03',
        ach_correction_date: '2026-11-04',
        ach_corrected_aba_number: ROUTING.bofa,
        ach_corrected_account_number: '4444',
      });
      expect(await storedMethod(b.methodId)).toMatchObject({
        routing_number: ROUTING.bofa,
        account_number: '4444',
        last4: '4444',
      });
    });

    it('C05 (transaction code) is recorded only: nothing stored carries it', async () => {
      const p = await ach.achPayment('c05');
      const before = await storedMethod(p.methodId);
      await ach.achReturn({ ...p.ids, ach_correction_code: 'C05', ach_correction_date: '2026-11-04' });
      expect((await p.read()).return_history[0].action).toEqual({ ...NO_ACTION, category: 'correction' });
      expect(await storedMethod(p.methodId)).toEqual(before);
    });
  });

  it('a debit-card decline is recorded, counted as a return, and changes no ACH state', async () => {
    const p = await ach.achPayment('debit');
    const card = await ach.method(p.customerId, debitCard());
    await ach.payment({
      ...p.ids,
      payment_id: 'p-card',
      payment_method_id: card,
      payment_type: 'debit_card',
      payment_amount: 50,
    });
    const res = await ach.achReturn({
      ...p.ids,
      payment_id: 'p-card',
      debit_status: 'DECLINED',
      debit_decline_reason: 'Insufficient funds',
      overall_return_code: 'D05',
    });
    expect(res.body.message).toBe('Debit card decline recorded for payment p-card');
    const payment = (await ach.getPayment(p.customerId, 'l-1', 'p-card')).body;
    expect(payment.transaction).toMatchObject({
      status: null,
      debit_status: 'DECLINED',
      debit_decline_reason: 'Insufficient funds',
      overall_return_code: 'D05',
    });
    expect(payment.return_history[0]).toMatchObject({
      risk: { returnsForMethodLast60Days: 1, returnsForCustomerLast180Days: 1 },
      action: { ...NO_ACTION, category: 'debit_decline' },
    });
  });

  it('a submission without a return, correction or decline updates the records and adds no history', async () => {
    const p = await ach.achPayment('status');
    const res = await ach.achReturn({ ...p.ids, ach_status: 'COMPLETED', ach_settlement_date: '2026-11-04' });
    expect(res.body).toEqual({
      success: true,
      message: 'Payment p-1 updated; no return, correction or decline to record',
    });
    const payment = await p.read();
    expect(payment.ach_payment).toMatchObject({ status: 'COMPLETED', ach_settlement_date: '2026-11-04' });
    expect(payment.transaction.status).toBe('COMPLETED');
    expect(payment.return_history).toEqual([]);
  });

  it('a payment without an ACH record gets none from a return (only an existing record is updated)', async () => {
    const p = await ach.achPayment('no-ach-record');
    await ach.payment({ ...p.ids, payment_id: 'p-plain', payment_amount: 10 });
    await ach.achReturn({
      ...p.ids,
      payment_id: 'p-plain',
      ach_return_code: 'R01',
      ach_return_date: '2026-11-06',
      ach_status: 'RETURNED',
    });
    const payment = (await ach.getPayment(p.customerId, 'l-1', 'p-plain')).body;
    expect(payment).toMatchObject({ ach_payment: null, transaction: { status: 'RETURNED' } });
    expect(payment.return_history).toHaveLength(1);
  });
});
