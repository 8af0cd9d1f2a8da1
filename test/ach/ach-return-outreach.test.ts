import { beforeEach, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { type AchApi, achApi, bankAccount } from '../support/ach.js';
import { DIALECTS } from '../support/databases.js';
import { insideCallingRules, NOW } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Christmas Day 2026 (a Friday), 10:00 in New York: a federal holiday, no call may fall on it. */
const CHRISTMAS = new Date('2026-12-25T15:00:00Z');

const PAYMENT_RETURNED = {
  id: 'payment-returned',
  steps: [
    { id: 'day0', day: 0 },
    { id: 'day1', day: 1, at: '12:00' },
  ],
};

/** The default catalog plus a collections task type whose cadence is the payment-returned one. */
function outreachConfig(returnOutreach: Record<string, unknown> = { enabled: true, taskType: 'PaymentReturned' }) {
  const base = defaultCompanyConfig();
  return {
    ...base,
    taskTypes: [...base.taskTypes, { name: 'PaymentReturned', purpose: 'collections' }],
    scheduler: { taskTypes: { PaymentReturned: { purpose: 'collections', cadence: PAYMENT_RETURNED } } },
    ach: { returnOutreach },
  };
}

/** Outreach on a return (issue 28 item 6; docs/partners/ach.md "Outreach on a return"). */
describe.each(DIALECTS)('outreach on an ACH return on %s', (dialect) => {
  let clock = NOW;
  const suite = useTestService(dialect, { now: () => clock });
  let companyId: string;
  let key: string;
  let ach: AchApi;

  beforeEach(async () => {
    clock = NOW;
    ({ companyId, apiKey: key } = await suite.t.company());
    ach = achApi(suite.t, suite.database.db, companyId, key);
  });

  /** Customer `c-<tag>` with loan `l-1` of this task type and ACH payment `p-1` (paid 2026-11-02). */
  async function paymentOn(tag: string, loanTaskType: string | null) {
    const customerId = `c-${tag}`;
    await ach.customer(customerId);
    const at = new Date().toISOString();
    await tables(suite.database.db).loans().insert({
      company_id: companyId,
      customer_id: customerId,
      id: 'l-1',
      task_type: loanTaskType,
      created_at: at,
      updated_at: at,
    });
    const methodId = await ach.method(customerId, bankAccount({ isDefault: true }));
    await ach.authorize(customerId, methodId);
    const ids = { customer_id: customerId, loan_id: 'l-1', payment_id: 'p-1' };
    await ach.payment({
      ...ids,
      payment_method_id: methodId,
      payment_date: '2026-11-02',
      payment_amount: 80,
      payment_type: 'ach',
      ach_status: 'SUBMITTED',
      ach_submitted_date: '2026-11-02',
    });
    return { customerId, ids };
  }

  const r01 = (ids: Record<string, string>, date = '2026-11-05') => ({
    ...ids,
    ach_return_code: 'R01',
    ach_return_date: date,
  });
  const callsOf = (customerId: string) =>
    tables(suite.database.db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: customerId })
      .orderBy('scheduled_time');
  const cadencesOf = (customerId: string) =>
    tables(suite.database.db).cadences().where({ company_id: companyId, customer_id: customerId });
  const historyOf = (customerId: string) =>
    tables(suite.database.db).achReturnHistory().where({ company_id: companyId, customer_id: customerId });

  it('is off by default: a return on a collections loan schedules nothing and the answer has no outreach', async () => {
    const { customerId, ids } = await paymentOn('off', 'Collections');
    const res = await ach.achReturn(r01(ids));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: expect.stringMatching(/^ACH return R01 recorded for payment p-1/),
    });
    expect(await callsOf(customerId)).toHaveLength(0);
    expect(await cadencesOf(customerId)).toHaveLength(0);
  });

  it('enabled: a return on a collections loan enrolls the customer in the configured cadence, inside the calling rules', async () => {
    await setCompanyConfig(suite.database.db, companyId, outreachConfig());
    const { customerId, ids } = await paymentOn('on', 'Collections');
    const res = await ach.achReturn(r01(ids));
    expect(res.status).toBe(200);
    const calls = await callsOf(customerId);
    expect(calls.map((c: any) => [c.step, c.task_type, c.purpose, c.loan_id, c.status])).toEqual([
      ['day0', 'PaymentReturned', 'collections', 'l-1', 'pending'],
      ['day1', 'PaymentReturned', 'collections', 'l-1', 'pending'],
    ]);
    expect(
      calls.every((c: any) => insideCallingRules(new Date(c.scheduled_time).toISOString(), 'America/New_York')),
    ).toBe(true);
    expect(res.body.outreach).toEqual({
      status: 'enrolled',
      task_type: 'PaymentReturned',
      schedule_id: calls[0].schedule_id,
      scheduled_call_id: calls[0].id,
      scheduled_time: new Date(calls[0].scheduled_time).toISOString(),
      scheduled_call_count: 2,
    });
    const [cadence] = await cadencesOf(customerId);
    expect(cadence).toMatchObject({ task_type: 'PaymentReturned', status: 'active' });
  });

  it('the first call of a return on Christmas Day moves off the holiday', async () => {
    await setCompanyConfig(suite.database.db, companyId, outreachConfig());
    const { customerId, ids } = await paymentOn('xmas', 'Collections');
    clock = CHRISTMAS;
    const res = await ach.achReturn(r01(ids, '2026-12-24'));
    expect(res.body.outreach).toMatchObject({ status: 'enrolled', scheduled_call_count: 2 });
    const first = new Date((await callsOf(customerId))[0].scheduled_time).toISOString();
    expect(DateTime.fromISO(first, { zone: 'America/New_York' }).toISODate()! > '2026-12-25').toBe(true);
    expect(insideCallingRules(first, 'America/New_York')).toBe(true);
    expect(res.body.outreach.scheduled_time).toBe(first);
  });

  it('a return on an origination loan, or a loan without a task type, enrolls no one', async () => {
    await setCompanyConfig(suite.database.db, companyId, outreachConfig());
    for (const [tag, taskType] of [
      ['orig', 'PendingLoanNewLead'],
      ['none', null],
    ] as const) {
      const { customerId, ids } = await paymentOn(tag, taskType);
      const res = await ach.achReturn(r01(ids));
      expect(res.status).toBe(200);
      expect(res.body.outreach).toBeUndefined();
      expect(await callsOf(customerId)).toHaveLength(0);
    }
  });

  it('a resubmitted return enrolls nobody twice; another return of the loan finds the cadence active', async () => {
    await setCompanyConfig(suite.database.db, companyId, outreachConfig());
    const { customerId, ids } = await paymentOn('dup', 'Collections');
    expect((await ach.achReturn(r01(ids))).body.outreach.status).toBe('enrolled');
    const calls = await callsOf(customerId);

    const again = await ach.achReturn(r01(ids));
    expect(again.status).toBe(200);
    expect(again.body.message).toMatch(/already recorded/);
    expect(again.body.outreach).toBeUndefined();

    const later = await ach.achReturn(r01(ids, '2026-11-20')); // a re-presentment returned again
    expect(later.body.outreach).toEqual({
      status: 'already_enrolled',
      task_type: 'PaymentReturned',
      schedule_id: calls[0].schedule_id,
    });
    expect(await callsOf(customerId)).toEqual(calls);
    expect(await cadencesOf(customerId)).toHaveLength(1);
    expect(await historyOf(customerId)).toHaveLength(2);
  });

  it('a customer already in an active cadence for another loan is not enrolled a second time', async () => {
    await setCompanyConfig(suite.database.db, companyId, outreachConfig());
    const { customerId, ids } = await paymentOn('two', 'Collections');
    const at = new Date().toISOString();
    await tables(suite.database.db).loans().insert({
      company_id: companyId,
      customer_id: customerId,
      id: 'l-2',
      task_type: 'Collections',
      created_at: at,
      updated_at: at,
    });
    await ach.payment({
      customer_id: customerId,
      loan_id: 'l-2',
      payment_id: 'p-2',
      payment_date: '2026-11-02',
      payment_amount: 40,
      payment_type: 'ach',
      ach_status: 'SUBMITTED',
      ach_submitted_date: '2026-11-02',
    });
    expect((await ach.achReturn(r01(ids))).body.outreach.status).toBe('enrolled');
    const calls = await callsOf(customerId);

    const second = await ach.achReturn(r01({ ...ids, loan_id: 'l-2', payment_id: 'p-2' }));
    expect(second.status).toBe(200);
    expect(second.body.outreach).toEqual({
      status: 'not_enrolled',
      task_type: 'PaymentReturned',
      reason: `Customer ${customerId} has an active cadence for application l-1`,
    });
    expect(await callsOf(customerId)).toEqual(calls);
    expect(await historyOf(customerId)).toHaveLength(2);
  });

  it('a contact restriction refuses the enrollment and the return is recorded all the same', async () => {
    await setCompanyConfig(suite.database.db, companyId, outreachConfig());
    const { customerId, ids } = await paymentOn('dnc', 'Collections');
    await tables(suite.database.db)
      .customers()
      .where({ company_id: companyId, id: customerId })
      .update({ do_not_call: true });
    const res = await ach.achReturn(r01(ids));
    expect(res.status).toBe(200);
    expect(res.body.outreach).toEqual({
      status: 'not_enrolled',
      task_type: 'PaymentReturned',
      reason: `Customer ${customerId} has an active contact restriction (do_not_call)`,
    });
    expect(await callsOf(customerId)).toHaveLength(0);
    expect(await cadencesOf(customerId)).toHaveLength(0);
    expect(await historyOf(customerId)).toHaveLength(1);
  });

  it('returnCodes limits the codes that start it', async () => {
    await setCompanyConfig(
      suite.database.db,
      companyId,
      outreachConfig({ enabled: true, taskType: 'PaymentReturned', returnCodes: ['R01'] }),
    );
    const { customerId, ids } = await paymentOn('codes', 'Collections');
    const res = await ach.achReturn({ ...ids, ach_return_code: 'R02', ach_return_date: '2026-11-05' });
    expect(res.status).toBe(200);
    expect(res.body.outreach).toBeUndefined();
    expect(await callsOf(customerId)).toHaveLength(0);
  });

  it('each batch row enrolls on its own; a resubmitted batch enrolls no one again', async () => {
    await setCompanyConfig(suite.database.db, companyId, outreachConfig());
    const a = await paymentOn('ba', 'Collections');
    const b = await paymentOn('bb', 'PendingLoanNewLead');
    const rows = [
      r01(a.ids),
      { ...r01(b.ids) },
      { ...a.ids, payment_id: 'missing', ach_return_code: 'R01', ach_return_date: '2026-11-05' },
    ];
    const first = await suite.t.call('POST', '/ach-returns/batch', { key, body: { returns: rows } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ applied: 2, failed: 1 });
    const [ra, rb, rc] = first.body.results;
    expect(ra.outreach).toMatchObject({ status: 'enrolled', task_type: 'PaymentReturned', scheduled_call_count: 2 });
    expect(rb.outreach).toBeUndefined();
    expect(rc).toMatchObject({ index: 2, success: false, error: 404 });
    expect(rc.outreach).toBeUndefined();
    const calls = await callsOf(a.customerId);
    expect(calls).toHaveLength(2);
    expect(await callsOf(b.customerId)).toHaveLength(0);

    const again = await suite.t.call('POST', '/ach-returns/batch', { key, body: { returns: rows } });
    expect(again.body.results.map((r: any) => r.outreach)).toEqual([undefined, undefined, undefined]);
    expect(await callsOf(a.customerId)).toEqual(calls);
  });

  it('the configuration names a collections task type the scheduler has a cadence for', async () => {
    const base = outreachConfig();
    await expect(
      setCompanyConfig(suite.database.db, companyId, {
        ...base,
        ach: { returnOutreach: { enabled: true, taskType: 'Nope' } },
      }),
    ).rejects.toThrow('ach.returnOutreach names unknown task type "Nope"');
    await expect(
      setCompanyConfig(suite.database.db, companyId, {
        ...base,
        ach: { returnOutreach: { enabled: true, taskType: 'PendingLoanNewLead' } },
      }),
    ).rejects.toThrow('must have purpose collections');
    await expect(setCompanyConfig(suite.database.db, companyId, { ...base, scheduler: undefined })).rejects.toThrow(
      'ach.returnOutreach task type "PaymentReturned" has no cadence in the scheduler section',
    );
    await expect(
      setCompanyConfig(suite.database.db, companyId, {
        ...base,
        ach: { returnOutreach: { enabled: true, taskType: 'PaymentReturned', returnCodes: ['R99'] } },
      }),
    ).rejects.toThrow('/ach/returnOutreach/returnCodes/0');
  });
});
