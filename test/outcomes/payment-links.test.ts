import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCallEffects } from '../../src/domain/calls/apply-effects.js';
import { getCustomer, upsertLoan } from '../../src/domain/borrowers/borrowers.js';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import {
  paymentLinkForCall,
  paymentLinkUrl,
  type PaymentLinkRow,
} from '../../src/domain/payment-links/payment-links.js';
import { scheduleSingleMessage } from '../../src/domain/planning/message-schedules.js';
import { getScheduledCall } from '../../src/domain/scheduled-calls/scheduled-calls.js';
import { defaultCompanyConfig, findCompany, type CompanyConfig } from '../../src/domain/shared/company-config.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { seedCollectionsCall } from '../support/call-seeds.js';
import { startLocalChannels } from '../support/channels.js';
import { DIALECTS } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Tuesday 2026-12-08 11:00 in New York: texts go out at once. The suite's clock; a test moves it. */
const START = new Date('2026-12-08T16:00:00.000Z');
const SECRET = 'payment-link-test-secret-0123456789';
const PHONE = '+15125550143';
const PAGE = 'https://pay.example.com/loans/{loanId}?amount={amount}&customer={customerId}&ref={reference}';

const channelsByDialect = new Map(
  await Promise.all(
    DIALECTS.map(async (d) => [d, await startLocalChannels({ OUTREACH_SIGNING_SECRET: SECRET })] as const),
  ),
);
afterAll(async () => {
  for (const c of channelsByDialect.values()) await c.stop();
});

/** The token of the first /pay/ link in a text. */
const tokenIn = (text: string) => /\/pay\/([A-Za-z0-9_.-]+)/.exec(text)?.[1];

describe.each(DIALECTS)('pay by link on %s', (dialect) => {
  const local = channelsByDialect.get(dialect)!;
  let clock = START;
  const suite = useTestService(dialect, { env: local.env, now: () => clock });
  let key: string;
  let companyId: string;
  let config: CompanyConfig;
  const open = (token: string) => fetch(`${suite.t.url}/pay/${token}`, { redirect: 'manual' });
  const links = async (customerId: string) => {
    const res = await suite.t.call('GET', `/customers/${customerId}/payment-links`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.paymentLinks as Array<Record<string, unknown>>;
  };
  const deliveries = () =>
    tables(suite.database.db).webhookDeliveries().where({ company_id: companyId, event_type: 'payment_link.opened' });

  beforeAll(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
    const base = defaultCompanyConfig();
    await setCompanyConfig(suite.database.db, companyId, {
      ...base,
      paymentLinks: { urlTemplate: PAGE, expiresInHours: 48, afterPromise: { channel: 'sms', template: 'pay' } },
      templates: {
        pay: { body: 'Thanks {{customer.firstName}}. Pay here: {{paymentLink}}' },
        due: { body: 'Your payment of {{loan.amountDue}} is due: {{paymentLink}}' },
      },
    });
    config = (await findCompany(suite.database.db, companyId))!.config;
    // Nothing listens on port 9: deliveries wait to be retried, their rows stay to read.
    await addWebhookEndpoint(suite.database.db, companyId, 'http://127.0.0.1:9/hooks', START);
  });

  it('a promise sends a text with a signed link; opening it redirects to the lender page and sends payment_link.opened once', async () => {
    const db = suite.database.db;
    const scheduledCallId = randomUUID();
    const callId = randomUUID();
    await seedCollectionsCall(
      db,
      companyId,
      {
        customerId: 'pl-1',
        scheduledCallId,
        phone: PHONE,
        status: 'completed',
        scheduledTime: START.toISOString(),
        placed: { callId, providerCallId: `p-${callId}`, state: 'analyzed' },
      },
      START.toISOString(),
    );
    await upsertLoan(db, companyId, 'pl-1', 'L-1', { totalBalance: '400.00', amountDue: '80.00' }, START.toISOString());
    const call = (await getScheduledCall(db, companyId, scheduledCallId))!;
    const customer = (await getCustomer(db, companyId, 'pl-1'))!;
    // The call's completion: its effects and its promise, in one transaction (src/domain/calls/apply-effects.ts).
    await db.transaction((trx) =>
      applyCallEffects(
        {
          db: trx,
          config,
          customer,
          call,
          callId,
          values: { callbackTime: null, promiseAmount: 150, promiseDate: '2026-12-15' },
          now: START,
        },
        ['CONNECT', 'LIVE_CONNECT', 'RPC'],
      ),
    );

    const text = await eventually(() => local.sms.messages.find((m) => m.to === PHONE), 20_000, 'the link text');
    expect(text.body).toContain(`Thanks B. Pay here: ${suite.t.url}/pay/`);
    const token = tokenIn(text.body)!;
    expect(token.length).toBeLessThan(60); // short enough for a text

    const [link] = await links('pl-1');
    const promise = (await suite.t.call('GET', '/customers/pl-1/promises', { key })).body.promises[0];
    expect(link).toMatchObject({
      customerId: 'pl-1',
      loanId: 'L-1',
      amount: '150.00',
      taskType: 'Collections',
      channel: 'sms',
      source: 'promise',
      promiseId: promise.id,
      scheduledCallId: null,
      createdAt: START.toISOString(),
      expiresAt: '2026-12-10T16:00:00.000Z',
      firstOpenedAt: null,
      openCount: 0,
    });
    // The simulator has the text a moment before the service records the send.
    await eventually(
      async () =>
        ((await suite.t.call('GET', '/texts/pl-1', { key })).body as Array<{ id: string }>).some(
          (t) => t.id === link.scheduledMessageId,
        ),
      20_000,
      'the text in GET /texts',
    );

    clock = new Date(START.getTime() + 10 * 60_000);
    const res = await open(token);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `https://pay.example.com/loans/L-1?amount=150.00&customer=pl-1&ref=${String(link.id)}`,
    );
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await deliveries()).toHaveLength(1);
    expect((await deliveries())[0].subject_id).toBe(link.id);

    const again = await open(token);
    expect(again.status).toBe(303);
    expect(await deliveries()).toHaveLength(1); // the first open only
    expect((await links('pl-1'))[0]).toMatchObject({
      firstOpenedAt: '2026-12-08T16:10:00.000Z',
      lastOpenedAt: '2026-12-08T16:10:00.000Z',
      openCount: 2,
    });
  });

  it('an expired link and a forged one get a page saying so, never a redirect', async () => {
    const [link] = await links('pl-1');
    const signing = { publicBaseUrl: '', signingSecret: SECRET };
    const token = paymentLinkUrl(signing, {
      id: String(link.id),
      expiresAt: String(link.expiresAt),
    } as PaymentLinkRow).slice('/pay/'.length);
    const page = async (t: string, status: number, heading: string) => {
      const res = await open(t);
      expect(res.status, t).toBe(status);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toContain(`<h1>${heading}</h1>`);
      expect(html).toContain('<html lang="en">');
    };
    clock = new Date('2026-12-10T16:00:00.000Z'); // the link's expiry
    await page(token, 410, 'This payment link has expired');
    clock = START;
    const [id, expiry, signature] = token.split('.');
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    await page(`${id}.${expiry}.${flipped}`, 404, 'This payment link is not valid');
    // A later expiry with the old signature: altered, not extended.
    await page(
      `${id}.${(parseInt(expiry, 36) + 86_400).toString(36)}.${signature}`,
      404,
      'This payment link is not valid',
    );
    await page('not-a-token', 404, 'This payment link is not valid');
    // Signed with the service's secret, but for a link never issued.
    const unknown = paymentLinkUrl(signing, {
      id: randomUUID(),
      expiresAt: String(link.expiresAt),
    } as PaymentLinkRow).slice('/pay/'.length);
    await page(unknown, 410, 'This payment link is no longer active');
    expect((await links('pl-1'))[0].openCount).toBe(2); // none of these counted
  });

  it("a cadence message whose template uses {{paymentLink}} carries a link for the loan's amount due", async () => {
    const db = suite.database.db;
    await seedCollectionsCall(
      db,
      companyId,
      {
        customerId: 'pl-2',
        scheduledCallId: randomUUID(),
        phone: '+15125550144',
        status: 'pending',
        scheduledTime: START.toISOString(),
      },
      START.toISOString(),
    );
    await upsertLoan(db, companyId, 'pl-2', 'L-2', { amountDue: '42.50' }, START.toISOString());
    await scheduleSingleMessage(db, companyId, {
      customerId: 'pl-2',
      loanId: 'L-2',
      taskType: 'Collections',
      purpose: 'collections',
      channel: 'sms',
      step: 'reminder',
      template: 'due',
      at: START,
      source: 'payment_link',
    });
    const text = await eventually(() => local.sms.messages.find((m) => m.to === '+15125550144'), 20_000, 'the text');
    expect(text.body).toContain('Your payment of 42.50 is due:');
    const [link] = await links('pl-2');
    expect(link).toMatchObject({ loanId: 'L-2', amount: '42.50', channel: 'sms', source: 'message', promiseId: null });
    const res = await open(tokenIn(text.body)!);
    expect(res.headers.get('location')).toBe(
      `https://pay.example.com/loans/L-2?amount=42.50&customer=pl-2&ref=${String(link.id)}`,
    );
  });

  it("the agent's link: one per scheduled call, however often it is dialed", async () => {
    const db = suite.database.db;
    const call = (await getScheduledCall(
      db,
      companyId,
      (await tables(db).scheduledCalls().where({ company_id: companyId, customer_id: 'pl-2' }).first())!.id,
    ))!;
    const loan = { id: 'L-2', amountDue: '42.50' } as Parameters<typeof paymentLinkForCall>[3];
    const first = await paymentLinkForCall(db, config, call, loan, START);
    const again = await paymentLinkForCall(db, config, call, loan, new Date(START.getTime() + 60_000));
    expect(again).toEqual(first);
    expect(first).toMatchObject({ channel: 'call', source: 'call', scheduledCallId: call.id, amount: '42.50' });
  });

  it("another company's key lists none of them; an unknown customer is 404", async () => {
    const other = await suite.t.company('Other Lending');
    expect((await suite.t.call('GET', '/customers/pl-1/payment-links', { key: other.apiKey })).status).toBe(404);
    expect((await suite.t.call('GET', '/customers/nobody/payment-links', { key })).status).toBe(404);
  });
});
