import { beforeEach, describe, expect, it } from 'vitest';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { DIALECTS } from '../support/databases.js';
import { NOW, replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** The Collections task type with an email and a text on day 0, besides its call cadence. */
const withMessages = () => ({
  ...defaultCompanyConfig(),
  taskTypes: defaultCompanyConfig().taskTypes.map((t) =>
    t.name === 'Collections'
      ? {
          ...t,
          messages: [
            { id: 'notice', channel: 'email' as const, day: 0, at: '11:00', template: 'notice' },
            { id: 'nudge', channel: 'sms' as const, day: 0, at: '11:00', template: 'nudge' },
          ],
        }
      : t,
  ),
  templates: { notice: { subject: 'Reminder', body: 'Please call us.' }, nudge: { body: 'Please call us.' } },
});

describe.each(DIALECTS)('POST /customers/{customerId}/cancel-communications on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => NOW });
  let key: string;
  let companyId: string;

  beforeEach(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
    await setCompanyConfig(suite.database.db, companyId, withMessages());
    await addWebhookEndpoint(suite.database.db, companyId, 'http://127.0.0.1:9/hooks', NOW); // deliveries are only checked as written
  });

  const db = () => suite.database.db;
  const sync = (id: string) =>
    suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({ id, taskType: 'Collections', isTest: true }),
    });
  const cancel = (id: string, body?: unknown, apiKey = key) =>
    suite.t.call('POST', `/customers/${id}/cancel-communications`, { key: apiKey, body });
  const callsOf = (id: string) => tables(db()).scheduledCalls().where({ company_id: companyId, customer_id: id });
  const messagesOf = (id: string) => tables(db()).scheduledMessages().where({ company_id: companyId, customer_id: id });

  it("cancels every pending call, email and text with its reason, ends the schedules, publishes each call's event; a second call answers zeros", async () => {
    expect((await sync('cust-a')).status).toBe(200);
    expect((await sync('cust-b')).status).toBe(200);
    const pendingCalls = (await callsOf('cust-a')).filter((c: any) => c.status === 'pending');
    expect(pendingCalls.length).toBeGreaterThan(0);
    expect((await messagesOf('cust-a')).map((m: any) => [m.channel, m.status]).sort()).toEqual([
      ['email', 'pending'],
      ['sms', 'pending'],
    ]);

    const res = await cancel('cust-a', { reason: 'Borrower filed for bankruptcy' });
    expect(res).toMatchObject({ status: 200, body: { calls: pendingCalls.length, emails: 1, texts: 1 } });

    const reason = 'Cancelled by the lender: Borrower filed for bankruptcy';
    expect((await callsOf('cust-a')).map((c: any) => [c.status, c.status_reason])).toEqual(
      pendingCalls.map(() => ['cancelled', reason]),
    );
    expect((await messagesOf('cust-a')).map((m: any) => [m.status, m.status_reason])).toEqual([
      ['cancelled', reason],
      ['cancelled', reason],
    ]);
    expect(
      (await tables(db()).schedules().where({ company_id: companyId, customer_id: 'cust-a' })).map(
        (s: any) => s.status,
      ),
    ).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const events = await tables(db())
      .webhookDeliveries()
      .where({ company_id: companyId, event_type: 'scheduled_call.updated' })
      .select('event_key');
    expect(events.map((e: { event_key: string }) => e.event_key).sort()).toEqual(
      pendingCalls.map((c: any) => `scheduled_call.updated:${c.id}:cancelled`).sort(),
    );
    // Another customer's outreach goes on.
    expect((await callsOf('cust-b')).every((c: any) => c.status === 'pending')).toBe(true);
    expect((await messagesOf('cust-b')).every((m: any) => m.status === 'pending')).toBe(true);

    expect((await cancel('cust-a')).body).toEqual({ calls: 0, emails: 0, texts: 0 });
    expect(
      await tables(db()).webhookDeliveries().where({ company_id: companyId, event_type: 'scheduled_call.updated' }),
    ).toHaveLength(events.length);
  });

  it('without a body the reason is a fixed one; a customer with nothing pending answers zeros', async () => {
    await sync('cust-c');
    expect((await cancel('cust-c')).status).toBe(200);
    expect(new Set((await callsOf('cust-c')).map((c: any) => c.status_reason))).toEqual(
      new Set(['Cancelled by the lender (cancel-communications)']),
    );
    await sync('cust-d');
    await cancel('cust-d');
    expect((await cancel('cust-d')).body).toEqual({ calls: 0, emails: 0, texts: 0 });
  });

  it('an unknown customer, or one of another company, is 404 and changes nothing', async () => {
    await sync('cust-e');
    const other = await suite.t.company();
    const res = await cancel('cust-e', undefined, other.apiKey);
    expect(res).toMatchObject({ status: 404, body: { error: 404, message: 'Customer cust-e not found' } });
    expect((await callsOf('cust-e')).every((c: any) => c.status === 'pending')).toBe(true);
    expect((await cancel('nobody')).status).toBe(404);
  });

  it('a bad body is 400 in the ErrorMessage shape', async () => {
    await sync('cust-f');
    expect(await cancel('cust-f', { reason: '' })).toMatchObject({ status: 400, body: { error: 400 } });
    expect(await cancel('cust-f', { why: 'x' })).toMatchObject({
      status: 400,
      body: { error: 400, message: 'why: is not a recognized field' },
    });
  });
});
