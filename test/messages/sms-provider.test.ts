import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { SANDBOX_FROM, startLocalChannels } from '../support/channels.js';
import { eventually } from '../support/eventually.js';
import { DIALECTS } from '../support/databases.js';
import { NOW, replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** 11:00 in Chicago on the test Tuesday: the text below is due then. */
const ELEVEN = new Date('2026-12-08T17:00:00Z');

// The service sends through the official twilio client to the SMS simulator, and checks callbacks with twilio.validateRequest.
const channelsByDialect = new Map(
  await Promise.all(DIALECTS.map(async (d) => [d, await startLocalChannels()] as const)),
);
afterAll(async () => {
  for (const c of channelsByDialect.values()) await c.stop();
});

describe.each(DIALECTS)("SMS through Twilio's library on %s", (dialect) => {
  const local = channelsByDialect.get(dialect)!;
  let clock = NOW;
  const suite = useTestService(dialect, { now: () => clock, env: local.env });
  let key: string;
  let companyId: string;

  beforeEach(async () => {
    clock = NOW;
    ({ apiKey: key, companyId } = await suite.t.company());
    const config = defaultCompanyConfig();
    await setCompanyConfig(suite.database.db, companyId, {
      ...config,
      taskTypes: config.taskTypes.map((t) =>
        t.name === 'Collections'
          ? { ...t, messages: [{ id: 's', channel: 'sms' as const, day: 0, at: '11:00', template: 'n' }] }
          : t,
      ),
      templates: { n: { body: 'Hi {{customer.firstName}}, please call us.' } },
    });
  });

  /** Plans one text to `phone` for a new test customer, lets it go at 11:00, and returns its row once settled. */
  async function textTo(phone: string) {
    const customerId = `cust-${randomUUID().slice(0, 8)}`;
    clock = NOW;
    expect(
      (
        await suite.t.call('POST', '/customers/schedule/sync', {
          key,
          body: replaceBody({ id: customerId, taskType: 'Collections', isTest: true, phoneNumber: phone }),
        })
      ).status,
    ).toBe(200);
    clock = ELEVEN;
    const rows = () =>
      tables(suite.database.db)
        .scheduledMessages()
        .where({ company_id: companyId, customer_id: customerId, channel: 'sms' });
    return eventually(async () => {
      const [row] = await rows();
      return row && row.status !== 'sending' && (row.status !== 'pending' || !!row.status_reason) && row;
    });
  }

  const statusUrl = () => `http://127.0.0.1:${local.port}/webhooks/sms/status`;
  const postStatus = (form: Record<string, string>, signature: string) =>
    fetch(statusUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
      body: new URLSearchParams(form),
    });

  it("the simulator's signed status callbacks are applied; a forged one is 401 and changes nothing", async () => {
    const phone = '+15125550150';
    await textTo(phone);
    const sid = local.sms.messages.find((m) => m.to === phone)!.sid;
    const delivered = await eventually(async () => {
      const [row] = await tables(suite.database.db)
        .scheduledMessages()
        .where({ company_id: companyId, provider_message_id: sid });
      return row?.status === 'delivered' && row;
    });
    const forged = {
      MessageSid: sid,
      SmsSid: sid,
      AccountSid: local.sms.accountSid,
      MessageStatus: 'undelivered',
      SmsStatus: 'undelivered',
      ErrorCode: '30003',
      From: SANDBOX_FROM,
      To: phone,
      ApiVersion: '2010-04-01',
    };
    const res = await postStatus(forged, twilio.getExpectedTwilioSignature('not-the-auth-token', statusUrl(), forged));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 401, message: 'Invalid X-Twilio-Signature' });
    // Signed over other parameters than those sent: refused too.
    expect(
      (
        await postStatus(
          { ...forged, ErrorCode: '30005' },
          twilio.getExpectedTwilioSignature(local.sms.authToken, statusUrl(), forged),
        )
      ).status,
    ).toBe(401);
    const [after] = await tables(suite.database.db).scheduledMessages().where({ id: delivered.id });
    expect(after).toMatchObject({ status: 'delivered', status_reason: null });
  });

  it.each([
    ['(512) 555-0114', 'failed', "21614: 'To' number is not a valid mobile number", false],
    ['(512) 555-0115', 'failed', '21610: Attempt to send to unsubscribed recipient', true],
  ])("a Twilio refusal (%s) fails the text with Twilio's code and message", async (phone, status, reason, optedOut) => {
    const row = await textTo(phone);
    expect(row).toMatchObject({ status, status_reason: reason, provider_message_id: null });
    // 21610: Twilio holds a STOP the service had missed; the number is opted out for the company.
    const e164 = `+1${phone.replace(/\D/g, '')}`;
    expect(
      await tables(suite.database.db).smsOptOuts().where({ company_id: companyId, phone_number: e164 }),
    ).toHaveLength(optedOut ? 1 : 0);
  });

  it.each([
    ['(512) 555-0116', 'SMS provider unavailable: SMS provider answered 429 (20429: Too Many Requests)'],
    ['(512) 555-0113', 'SMS provider unavailable: SMS provider answered 503 (20503: Service Unavailable)'],
  ])('a 429 or 503 (%s) leaves the text pending for a later try', async (phone, reason) => {
    const row = await textTo(phone);
    expect(row).toMatchObject({ status: 'pending', status_reason: reason });
    expect(new Date(row.scheduled_time).getTime()).toBeGreaterThan(ELEVEN.getTime());
  });
});
