import { beforeEach, describe, expect, it } from 'vitest';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { validCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { insideCallingRules, NOW } from '../support/enrollment.js';
import { waitForJob } from '../support/jobs.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Loan rows with a taskType start, keep or stop that loan's outreach (POST /loans and loan batches). */
describe.each(DIALECTS)('loan rows create schedules on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => NOW });
  let key: string;
  let companyId: string;

  beforeEach(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
    expect((await suite.t.call('POST', '/customers', { key, body: validCustomer('cust-1') })).status).toBe(201);
    await addWebhookEndpoint(suite.database.db, companyId, 'http://127.0.0.1:9/hooks', NOW); // deliveries are only checked as written
  });

  const pastDue = (overrides: Record<string, unknown> = {}) => ({
    id: 'loan-1',
    customerId: 'cust-1',
    taskType: 'Collections',
    daysPastDueAtBoarding: 12,
    amountDue: 250.5,
    ...overrides,
  });
  const postLoan = (body: Record<string, unknown>) => suite.t.call('POST', '/loans', { key, body });
  const calls = async () => (await suite.t.call('GET', '/scheduled-calls/customer/cust-1', { key })).body as any[];
  const schedules = () =>
    tables(suite.database.db).schedules().where({ company_id: companyId, source: 'loan' }).orderBy('created_at');
  const rowsOf = (loanId: string) =>
    tables(suite.database.db).scheduledCalls().where({ company_id: companyId, loan_id: loanId });

  it("a past-due collections loan starts the task type's call cadence for that loan; resubmitting keeps it", async () => {
    expect((await postLoan(pastDue())).status).toBe(201);
    const first = await calls();
    expect(first).toHaveLength(3); // the Collections cadence
    expect(first.every((c) => c.status === 'pending' && insideCallingRules(c.scheduledTime, 'America/New_York'))).toBe(
      true,
    );
    expect(
      (await rowsOf('loan-1')).every((r: any) => r.purpose === 'collections' && r.task_type === 'Collections'),
    ).toBe(true);

    const again = await postLoan(pastDue({ amountDue: 300 }));
    expect(again.status).toBe(200);
    expect(await calls()).toEqual(first); // updated, not duplicated or restarted
    expect(await schedules()).toHaveLength(1);
  });

  it.each([
    ['paid off (servicingStatus)', { servicingStatus: 'Paid Off' }],
    ['settled', { isSettled: true }],
    ['charged off', { chargeoffDate: '2026-12-01' }],
    ['no longer past due', { daysPastDueAtBoarding: 0, dueDate: '2026-12-20' }],
  ])('a loan that is %s stops its outreach', async (_name, change) => {
    await postLoan(pastDue());
    expect((await postLoan(pastDue(change))).status).toBe(200);
    const list = await calls();
    expect(list).toHaveLength(3);
    expect(list.every((c) => c.status === 'cancelled')).toBe(true);
    for (const r of await rowsOf('loan-1'))
      expect(r.status_reason).toMatch(
        /^the loan(?:'s servicingStatus is Paid Off| is settled| is charged off| is not past due)$/,
      );
    expect((await schedules()).map((s: any) => s.status)).toEqual(['cancelled']);
    const events = await tables(suite.database.db)
      .webhookDeliveries()
      .where({ company_id: companyId, event_type: 'scheduled_call.updated' })
      .select('event_key');
    expect(events.map((e: { event_key: string }) => e.event_key).sort()).toEqual(
      list.map((c) => `scheduled_call.updated:${c.id}:cancelled`).sort(),
    );
  });

  it('a collections loan that is not past due gets no outreach; one whose due date passed with an amount due does', async () => {
    await postLoan(pastDue({ daysPastDueAtBoarding: 0, dueDate: '2026-12-20' }));
    expect(await calls()).toHaveLength(0);
    await postLoan(pastDue({ id: 'loan-2', daysPastDueAtBoarding: undefined, dueDate: '2026-11-30', amountDue: 80 }));
    expect(await rowsOf('loan-2')).toHaveLength(3);
  });

  it("each loan has its own schedule (Reg F caps count per debt); a changed task type replaces the loan's schedule", async () => {
    await postLoan(pastDue());
    await postLoan(pastDue({ id: 'loan-2' }));
    expect(await rowsOf('loan-1')).toHaveLength(3);
    expect(await rowsOf('loan-2')).toHaveLength(3);
    await postLoan(pastDue({ id: 'loan-2', taskType: 'PendingLoanReturning' }));
    const loan2 = await rowsOf('loan-2');
    expect(loan2.filter((r: any) => r.status === 'cancelled')).toHaveLength(3);
    expect(
      loan2.filter((r: any) => r.status === 'pending' && r.task_type === 'PendingLoanReturning').length,
    ).toBeGreaterThan(0);
  });

  it('a loan without a taskType creates nothing', async () => {
    expect((await postLoan({ id: 'loan-9', customerId: 'cust-1', amountDue: 5 })).status).toBe(201);
    expect(await calls()).toHaveLength(0);
  });

  it('an unknown taskType is 400 naming the allowed values, and nothing is stored', async () => {
    const res = await postLoan(pastDue({ taskType: 'Colections' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 400,
      message:
        'taskType "Colections" is not configured for this company; allowed values: PendingLoanNewLead, PendingLoanReturning, Collections',
    });
    expect(await tables(suite.database.db).loans().where({ company_id: companyId })).toHaveLength(0);
  });

  it("loan batch rows: each row starts its loan's outreach; an unknown taskType fails that row only", async () => {
    const loans = [
      pastDue({ id: 'b-1' }),
      pastDue({ id: 'b-2', taskType: 'Nope' }),
      pastDue({ id: 'b-3' }),
      pastDue({ id: 'b-1', amountDue: 1 }),
    ];
    const res = await suite.t.call('POST', '/loans/batch', { key, body: { loans: loans.slice(0, 3) } });
    expect(res.status).toBe(202);
    const job = await waitForJob(suite.t, key, `/loans/batch/${res.body.jobId}`);
    expect(job.failed).toBe(1);
    expect(job.failures).toEqual([
      {
        index: 1,
        customerId: 'cust-1',
        loanId: 'b-2',
        message:
          '400: taskType "Nope" is not configured for this company; allowed values: PendingLoanNewLead, PendingLoanReturning, Collections',
      },
    ]);
    expect(await rowsOf('b-1')).toHaveLength(3);
    expect(await rowsOf('b-3')).toHaveLength(3);
    const resubmit = await suite.t.call('POST', '/loans/batch', { key, body: { loans: [loans[3]] } });
    await waitForJob(suite.t, key, `/loans/batch/${resubmit.body.jobId}`);
    expect(await rowsOf('b-1')).toHaveLength(3); // resubmitting a row updates, never duplicates
  });
});
