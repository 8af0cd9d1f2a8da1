import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import twilio from 'twilio';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { LocalSmtpServer } from '../../src/simulators/smtp/server.js';
import { SANDBOX_FROM, startLocalChannels } from '../support/channels.js';
import { eventually } from '../support/eventually.js';
import { DIALECTS } from '../support/databases.js';
import { NOW, replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** 09:00 Chicago on a Tuesday; the workflow's messages go at 11:00 customer-local (17:00Z). */
const ELEVEN = new Date('2026-12-08T17:00:00Z');

const workflow = (channels: Record<string, unknown> = {}) => ({
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
  templates: {
    notice: {
      subject: 'Payment reminder for {{customer.firstName}}',
      body: 'Hi {{customer.firstName}} {{customer.lastName}}, please call us about your account.',
    },
    nudge: { body: 'Hi {{customer.firstName}}, please call us about your account.' },
  },
  channels,
});

// Local servers and a live SMTP server (a real customer's route) for all suites of this file.
const live = new LocalSmtpServer();
const liveUrl = await live.start();
const channelsByDialect = new Map(
  await Promise.all(DIALECTS.map(async (d) => [d, await startLocalChannels({ OUTREACH_SMTP_URL: liveUrl })] as const)),
);
afterAll(async () => {
  for (const c of channelsByDialect.values()) await c.stop();
  await live.stop();
});

describe.each(DIALECTS)('email and SMS outreach on %s', (dialect) => {
  const local = channelsByDialect.get(dialect)!;
  let clock = NOW;
  const suite = useTestService(dialect, { now: () => clock, env: local.env });
  let key: string;
  let companyId: string;
  let customerId: string;

  beforeEach(async () => {
    clock = NOW;
    ({ apiKey: key, companyId } = await suite.t.company());
    await setCompanyConfig(suite.database.db, companyId, workflow());
    customerId = `cust-${randomUUID().slice(0, 8)}`;
  });

  const sync = (overrides: Record<string, unknown> = {}) =>
    suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({
        id: customerId,
        taskType: 'Collections',
        isTest: true,
        email: `${customerId}@example.com`,
        ...overrides,
      }),
    });
  const messages = () =>
    tables(suite.database.db)
      .scheduledMessages()
      .where({ company_id: companyId, customer_id: customerId })
      .orderBy(['created_at', 'channel']);
  const emailsTo = (server: LocalSmtpServer, address = `${customerId}@example.com`) =>
    server.received.filter((m) => m.to.includes(address));
  const textsTo = (phone: string) => local.sms.messages.filter((m) => m.to === phone);
  const settle = async (statuses = ['pending', 'sending']) =>
    eventually(async () => (await messages()).every((m: any) => !statuses.includes(m.status)));

  it('replacement sync creates call, email and SMS schedules; a second one replaces them; the email and text are sent at 11:00 local', async () => {
    const first = await sync();
    expect(first.body).toMatchObject({ scheduleCreated: true, tasksCreated: 3 });
    const schedules = await tables(suite.database.db)
      .schedules()
      .where({ company_id: companyId, customer_id: customerId });
    expect(schedules.map((s: any) => s.channel).sort()).toEqual(['call', 'email', 'sms']);
    expect((await messages()).map((m: any) => [m.channel, m.status, new Date(m.scheduled_time).toISOString()])).toEqual(
      [
        ['email', 'pending', ELEVEN.toISOString()],
        ['sms', 'pending', ELEVEN.toISOString()],
      ],
    );

    const second = await sync({ firstName: 'Augusta' });
    expect(second.body.tasksCreated).toBe(3);
    const after = await messages();
    expect(after.filter((m: any) => m.status === 'cancelled')).toHaveLength(2);
    expect(after.filter((m: any) => m.status === 'pending')).toHaveLength(2);
    expect(
      (
        await tables(suite.database.db)
          .schedules()
          .where({ company_id: companyId, customer_id: customerId, status: 'cancelled' })
      ).length,
    ).toBe(3);

    clock = ELEVEN;
    const [email] = await eventually(() => emailsTo(local.smtp).length === 1 && emailsTo(local.smtp));
    expect(email.subject).toBe('Payment reminder for Augusta');
    expect(email.text).toMatch(
      /^Hi Augusta Lovelace, please call us about your account\.\n\nTo stop receiving these emails, open http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/email\/\S+$/,
    );
    expect(email.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/email\//);

    const [text] = await eventually(() => textsTo('+15125550143').length === 1 && textsTo('+15125550143'));
    expect(text.body).toBe('Hi Augusta, please call us about your account.\nReply STOP to opt out.');
    expect(text.from).toBe(SANDBOX_FROM);

    const listed = await suite.t.call('GET', `/emails/${customerId}`, { key });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        customerId,
        subject: 'Payment reminder for Augusta',
        content: email.text.trimEnd(),
        timestamp: ELEVEN.toISOString(),
      },
    ]);
    const texts = await eventually(async () => {
      const res = await suite.t.call('GET', `/texts/${customerId}`, { key });
      return res.body[0]?.status === 'delivered' && res.body;
    });
    expect(texts[0]).toMatchObject({
      customerId,
      toPhoneNumber: '+15125550143',
      status: 'delivered',
      statusReason: null,
    });
    expect(emailsTo(live)).toHaveLength(0); // a test customer never reaches the live server
  });

  it('an inbound STOP (any case, a synonym) opts the number out of SMS at once: later texts are skipped, email goes on', async () => {
    const phone = '+15125550144';
    await sync({ phoneNumber: phone });
    clock = ELEVEN;
    await eventually(() => textsTo(phone).length === 1);
    // A STOP opts out the companies that texted the number: the service has recorded its send (the
    // simulator holds the text as soon as it is sent, before the service hears back).
    await eventually(async () =>
      (await messages()).some((m: any) => m.channel === 'sms' && m.recipient === phone && m.sent_at !== null),
    );
    expect(await local.sms.inbound({ From: phone, To: SANDBOX_FROM, Body: ' Unsubscribe ' })).toBe(204);
    expect(
      await tables(suite.database.db).smsOptOuts().where({ company_id: companyId, phone_number: phone }),
    ).toHaveLength(1);

    clock = new Date(NOW.getTime() + 60_000);
    await sync({ phoneNumber: phone });
    clock = new Date(ELEVEN.getTime() + 60_000);
    await settle();
    const latest = (await messages()).filter((m: any) => m.status !== 'cancelled').slice(-2);
    expect(latest.find((m: any) => m.channel === 'sms')).toMatchObject({
      status: 'skipped',
      status_reason: `${phone} opted out of SMS (UNSUBSCRIBE)`,
    });
    expect(latest.find((m: any) => m.channel === 'email')!.status).toBe('sent');
    expect(textsTo(phone)).toHaveLength(1);
  });

  it('a hard bounce makes the address unusable; an undelivered text is recorded with its reason', async () => {
    const address = `bounce-${customerId}@example.com`;
    await sync({ email: address, phoneNumber: '(212) 555-0110' });
    clock = ELEVEN;
    await settle(['pending', 'sending']);
    const rows = await messages();
    expect(rows.find((m: any) => m.channel === 'email')).toMatchObject({ status: 'bounced' });
    expect(rows.find((m: any) => m.channel === 'email')!.status_reason).toMatch(/^hard bounce: 550/);
    expect(await tables(suite.database.db).emailSuppressions().where({ company_id: companyId, address })).toMatchObject(
      [{ reason: 'hard_bounce' }],
    );
    expect((await suite.t.call('GET', `/emails/${customerId}`, { key })).body).toEqual([]);
    const text = await eventually(async () =>
      (await suite.t.call('GET', `/texts/${customerId}`, { key })).body.find((t: any) => t.status === 'undelivered'),
    );
    expect(text.statusReason).toBe('30003: Unreachable destination handset');

    clock = NOW;
    await sync({ email: address, phoneNumber: '(212) 555-0110' });
    clock = new Date(ELEVEN.getTime() + 60_000);
    await settle();
    const again = (await messages()).filter((m: any) => m.channel === 'email' && m.status === 'skipped');
    expect(again[0].status_reason).toBe(
      `email address ${address} is unusable: hard_bounce (550 5.1.1 mailbox unavailable)`,
    );
  });

  it('Do Not Call stops calls only; an attorney restriction stops every channel', async () => {
    const dnc = await sync({ doNotCall: true });
    expect(dnc.body).toMatchObject({ scheduleCreated: true, tasksCreated: 2 }); // email + SMS, no call schedule
    clock = ELEVEN;
    await settle();
    expect((await messages()).map((m: any) => [m.channel, m.sent_at !== null])).toEqual([
      ['email', true],
      ['sms', true],
    ]);

    clock = NOW;
    const other = `cust-${randomUUID().slice(0, 8)}`;
    customerId = other;
    await sync();
    await tables(suite.database.db).contactRestrictions().insert({
      id: randomUUID(),
      company_id: companyId,
      customer_id: other,
      loan_id: null,
      kind: 'attorney_representation',
      source: 'operator',
      created_at: NOW.toISOString(),
    });
    clock = ELEVEN;
    await settle();
    for (const m of await messages())
      expect(m).toMatchObject({
        status: 'skipped',
        status_reason: expect.stringContaining('Reg F 12 CFR 1006.6(b)(2)'),
      });
  });

  it("a real customer's email goes to the live server; the opt-out link stops later emails", async () => {
    await sync({ isTest: false });
    clock = ELEVEN;
    const [email] = await eventually(() => emailsTo(live).length === 1 && emailsTo(live));
    expect(emailsTo(local.smtp)).toHaveLength(0);
    const link = /open (\S+)$/.exec(email.text.trim())![1];
    const path = new URL(link).pathname;
    // The one-click form (RFC 8058) as mail clients post it, from the email's List-Unsubscribe-Post header.
    const oneClick = {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    };
    expect(await suite.t.call('POST', path, oneClick)).toMatchObject({
      status: 200,
      body: { status: 'unsubscribed', address: `${customerId}@example.com` },
    });
    expect((await suite.t.call('GET', `${path}x`)).status).toBe(404);

    clock = NOW;
    await sync({ isTest: false });
    clock = new Date(ELEVEN.getTime() + 60_000);
    await settle();
    const skipped = (await messages()).filter((m: any) => m.channel === 'email' && m.status === 'skipped');
    expect(skipped[0].status_reason).toMatch(/is unusable: opt_out/);
  });

  it('per-channel frequency caps move a message to when the cap allows it', async () => {
    await setCompanyConfig(suite.database.db, companyId, workflow({ email: { maxPerDay: 1 } }));
    await sync();
    clock = ELEVEN;
    await settle();
    clock = NOW;
    await sync();
    clock = new Date(ELEVEN.getTime() + 60_000);
    await eventually(async () =>
      (await messages()).some((m: any) => m.channel === 'email' && m.status === 'pending' && m.status_reason),
    );
    const moved = (await messages()).find((m: any) => m.channel === 'email' && m.status === 'pending');
    expect(moved!.status_reason).toBe('email frequency cap: at most 1 per day (company configuration)');
    expect(new Date(moved!.scheduled_time).toISOString()).toBe(new Date(ELEVEN.getTime() + 86_400_000).toISOString());
  });

  it('provider callbacks without a valid signature are rejected and change nothing', async () => {
    const url = `http://127.0.0.1:${local.port}/webhooks/sms/inbound`;
    const form = { From: '+15125550143', To: SANDBOX_FROM, Body: 'STOP' };
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form),
      });
    expect((await post({})).status).toBe(401);
    expect(
      (await post({ 'X-Twilio-Signature': twilio.getExpectedTwilioSignature('wrong-token', url, form) })).status,
    ).toBe(401);
    const res = await post({
      'X-Twilio-Signature': twilio.getExpectedTwilioSignature(local.sms.authToken, `${url}?x=1`, form),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 401, message: 'Invalid X-Twilio-Signature' });
    expect(await tables(suite.database.db).smsOptOuts().where({ phone_number: '+15125550143' })).toHaveLength(0);
    const status = await fetch(`http://127.0.0.1:${local.port}/webhooks/sms/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ MessageSid: 'SMx', MessageStatus: 'delivered' }),
    });
    expect(status.status).toBe(401);
  });

  it('GET /emails and /texts are company-scoped and 404 for an unknown customer', async () => {
    await sync();
    const other = await suite.t.company('Other');
    expect((await suite.t.call('GET', `/emails/${customerId}`, { key: other.apiKey })).status).toBe(404);
    expect((await suite.t.call('GET', `/texts/${customerId}`, { key: other.apiKey })).status).toBe(404);
    expect((await suite.t.call('GET', '/emails/nobody', { key })).body).toEqual({
      error: 404,
      message: 'Customer nobody not found',
    });
    expect((await suite.t.call('GET', `/emails/${customerId}?limit=0`, { key })).status).toBe(400);
  });
});
