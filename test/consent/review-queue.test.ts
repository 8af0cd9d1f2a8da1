import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { queueForReview } from '../../src/domain/consent/review-queue.js';
import { runReviewDeadlines } from '../../src/domain/messages/inbound-reviews.js';
import { receiveInboundSms } from '../../src/domain/messages/sms-events.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';

/** Tuesday 2026-12-08 17:00 UTC: receipt of every reply below. */
const RECEIVED = new Date('2026-12-08T17:00:00.000Z');
/** 8 business days later (Dec 9, 10, 11, 14, 15, 16, 17, 18): the default warning. */
const WARN = '2026-12-18T17:00:00.000Z';
/** 10 business days later (… Dec 21, 22): the limit of 47 CFR 64.1200(a)(10) (FCC 24-24). */
const DUE = '2026-12-22T17:00:00.000Z';

/** Collections with a text, so the company has texted the number a reply comes from. */
const texting = () => ({
  ...defaultCompanyConfig(),
  taskTypes: defaultCompanyConfig().taskTypes.map((t) =>
    t.name === 'Collections'
      ? { ...t, messages: [{ id: 'nudge', channel: 'sms' as const, day: 0, at: '11:00', template: 'nudge' }] }
      : t,
  ),
  templates: { nudge: { body: 'Hi {{customer.firstName}}, please call us about your account.' } },
});

/**
 * Unsure inbound texts (revocation-words.ts `review`) wait in a review queue
 * (docs/partners/consent.md, "Unsure replies: the review queue"): listed by GET /inbound-messages,
 * decided by an operator through POST /inbound-messages/{id}/review, warned about before and
 * applied as a revocation at the 10-business-day limit (47 CFR 64.1200(a)(10); FCC 24-24).
 */
describe.each(DIALECTS)('inbound review queue on %s', (dialect) => {
  let clock = RECEIVED;
  const { t, database } = useTestService(dialect, { now: () => clock });
  const db = () => database.db;
  const revocations = (companyId: string, address: string) =>
    tables(db())
      .consentEvents()
      .where({ company_id: companyId, address, kind: 'revoke' })
      .orderBy('channel')
      .then((rows) => rows.map((e) => [e.channel, e.evidence_ref]));
  const unsure = (companyId: string, address: string, body: string, at = RECEIVED) =>
    queueForReview(db(), [companyId], { address, body, rule: 'stop-word', providerMessageId: null, at }).then(
      ([id]) => id,
    );

  it('queues an unsure reply to a number the company texted, and only an unsure one', async () => {
    const { apiKey: key, companyId } = await t.company();
    await setCompanyConfig(db(), companyId, texting());
    const phones = { unsure: '+15125550140', negative: '+15125550141', clear: '+15125550142' };
    for (const [k, phone] of Object.entries(phones)) {
      const sync = await t.call('POST', '/customers/schedule/sync', {
        key,
        body: replaceBody({ id: `rq-${k}`, taskType: 'Collections', isTest: true, phoneNumber: phone }),
      });
      expect(sync.status).toBe(200);
    }
    // The company texted each number (the dispatcher's send, written directly: this suite is about replies).
    for (const [k, phone] of Object.entries(phones)) {
      const first = await tables(db())
        .scheduledMessages()
        .where({ company_id: companyId, customer_id: `rq-${k}`, channel: 'sms' })
        .orderBy('scheduled_time')
        .first();
      await tables(db())
        .scheduledMessages()
        .where({ id: first!.id })
        .update({ status: 'sent', recipient: phone, sent_at: RECEIVED.toISOString() });
    }

    const reply = (From: string, Body: string) =>
      receiveInboundSms(db(), { From, Body, MessageSid: `SM${From.slice(-4)}` }, RECEIVED);
    expect(await reply(phones.unsure, 'Cancel my payment, I already paid')).toBe('in_review');
    expect(await reply(phones.negative, 'can you stop by the branch?')).toBe('ignored');
    expect(await reply(phones.clear, 'please stop texting me')).toBe('opted_out');

    const list = await t.call('GET', '/inbound-messages?status=review', { key });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: expect.any(String),
        fromPhoneNumber: phones.unsure,
        body: 'Cancel my payment, I already paid',
        rule: 'stop-word',
        status: 'review',
        receivedAt: RECEIVED.toISOString(),
        warnAt: WARN,
        dueAt: DUE,
        warnedAt: null,
        reviewedAt: null,
        reviewedBy: null,
        note: null,
      },
    ]);
    // Waiting is not revoking: consent stands until a decision or the limit.
    expect(await revocations(companyId, phones.unsure)).toEqual([]);
    expect((await revocations(companyId, phones.clear)).length).toBe(2);
    // Another company sees none of it.
    const other = await t.company();
    expect((await t.call('GET', '/inbound-messages', { key: other.apiKey })).body).toEqual([]);
  });

  it('pages newest first with a cursor, filtered by status', async () => {
    const { apiKey: key, companyId } = await t.company();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(await unsure(companyId, '+15125550143', `stop ${i}`, new Date(RECEIVED.getTime() + i * 60_000)));
    const first = await t.call('GET', '/inbound-messages?status=review&limit=2', { key });
    expect(first.body.map((m: any) => m.id)).toEqual([ids[2], ids[1]]);
    const cursor = first.headers.get('next-cursor');
    expect(cursor).toBeTruthy();
    const second = await t.call('GET', `/inbound-messages?status=review&limit=2&cursor=${cursor}`, { key });
    expect(second.body.map((m: any) => m.id)).toEqual([ids[0]]);
    expect(second.headers.get('next-cursor')).toBeNull();
    // A cursor of the `review` list does not continue another status's list.
    expect((await t.call('GET', `/inbound-messages?status=kept&cursor=${cursor}`, { key })).status).toBe(400);
    expect((await t.call('GET', '/inbound-messages?status=kept', { key })).body).toEqual([]);
  });

  it('an operator decides once, with who and when; a revocation applies at once', async () => {
    const { apiKey: key, companyId } = await t.company();
    const kept = await unsure(companyId, '+15125550144', 'Cancel my payment, I already paid');
    const revoked = await unsure(companyId, '+15125550145', 'stop');
    clock = new Date('2026-12-09T10:12:00.000Z');
    const decide = (id: string, body: Record<string, unknown>) =>
      t.call('POST', `/inbound-messages/${id}/review`, { key, body });

    expect((await decide(kept, { decision: 'not_revocation' })).status).toBe(400);
    const no = await decide(kept, {
      decision: 'not_revocation',
      reviewedBy: 'ana.ruiz@lender.example',
      note: 'About a payment',
    });
    expect(no.status).toBe(200);
    expect(no.body).toMatchObject({
      status: 'kept',
      reviewedBy: 'ana.ruiz@lender.example',
      reviewedAt: clock.toISOString(),
      note: 'About a payment',
    });
    expect(await revocations(companyId, '+15125550144')).toEqual([]);
    expect((await decide(kept, { decision: 'revocation', reviewedBy: 'someone' })).status).toBe(409);

    const yes = await decide(revoked, { decision: 'revocation', reviewedBy: 'ana.ruiz@lender.example' });
    expect(yes.status).toBe(200);
    expect(yes.body.status).toBe('revoked');
    expect(await revocations(companyId, '+15125550145')).toEqual([
      ['call', `SMS review ${revoked} by ana.ruiz@lender.example`],
      ['sms', `SMS review ${revoked} by ana.ruiz@lender.example`],
    ]);
    expect(await tables(db()).smsOptOuts().where({ company_id: companyId, phone_number: '+15125550145' })).toHaveLength(
      1,
    );
    expect((await t.call('GET', '/inbound-messages?status=review', { key })).body).toEqual([]);

    const other = await t.company();
    const foreign = await t.call('POST', `/inbound-messages/${kept}/review`, {
      key: other.apiKey,
      body: { decision: 'revocation', reviewedBy: 'x' },
    });
    expect(foreign.status).toBe(404);
  });

  it('warns once before the limit and applies a revocation at it ("now" as a parameter)', async () => {
    const { apiKey: key, companyId } = await t.company();
    await addWebhookEndpoint(db(), companyId, 'http://127.0.0.1:9/hooks', RECEIVED);
    const id = await unsure(companyId, '+15125550146', 'basta');
    const other = await unsure(companyId, '+15125550147', 'stop', new Date(RECEIVED.getTime() + 3 * 86_400_000));
    const events = () =>
      tables(db())
        .webhookDeliveries()
        .where({ company_id: companyId, event_type: 'inbound_message.review_due' })
        .then((rows) => rows.map((r) => r.subject_id));
    const at = (iso: string, ms = 0) => new Date(new Date(iso).getTime() + ms);

    // The job runs over every company; this company's effects are what is asserted.
    await runReviewDeadlines(db(), at(WARN, -1));
    expect(await events()).toEqual([]);
    expect((await runReviewDeadlines(db(), at(WARN))).warned).toBeGreaterThanOrEqual(1);
    expect(await runReviewDeadlines(db(), at(WARN, 1000))).toEqual({ warned: 0, applied: 0 });
    expect(await events()).toEqual([id]);

    await runReviewDeadlines(db(), at(DUE, -1));
    expect(await revocations(companyId, '+15125550146')).toEqual([]);
    expect((await runReviewDeadlines(db(), at(DUE))).applied).toBeGreaterThanOrEqual(1);
    expect(await runReviewDeadlines(db(), at(DUE, 1000))).toEqual({ warned: 0, applied: 0 });
    expect(await revocations(companyId, '+15125550146')).toEqual([
      ['call', `SMS review ${id} limit`],
      ['sms', `SMS review ${id} limit`],
    ]);
    const all = await t.call('GET', '/inbound-messages', { key });
    const applied = all.body.find((m: any) => m.id === id);
    expect(applied).toMatchObject({
      status: 'revoked',
      reviewedBy: 'system:review-limit',
      reviewedAt: DUE,
      warnedAt: WARN,
    });
    // The later reply is not due yet, and an operator can no longer decide the applied one.
    expect(all.body.find((m: any) => m.id === other).status).toBe('review');
    clock = at(DUE, 60_000);
    const late = await t.call('POST', `/inbound-messages/${id}/review`, {
      key,
      body: { decision: 'not_revocation', reviewedBy: 'ana' },
    });
    expect(late.status).toBe(409);
  });
});
