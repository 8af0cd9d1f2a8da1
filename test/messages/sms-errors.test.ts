import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig, type CompanyConfig } from '../../src/domain/shared/company-config.js';
import { SANDBOX_FROM, startLocalChannels } from '../support/channels.js';
import { eventually } from '../support/eventually.js';
import { DIALECTS } from '../support/databases.js';
import { NOW, replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { providerAlerts } from '../../src/observability/metrics.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';

/** 11:00 in Chicago on the test Tuesday: the first text is due then; the others on the next days at 11:00. */
const ELEVEN = new Date('2026-12-08T17:00:00Z');
const DAY = 86_400_000;
const SERVICE = 'MG0123456789abcdef0123456789abcdef';
const smsAlertCount = async () =>
  (await providerAlerts.get()).values.find((v) => v.labels.kind === 'sms_permission_denied')?.value ?? 0;

// Texts go through the official twilio client to the SMS simulator (magic numbers 555-0130…0139).
const channelsByDialect = new Map(
  await Promise.all(DIALECTS.map(async (d) => [d, await startLocalChannels()] as const)),
);
afterAll(async () => {
  for (const c of channelsByDialect.values()) await c.stop();
});

describe.each(DIALECTS)('Twilio errors by their meaning on %s', (dialect) => {
  const local = channelsByDialect.get(dialect)!;
  let clock = NOW;
  const suite = useTestService(dialect, { now: () => clock, env: local.env });
  let key: string;
  let companyId: string;

  async function configure(days: number[], sms: NonNullable<CompanyConfig['channels']>['sms'] = {}) {
    const config = defaultCompanyConfig();
    await setCompanyConfig(suite.database.db, companyId, {
      ...config,
      taskTypes: config.taskTypes.map((t) =>
        t.name === 'Collections'
          ? {
              ...t,
              messages: days.map((day) => ({
                id: `s${day}`,
                channel: 'sms' as const,
                day,
                at: '11:00',
                template: 'n',
              })),
            }
          : t,
      ),
      templates: { n: { body: 'Hi {{customer.firstName}}, please call us.' } },
      channels: { sms },
    });
  }

  beforeEach(async () => {
    clock = NOW;
    ({ apiKey: key, companyId } = await suite.t.company());
    await configure([0]);
  });

  const rows = (customerId: string) =>
    tables(suite.database.db)
      .scheduledMessages()
      .where({ company_id: companyId, customer_id: customerId, channel: 'sms' })
      .orderBy('scheduled_time');
  /** The step's row once the dispatcher has decided on it (not claimed, not due-and-untried). */
  const settled = (customerId: string, index = 0) =>
    eventually(async () => {
      const row = (await rows(customerId))[index];
      return row && row.status !== 'sending' && (row.status !== 'pending' || !!row.status_reason) && row;
    });
  /** A test customer texted at `phone`; the first text is let go at 11:00 and returned once decided. */
  async function enroll(phone: string) {
    const customerId = `cust-${randomUUID().slice(0, 8)}`;
    clock = NOW;
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({ id: customerId, taskType: 'Collections', isTest: true, phoneNumber: phone }),
    });
    expect(res.status).toBe(200);
    clock = ELEVEN;
    return { customerId, row: await settled(customerId) };
  }
  const number = (phone: string) =>
    tables(suite.database.db).smsNumbers().where({ company_id: companyId, phone_number: phone }).first();
  const sentTo = (phone: string) => local.sms.messages.filter((m) => m.to === phone);
  const lookupsOf = (phone: string) => local.sms.lookups.filter((n) => n === phone).length;

  it('a landline (Lookup v2) is never texted, and is not looked up again', async () => {
    const phone = '+15125550130';
    const first = await enroll(phone);
    expect(first.row).toMatchObject({
      status: 'skipped',
      status_reason: `${phone} is unusable for texts: line type landline (Twilio Lookup): never texted`,
    });
    expect(await number(phone)).toMatchObject({ line_type: 'landline', unusable_code: null });
    const second = await enroll(phone);
    expect(second.row).toMatchObject({ status: 'skipped' });
    expect(second.row.status_reason).toMatch(/unusable for texts: line type landline/);
    expect(sentTo(phone)).toEqual([]);
    expect(lookupsOf(phone)).toBe(1);
  });

  it('a mobile number is looked up once, before its first text; the answer is cached', async () => {
    const phone = '+15125550164';
    await enroll(phone);
    await enroll(phone);
    expect(sentTo(phone)).toHaveLength(2);
    expect(lookupsOf(phone)).toBe(1);
    expect(await number(phone)).toMatchObject({ line_type: 'mobile', carrier_name: 'Simulated Wireless' });
  });

  it.each([
    ['+15125550132', 30005, 'undelivered'],
    ['+15125550133', 30006, 'failed'],
  ])('%s: a %s delivery error makes the number unusable for texts at once', async (phone, code, status) => {
    const { customerId } = await enroll(phone);
    await eventually(async () => (await rows(customerId))[0].status === status);
    // The callback marks the number right after it records the status.
    await eventually(async () => (await number(phone))?.unusable_code === code);
    const second = await enroll(phone);
    expect(second.row.status).toBe('skipped');
    expect(second.row.status_reason).toMatch(new RegExp(`^\\${phone} is unusable for texts: ${code}: `));
    expect(sentTo(phone)).toHaveLength(1);
  });

  it('30003 makes the number unusable only after 3 failures on at least 2 days; the next text then is not sent', async () => {
    await configure([0, 1, 2, 3]);
    const phone = '+15125550131';
    const { customerId } = await enroll(phone);
    for (const day of [0, 1, 2]) {
      clock = new Date(ELEVEN.getTime() + day * DAY);
      await eventually(async () => (await rows(customerId))[day]?.status === 'undelivered');
      if (day < 2) expect((await number(phone))?.unusable_at ?? null).toBeNull();
      else await eventually(async () => (await number(phone))?.unusable_code === 30003);
    }
    clock = new Date(ELEVEN.getTime() + 3 * DAY);
    const fourth = await settled(customerId, 3);
    expect(fourth.status).toBe('skipped');
    expect(fourth.status_reason).toMatch(/unusable for texts: 30003: Unreachable destination handset, 3 times since/);
    expect(sentTo(phone)).toHaveLength(3);
  });

  it("20003 holds the account's texts (none failed), raises provider.alert, and one is tried again after the hold", async () => {
    const alertsBefore = await smsAlertCount();
    await addWebhookEndpoint(suite.database.db, companyId, 'http://127.0.0.1:9/hooks', NOW); // deliveries checked as written
    const refused = await enroll('+15125550134');
    expect(refused.row).toMatchObject({ status: 'pending', provider_message_id: null });
    expect(refused.row.status_reason).toMatch(/^held: the SMS account refused the request \(20003: Authenticate\)/);
    const [hold] = await tables(suite.database.db).smsHolds().where({ company_id: companyId });
    expect(hold).toMatchObject({ account: 'sandbox', code: 20003 });
    // The voice go-live's provider.alert: one open alert on the SMS connection, its event and metric; dialing is not paused.
    const alerts = await suite.t.call('GET', '/provider-alerts', { key });
    expect(alerts.body).toMatchObject({
      paused: false,
      data: [{ provider: 'sms_sandbox', kind: 'sms_permission_denied', status: 'open', provider_call_id: null }],
    });
    const alertId = alerts.body.data[0].id as string;
    expect(
      await tables(suite.database.db)
        .webhookDeliveries()
        .where({ company_id: companyId, event_type: 'provider.alert' })
        .select('subject_id'),
    ).toEqual([{ subject_id: alertId }]);
    expect(await smsAlertCount()).toBe(alertsBefore + 1);
    // Another customer's text waits too, without reaching Twilio.
    const other = await enroll('+15125550161');
    expect(other.row).toMatchObject({ status: 'pending', provider_message_id: null });
    expect(other.row.status_reason).toMatch(/^held:/);
    expect(sentTo('+15125550161')).toEqual([]);
    // After the hold, texts are tried again: the account answers for this one, and it goes.
    clock = new Date(ELEVEN.getTime() + 16 * 60_000);
    await eventually(async () => (await rows(other.customerId))[0].status === 'delivered');
    expect(sentTo('+15125550161')).toHaveLength(1);
    expect((await rows(refused.customerId))[0].status).toBe('pending');
    // The account answered: the hold lifted, and its alert closed by itself (one alert, one event for the hold).
    const after = await suite.t.call('GET', '/provider-alerts', { key });
    expect(after.body).toMatchObject({
      paused: false,
      data: [{ id: alertId, status: 'resumed', resumed_by: 'sms: the account accepted a text' }],
    });
    expect(await smsAlertCount()).toBe(alertsBefore + 1);
  });

  it('a Messaging Service sends instead of From; 21610 records a revocation for that sender and number', async () => {
    await configure([0], { messagingServiceSid: SERVICE });
    await enroll('+15125550162');
    expect(sentTo('+15125550162')[0]).toMatchObject({ messaging_service_sid: SERVICE });
    const refused = await enroll('+15125550115');
    expect(refused.row).toMatchObject({
      status: 'failed',
      status_reason: '21610: Attempt to send to unsubscribed recipient',
    });
    const revocations = await tables(suite.database.db)
      .consentEvents()
      .where({ company_id: companyId, address: '+15125550115', kind: 'revoke' });
    expect(revocations.map((r) => r.channel).sort()).toEqual(['call', 'sms']);
    for (const r of revocations)
      expect(r).toMatchObject({
        source: 'sms_provider_opt_out',
        evidence_ref: `Twilio 21610: +15125550115 unsubscribed from sender ${SERVICE}`,
      });
    expect(
      await tables(suite.database.db).smsOptOuts().where({ company_id: companyId, phone_number: '+15125550115' }),
    ).toHaveLength(1);
  });

  it("an inbound OptOutType STOP (Advanced Opt-Out's own keyword) opts the number out", async () => {
    const phone = '+15125550163';
    await enroll(phone);
    const url = `http://127.0.0.1:${local.port}/webhooks/sms/inbound`;
    const form = {
      MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
      AccountSid: local.sms.accountSid,
      From: phone,
      To: SANDBOX_FROM,
      Body: 'Parar',
      MessagingServiceSid: SERVICE,
      OptOutType: 'STOP',
    };
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': twilio.getExpectedTwilioSignature(local.sms.authToken, url, form),
      },
      body: new URLSearchParams(form),
    });
    expect(res.status).toBeLessThan(300);
    expect(
      await tables(suite.database.db).smsOptOuts().where({ company_id: companyId, phone_number: phone }),
    ).toMatchObject([{ keyword: 'PARAR' }]);
    const second = await enroll(phone);
    expect(second.row).toMatchObject({ status: 'skipped', status_reason: `${phone} opted out of SMS (PARAR)` });
  });
});
