import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { openPaymentLink, paymentLinkForCall, paymentLinkUrl } from '../../src/domain/payment-links/payment-links.js';
import { getScheduledCall } from '../../src/domain/scheduled-calls/scheduled-calls.js';
import { findCompany } from '../../src/domain/shared/company-config.js';
import { seedCollectionsCall } from '../support/call-seeds.js';
import { webhookDeliveryLog, type WebhookDeliveryRow } from '../../src/domain/webhooks/delivery-log.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { queueForReview } from '../../src/domain/consent/review-queue.js';
import { runReviewDeadlines } from '../../src/domain/messages/inbound-reviews.js';
import { runPromiseSweep } from '../../src/domain/calls/promise-follow-ups.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../src/domain/webhooks/events.js';
import { achApi } from '../support/ach.js';
import {
  postCallback,
  settledScheduledCall,
  startCallStack,
  type CallStack,
  attestWrittenConsent,
} from '../support/calls.js';
import { validCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey, replaceBody } from '../support/enrollment.js';
import { eventually } from '../support/eventually.js';
import { waitForJob } from '../support/jobs.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Tuesday 2026-12-08, 09:59:50 in New York: an enrollment made at start is called at 10:00. */
const CLOCK = '2026-12-08T14:59:50Z';

/** A collections customer with a loan on the outcome magic number 555-`digits` (a test customer: the sandbox). */
const replaceCustomer = (id: string, digits: string) =>
  replaceBody({
    id,
    taskType: 'Collections',
    loanId: `loan-${id}`,
    timezone: 'America/New_York',
    phoneNumber: `(212) 555-${digits}`,
    isTest: true,
  });

/**
 * Every outbound event's `data` is the resource exactly as the matching GET returns it (the same
 * presenter builds both, src/http/presenters/). The payload read here is the one the delivery posts:
 * it is built at the first attempt and stored, and every attempt sends it as stored. The endpoint
 * is a closed port (as in test/webhooks/webhook-deliveries.test.ts): the attempt fails, the payload stays.
 */
describe.each(DIALECTS)('webhook payloads equal the matching GET on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let stack: CallStack;
  let key: string;
  let companyId: string;
  const get = async (path: string) => {
    const res = await stack.t.call('GET', path, { key });
    expect(res.status, `GET ${path}`).toBe(200);
    return res.body;
  };
  /** The stored payload of every delivery of `type` about `subjectId`, once each was attempted. */
  const payloads = (type: WebhookEventType, subjectId?: string) =>
    eventually(
      async () => {
        const found = (await webhookDeliveryLog(database.db, companyId, { limit: 1000 })).filter(
          (d) => d.eventType === type && (subjectId === undefined || d.subjectId === subjectId),
        );
        return found.length > 0 && found.every((d) => d.payload !== null) ? found : undefined;
      },
      60_000,
      `${type} deliveries of ${subjectId ?? 'any subject'} with their payloads`,
    ).then((found) =>
      found.map((d: WebhookDeliveryRow) => {
        const body = JSON.parse(d.payload!) as { type: string; data: Record<string, unknown> };
        expect(body.type).toBe(type);
        return { subjectId: d.subjectId, data: body.data };
      }),
    );
  const covered = new Set<WebhookEventType>();
  /** Outcome magic numbers (src/simulators/voice/scenarios.ts) → the event each call's outcome sends. */
  const OUTCOMES: Array<[string, WebhookEventType]> = [
    ['0151', 'dispute.received'],
    ['0152', 'hardship.requested'],
    ['0153', 'fraud.claimed'],
    ['0154', 'military.reported'],
    ['0155', 'incarceration.reported'],
    ['0156', 'complaint.received'],
    ['0157', 'abuse.reported'],
    ['0158', 'accessibility.reported'],
  ];
  /** Two promises to pay of $150 (555-0160): one kept, re-opened and broken, one partly kept. */
  const PROMISERS: Array<[string, WebhookEventType, string]> = [
    ['0160', 'promise.created', 'wp-promise'],
    ['0160', 'promise.partially_kept', 'wp-partial'],
  ];

  beforeAll(async () => {
    stack = await startCallStack(database.db, CLOCK, { OUTREACH_JOBS_POLL_MS: '50' });
    ({ apiKey: key, companyId } = await stack.t.company());
    await addWebhookEndpoint(database.db, companyId, 'http://127.0.0.1:9/hooks', new Date());
    // The non-test lead's written consent is attested (docs/partners/consent.md): this suite is about payloads.
    await attestWrittenConsent(database.db, companyId);
    // Synced at start, so their calls share the suite's first minute instead of waiting for another.
    const synced = await Promise.all(
      [...OUTCOMES.map(([digits]) => [digits, `wp-${digits}`]), ...PROMISERS.map(([digits, , id]) => [digits, id])].map(
        ([digits, id]) =>
          stack.t.call('POST', '/customers/schedule/sync', { key, body: { ...replaceCustomer(id, digits) } }),
      ),
    );
    for (const res of synced) expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The promisers' loans: a payment is made on a loan (no task type: no outreach of its own).
    for (const [, , id] of PROMISERS) {
      const loan = await stack.t.call('POST', '/loans', { key, body: { id: `loan-${id}`, customerId: id } });
      expect(loan.status, JSON.stringify(loan.body)).toBeLessThan(300);
    }
  }, 60_000);

  afterAll(async () => {
    await stack?.t.stop();
    await stack?.sandbox.close();
    await stack?.live.close();
    expect(stack?.t.violations ?? []).toEqual([]);
  });

  it('batch.completed ↔ GET /customers/batch/{jobId} and GET /loans/batch/{jobId}', async () => {
    const customers = await stack.t.call('POST', '/customers/batch', {
      key,
      body: { customers: [validCustomer('wp-1'), validCustomer('wp-2', { phoneNumber: 'not a phone' })] },
    });
    expect(customers.status).toBe(202);
    const customerJob = await waitForJob(stack.t, key, `/customers/batch/${customers.body.jobId}`);
    const loans = await stack.t.call('POST', '/loans/batch', {
      key,
      body: { loans: [{ id: 'L-1', customerId: 'wp-1' }] },
    });
    expect(loans.status).toBe(202);
    const loanJob = await waitForJob(stack.t, key, `/loans/batch/${loans.body.jobId}`);

    expect(await payloads('batch.completed', customerJob.jobId)).toEqual([
      {
        subjectId: customerJob.jobId,
        data: { kind: 'customers', job: await get(`/customers/batch/${customerJob.jobId}`) },
      },
    ]);
    expect(await payloads('batch.completed', loanJob.jobId)).toEqual([
      { subjectId: loanJob.jobId, data: { kind: 'loans', job: await get(`/loans/batch/${loanJob.jobId}`) } },
    ]);
    covered.add('batch.completed');
  });

  it('scheduled_call.updated ↔ GET /scheduled-calls/{id}', async () => {
    const enrolled = await stack.t.call('POST', '/customers/schedule/sync', {
      key,
      headers: { 'Idempotency-Key': newKey() },
      body: enrollBody({ id: 'wp-stop', loanId: 'loan-wp-stop', phoneNumber: '(212) 555-0104', isTest: true }),
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    // Do Not Call cancels the planned calls: each one's event, and nothing changes them afterwards.
    expect((await stack.t.call('PUT', '/customers/wp-stop', { key, body: { doNotCall: true } })).status).toBe(200);
    const calls = (await get('/scheduled-calls/customer/wp-stop')) as Array<{ id: string; status: string }>;
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.status).toBe('cancelled');
      expect(await payloads('scheduled_call.updated', call.id)).toEqual([
        { subjectId: call.id, data: await get(`/scheduled-calls/${call.id}`) },
      ]);
    }
    covered.add('scheduled_call.updated');
  });

  it('call.completed ↔ GET /calls/{id}', { timeout: 120_000 }, async () => {
    const enrolled = await stack.t.call('POST', '/customers/schedule/sync', {
      key,
      headers: { 'Idempotency-Key': newKey() },
      body: enrollBody({ id: 'wp-live', loanId: 'loan-wp-live', phoneNumber: '(212) 555-0100', isTest: false }),
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    const scheduled = await settledScheduledCall(stack.t, key, enrolled.body.origination.scheduledCallId);
    expect(scheduled.status).toBe('completed');
    const [event] = await payloads('call.completed', scheduled.callId);
    const read = await get(`/calls/${scheduled.callId}`);
    // `recordingUrl` is null until the recording is stored (the event may go out first), then a
    // signed link minted when the body is built: the same recording, with its own expiry and signature.
    const { recordingUrl: sent, ...sentCall } = event.data;
    const { recordingUrl: now, ...readCall } = read;
    expect(sentCall).toEqual(readCall);
    const recording = (url: unknown) => (typeof url === 'string' ? url.split('?')[0] : url);
    if (sent !== null) expect(recording(sent)).toBe(recording(now));
    covered.add('call.completed');
  });

  it('ach_return_rate.raised ↔ the GET /ach/return-rates figure it embeds', async () => {
    const ach = achApi(stack.t, database.db, companyId, key);
    const { ids } = await ach.achPayment('wp-ach');
    const returned = await ach.achReturn({ ...ids, ach_return_code: 'R02', ach_return_date: '2026-11-05' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    // One entry, returned for an administrative reason: the administrative and overall rates rise from ok.
    const raised = await payloads('ach_return_rate.raised');
    const rates = await get('/ach/return-rates');
    expect(raised.map((e) => e.data.name).sort()).toEqual(['administrative', 'overall']);
    for (const { data } of raised) {
      const { name, previous_level, window_start, window_end, ...figure } = data;
      expect(previous_level).toBe('ok');
      expect({ window_start, window_end }).toEqual({ window_start: rates.window_start, window_end: rates.window_end });
      expect(figure).toEqual(rates.rates[name as string]);
    }
    covered.add('ach_return_rate.raised');
  });

  it('provider.alert ↔ its alert in GET /provider-alerts', async () => {
    // Five webhooks naming the company with a wrong signature open an alert on its live account.
    const body = JSON.stringify({
      event: 'call_ended',
      call: { call_id: 'call_x', metadata: { company_id: companyId } },
    });
    for (let i = 0; i < 5; i++) expect((await postCallback(stack.t, 'live', body, 'wrong-key')).status).toBe(401);
    const [alert] = await payloads('provider.alert');
    const listed = await get('/provider-alerts');
    expect(listed.data).toEqual([alert.data]);
    expect(alert.data).toMatchObject({ kind: 'webhook_signature_failures', provider: 'live', status: 'open' });
    covered.add('provider.alert');
  });
  it(
    'the call-outcome events ↔ GET /customers/{customerId}/restrictions, and complaint.received ↔ GET /calls/{id}',
    { timeout: 120_000 },
    async () => {
      for (const [digits, type] of OUTCOMES) {
        const customerId = `wp-${digits}`;
        const [first] = (await get(`/scheduled-calls/customer/${customerId}`)) as Array<{ id: string }>;
        const scheduled = await settledScheduledCall(stack.t, key, first.id);
        expect(scheduled.status).toBe('completed');
        const [event] = await payloads(type);
        if (type === 'complaint.received') {
          const { recordingUrl: _sent, ...sentCall } = event.data;
          const { recordingUrl: _now, ...readCall } = await get(`/calls/${scheduled.callId}`);
          expect(event.subjectId).toBe(scheduled.callId);
          expect(sentCall).toEqual(readCall);
        } else {
          const { restrictions } = await get(`/customers/${customerId}/restrictions`);
          expect(restrictions).toHaveLength(1);
          expect(event).toEqual({ subjectId: restrictions[0].id, data: restrictions[0] });
        }
        covered.add(type);
      }
    },
  );
  it('inbound_message.review_due ↔ GET /inbound-messages', { timeout: 90_000 }, async () => {
    // Received Tuesday 2026-11-24: warned 8 business days later (Mon Dec 7, Thanksgiving skipped),
    // before the service's clock, so the delivery is due; the limit (Wed Dec 9) is still ahead.
    const received = new Date('2026-11-24T14:59:50Z');
    const [id] = await queueForReview(database.db, [companyId], {
      address: '+15125550148',
      body: 'stop',
      rule: 'stop-word',
      providerMessageId: null,
      at: received,
    });
    const [review] = (await get('/inbound-messages?status=review')).filter((m: { id: string }) => m.id === id);
    expect([review.warnAt, review.dueAt]).toEqual(['2026-12-07T14:59:50.000Z', '2026-12-09T14:59:50.000Z']);
    await runReviewDeadlines(database.db, new Date(review.warnAt));
    const [due] = await payloads('inbound_message.review_due', id);
    expect(due.data).toEqual((await get('/inbound-messages?status=review')).find((m: { id: string }) => m.id === id));
    expect(due.data.warnedAt).toBe(review.warnAt);
    covered.add('inbound_message.review_due');
  });

  it(
    'promise.created | kept | reopened | broken | partially_kept ↔ GET /promises/{promiseId}',
    { timeout: 120_000 },
    async () => {
      const promiseOf = async (customerId: string) => {
        const [first] = (await get(`/scheduled-calls/customer/${customerId}`)) as Array<{ id: string }>;
        expect((await settledScheduledCall(stack.t, key, first.id)).status).toBe('completed');
        return (await get(`/customers/${customerId}/promises`)).promises[0] as { id: string };
      };
      const [kept, partial] = await Promise.all([promiseOf('wp-promise'), promiseOf('wp-partial')]);
      /** The event's data is the promise as GET returns it then (each change waits for the last one's payload). */
      const same = async (type: WebhookEventType, id: string) => {
        const sent = await payloads(type, id);
        expect(sent).toEqual([{ subjectId: id, data: await get(`/promises/${id}`) }]);
        covered.add(type);
        return sent[0].data;
      };
      expect(await same('promise.created', kept.id)).toMatchObject({ status: 'open', amount: '150.00' });
      const payment = { customer_id: 'wp-promise', loan_id: 'loan-wp-promise', payment_id: 'wp-pay' };
      const paid = await stack.t.call('PUT', '/payments', {
        key,
        body: {
          ...payment,
          payment_date: '2026-12-08',
          payment_amount: 150,
          payment_type: 'ach',
          ach_status: 'SUBMITTED',
        },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      expect(await same('promise.kept', kept.id)).toMatchObject({ status: 'kept', paidAmount: '150.00' });
      const returned = await stack.t.call('POST', '/ach-returns', {
        key,
        body: { ...payment, ach_return_code: 'R01', ach_return_date: '2026-12-08' },
      });
      expect(returned.status, JSON.stringify(returned.body)).toBe(200);
      expect(await same('promise.reopened', kept.id)).toMatchObject({ status: 'open', paidAmount: '0.00' });
      const part = await stack.t.call('PUT', '/payments', {
        key,
        body: {
          customer_id: 'wp-partial',
          loan_id: 'loan-wp-partial',
          payment_id: 'wp-part',
          payment_date: '2026-12-08',
          payment_amount: 60,
        },
      });
      expect(part.status, JSON.stringify(part.body)).toBe(201);
      // The start of Tuesday 2026-12-15 in New York: both windows (promised Friday, 3 days' grace) have closed.
      expect(await runPromiseSweep(database.db, new Date('2026-12-15T05:00:00Z'))).toEqual({
        settled: 2,
        followedUp: 2,
      });
      // Published at the sweep's "now", a week after the service's clock: due for delivery only then,
      // so the test makes them due now (the payload is what is compared, not when it goes).
      await tables(database.db)
        .webhookDeliveries()
        .where({ company_id: companyId })
        .whereIn('event_type', ['promise.broken', 'promise.partially_kept'])
        .update({ next_attempt_at: 0 });
      const broken = await same('promise.broken', kept.id);
      expect(broken).toMatchObject({ status: 'broken', followUpScheduledCallId: expect.any(String) });
      expect(await same('promise.partially_kept', partial.id)).toMatchObject({
        status: 'partially_kept',
        paidAmount: '60.00',
        followUpScheduledCallId: expect.any(String),
      });
    },
  );
  it('payment_link.opened ↔ GET /customers/{customerId}/payment-links', async () => {
    const db = database.db;
    const company = (await findCompany(db, companyId))!;
    const config = { ...company.config, paymentLinks: { urlTemplate: 'https://pay.example.com/{loanId}?a={amount}' } };
    await setCompanyConfig(db, companyId, config);
    const scheduledCallId = randomUUID();
    await seedCollectionsCall(
      db,
      companyId,
      { customerId: 'wp-link', scheduledCallId, phone: '+12125550177', status: 'pending', scheduledTime: CLOCK },
      CLOCK,
    );
    const call = (await getScheduledCall(db, companyId, scheduledCallId))!;
    const loan = { id: 'L-link', amountDue: '25.00' } as Parameters<typeof paymentLinkForCall>[3];
    const link = (await paymentLinkForCall(db, config, call, loan, new Date(CLOCK)))!;
    const secret = 'webhook-payloads-secret-0123456789';
    const token = paymentLinkUrl({ publicBaseUrl: '', signingSecret: secret }, link).slice('/pay/'.length);
    expect((await openPaymentLink(db, secret, token, new Date(CLOCK))).kind).toBe('redirect');
    const [opened] = await payloads('payment_link.opened', link.id);
    expect(opened.data).toEqual((await get('/customers/wp-link/payment-links')).paymentLinks[0]);
    expect(opened.data.openCount).toBe(1);
    covered.add('payment_link.opened');
  });

  it('covers every event type the service sends', () => {
    expect([...covered].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });
});
