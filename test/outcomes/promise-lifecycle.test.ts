import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCallAt } from '../../src/domain/calls/call-rules.js';
import { runPromiseSweep } from '../../src/domain/calls/promise-follow-ups.js';
import { getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import { listPromiseReviews } from '../../src/domain/promises/promises.js';
import { findCompanies } from '../../src/domain/shared/company-config.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { getCustomer } from '../../src/store/borrowers/customers.js';
import { getScheduledCall } from '../../src/store/scheduled-calls/scheduled-calls.js';
import { settledScheduledCall, startCallStack, type CallStack } from '../support/calls.js';
import { DIALECTS } from '../support/databases.js';
import { collectionsSyncBody } from '../support/enrollment.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Tuesday 2026-12-08, 09:59:40 in New York: the syncs made at start are called at 10:00. */
const CLOCK = '2026-12-08T14:59:40Z';
/** 555-0160 promises $150 three days after the call (Friday 2026-12-11); with the default grace of 3 days the window ends Monday 14. */
const PROMISED = '2026-12-11';
const DUE = '2026-12-14';
/** The start of Tuesday 2026-12-15 in New York: the window has closed. */
const WINDOW_CLOSED = new Date('2026-12-15T05:00:00Z');

/**
 * Collections borrowers on the sandbox's magic numbers (src/simulators/voice/scenarios.ts; the area
 * code varies, the last digits decide), each through the voice simulator: promises kept by a
 * payment, broken and followed up, re-opened by an ACH return, partly kept; a promise refused for
 * review; a full voicemail.
 */
const PEOPLE = {
  kept: '(212) 555-0160',
  broken: '(646) 555-0160',
  returned: '(718) 555-0160',
  partial: '(917) 555-0160',
  review: '(212) 555-0161',
  mailbox: '(212) 555-0163',
} as const;
type Person = keyof typeof PEOPLE;

describe.each(DIALECTS)('promises to pay kept, broken and followed up, re-opened, partly kept on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let stack: CallStack;
  let key: string;
  let companyId: string;
  const done: Partial<Record<Person, { id: string; callId: string; postProcessingFlags: string[] }>> = {};

  const promiseOf = async (person: Person) => {
    const res = await stack.t.call('GET', `/customers/pl-${person}/promises`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.promises[0];
  };
  const read = async (id: string) => (await stack.t.call('GET', `/promises/${id}`, { key })).body;
  const pay = async (person: Person, paymentId: string, amount: number, extra: Record<string, unknown> = {}) => {
    const res = await stack.t.call('PUT', '/payments', {
      key,
      body: {
        customer_id: `pl-${person}`,
        loan_id: `loan-pl-${person}`,
        payment_id: paymentId,
        payment_date: '2026-12-08',
        payment_amount: amount,
        payment_type: 'debit_card',
        ...extra,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  };
  const events = (promiseId: string) =>
    tables(database.db)
      .webhookDeliveries()
      .where({ company_id: companyId, subject_id: promiseId })
      .orderBy('created_at')
      .pluck('event_type');

  beforeAll(async () => {
    stack = await startCallStack(database.db, CLOCK);
    ({ apiKey: key, companyId } = await stack.t.company());
    await addWebhookEndpoint(database.db, companyId, 'http://127.0.0.1:9/hooks', new Date());
    // A reminder text the day before the promised date, 10:00 the borrower's time.
    const config = await getCompanyConfig(database.db, companyId);
    await setCompanyConfig(database.db, companyId, {
      ...config,
      templates: { ...config.templates, promise_reminder: { body: 'A reminder of the payment you promised.' } },
      promises: { reminder: { template: 'promise_reminder' } },
    });
    const synced = await Promise.all(
      Object.entries(PEOPLE).map(([person, phone]) =>
        stack.t.call('POST', '/customers/schedule/sync', {
          key,
          body: collectionsSyncBody(`pl-${person}`, phone),
        }),
      ),
    );
    for (const res of synced) expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Each borrower's loan, owing $1,000 (no task type: the loan starts no outreach of its own).
    const loans = await Promise.all(
      Object.keys(PEOPLE).map((person) =>
        stack.t.call('POST', '/loans', {
          key,
          body: { id: `loan-pl-${person}`, customerId: `pl-${person}`, totalBalance: 1000 },
        }),
      ),
    );
    for (const res of loans) expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    await Promise.all(
      (Object.keys(PEOPLE) as Person[]).map(async (person) => {
        const [first] = (await stack.t.call('GET', `/scheduled-calls/customer/pl-${person}`, { key })).body;
        done[person] = await settledScheduledCall(stack.t, key, first.id);
      }),
    );
  }, 150_000);

  afterAll(async () => {
    await stack?.t.stop();
    await stack?.sandbox.close();
    await stack?.live.close();
  });

  it('each 555-0160 call made an open promise of $150 by Friday, its window to Monday, its reminder text Thursday 10:00', async () => {
    for (const person of ['kept', 'broken', 'returned', 'partial'] as const) {
      const promise = await promiseOf(person);
      expect(promise).toMatchObject({
        customerId: `pl-${person}`,
        loanId: `loan-pl-${person}`,
        callId: done[person]!.callId,
        amount: '150.00',
        promisedDate: PROMISED,
        dueDate: DUE,
        status: 'open',
        paidAmount: '0.00',
        followUpScheduledCallId: null,
      });
      expect(await events(promise.id)).toEqual(['promise.created']);
      const [reminder] = await tables(database.db)
        .scheduledMessages()
        .where({ company_id: companyId, customer_id: `pl-${person}`, step: 'promise-reminder' });
      expect(reminder).toMatchObject({ channel: 'sms', template: 'promise_reminder', status: 'pending' });
      expect(new Date(reminder.scheduled_time as string).toISOString()).toBe('2026-12-10T15:00:00.000Z');
    }
  });

  it('a promise past the horizon (555-0161, 90 days ahead) is flagged for review, not made', async () => {
    expect(await promiseOf('review')).toBeUndefined();
    const [review] = await listPromiseReviews(database.db, companyId, 'pl-review');
    expect(review).toMatchObject({ callId: done.review!.callId, amount: '200', promisedDate: '2027-03-08' });
    expect(review.reason).toBe('date 2027-03-08 is more than 60 days ahead');
  });

  it('a payment covering the amount in the window keeps the promise: promise.kept, the reminder cancelled', async () => {
    const { id } = await promiseOf('kept');
    await pay('kept', 'pay-kept-1', 100);
    expect(await read(id)).toMatchObject({ status: 'open', paidAmount: '100.00' });
    await pay('kept', 'pay-kept-2', 50);
    expect(await read(id)).toMatchObject({ status: 'kept', paidAmount: '150.00' });
    expect(await events(id)).toEqual(['promise.created', 'promise.kept']);
    const reminder = await tables(database.db)
      .scheduledMessages()
      .where({ company_id: companyId, customer_id: 'pl-kept', step: 'promise-reminder' })
      .first();
    expect(reminder).toMatchObject({ status: 'cancelled', status_reason: `Promise ${id} kept` });
  });

  it('an ACH return of the payment that kept it re-opens the promise; unpaid at the end of its window it breaks', async () => {
    const { id } = await promiseOf('returned');
    await pay('returned', 'pay-ach', 150, { ach_status: 'SUBMITTED', ach_submitted_date: '2026-12-08' });
    expect(await read(id)).toMatchObject({ status: 'kept', paidAmount: '150.00' });
    const returned = await stack.t.call('POST', '/ach-returns', {
      key,
      body: {
        customer_id: 'pl-returned',
        loan_id: 'loan-pl-returned',
        payment_id: 'pay-ach',
        ach_return_code: 'R01',
        ach_return_date: '2026-12-08',
      },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(await read(id)).toMatchObject({ status: 'open', paidAmount: '0.00' });
    expect(await events(id)).toEqual(['promise.created', 'promise.kept', 'promise.reopened']);
  });

  it('at the end of the window: nothing paid breaks the promise, part paid keeps it partly; each is followed up with a call', async () => {
    await pay('partial', 'pay-partial', 60);
    const [broken, partial, returned] = await Promise.all([
      promiseOf('broken'),
      promiseOf('partial'),
      promiseOf('returned'),
    ]);
    expect(partial).toMatchObject({ status: 'open', paidAmount: '60.00' });
    // Not yet: the window closes at the start of Tuesday, New York time.
    expect(await runPromiseSweep(database.db, new Date(WINDOW_CLOSED.getTime() - 1000))).toEqual({
      settled: 0,
      followedUp: 0,
    });
    expect(await runPromiseSweep(database.db, WINDOW_CLOSED)).toEqual({ settled: 3, followedUp: 3 });
    expect(await read(broken.id)).toMatchObject({ status: 'broken', paidAmount: '0.00' });
    expect(await read(partial.id)).toMatchObject({ status: 'partially_kept', paidAmount: '60.00' });
    expect(await read(returned.id)).toMatchObject({ status: 'broken' });
    // A kept promise stays kept at the end of its window, with no follow-up.
    expect(await read((await promiseOf('kept')).id)).toMatchObject({ status: 'kept', followUpScheduledCallId: null });
    expect(await events(broken.id)).toEqual(['promise.created', 'promise.broken']);
    expect(await events(partial.id)).toEqual(['promise.created', 'promise.partially_kept']);
    // Run again: nothing more.
    expect(await runPromiseSweep(database.db, new Date(WINDOW_CLOSED.getTime() + 60_000))).toEqual({
      settled: 0,
      followedUp: 0,
    });
  });

  it('the follow-up is a pending call on the number of the promise, from the business day after the window, through the rules, with the reason', async () => {
    const config = (await findCompanies(database.db, [companyId])).get(companyId)!.config;
    for (const person of ['broken', 'partial'] as const) {
      const promise = await read((await promiseOf(person)).id);
      expect(promise.followUpScheduledCallId).toEqual(expect.any(String));
      const call = await stack.t.call('GET', `/scheduled-calls/${promise.followUpScheduledCallId}`, { key });
      expect(call.body).toMatchObject({ status: 'pending', customerId: `pl-${person}` });
      // From Tuesday 15, the next business day; the Reg F quiet period after the promise's conversation
      // (Tuesday 8, 10:00) and the caps may move it later, never before the window's end.
      expect(Date.parse(call.body.scheduledTime)).toBeGreaterThanOrEqual(WINDOW_CLOSED.getTime());
      expect(Date.parse(call.body.scheduledTime)).toBeLessThan(Date.parse('2026-12-23T05:00:00Z'));
      const row = (await getScheduledCall(database.db, companyId, promise.followUpScheduledCallId))!;
      const made = (await getScheduledCall(database.db, companyId, done[person]!.id))!;
      expect(row).toMatchObject({
        step: 'promise-follow-up',
        phoneNumber: made.phoneNumber,
        loanId: `loan-pl-${person}`,
      });
      expect(row.statusReason).toContain(`Promise ${promise.id} of 150.00 by ${PROMISED} was`);
      expect(promise.followUpReason).toBe(row.statusReason);
      const customer = (await getCustomer(database.db, companyId, `pl-${person}`))!;
      expect(await checkCallAt(database.db, config, customer, row, new Date(row.scheduledTime))).toMatchObject({
        kind: 'allowed',
      });
    }
    expect((await read((await promiseOf('partial')).id)).followUpReason).toContain('partly kept (60.00 paid)');
  });

  it('a full voicemail (555-0163): the call carries VOICEMAIL_FULL and later attempts to the number leave no message', async () => {
    expect(done.mailbox!.postProcessingFlags).toEqual(['VOICEMAIL', 'VOICEMAIL_FULL']);
    const next = (
      (await stack.t.call('GET', '/scheduled-calls/customer/pl-mailbox', { key })).body as Array<{
        id: string;
        status: string;
        scheduledTime: string;
      }>
    ).find((c) => c.status === 'pending')!;
    const row = (await getScheduledCall(database.db, companyId, next.id))!;
    const customer = (await getCustomer(database.db, companyId, 'pl-mailbox'))!;
    const config = (await findCompanies(database.db, [companyId])).get(companyId)!.config;
    const verdict = await checkCallAt(database.db, config, customer, row, new Date(next.scheduledTime));
    expect(verdict).toMatchObject({ kind: 'allowed', leaveVoicemail: false });
  });
});
