import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aesGcmBox } from '../../src/adapters/secrets/aes-gcm-box.js';
import { getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { SmsSimulator } from '../../src/simulators/sms/server.js';
import { startLocalChannels } from '../support/channels.js';
import { eventually } from '../support/eventually.js';
import { DIALECTS } from '../support/databases.js';
import { NOW, replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** 11:00 in Chicago on the test Tuesday: the text below is due then. */
const ELEVEN = new Date('2026-12-08T17:00:00Z');
const CONFIG_KEY = Buffer.alloc(32, 5);
const box = aesGcmBox(() => CONFIG_KEY);

// "Twilio": it knows the company's own account only; the operator's credentials are refused (20003).
const twilioApi = new SmsSimulator({ accountSid: 'ACcompanya', authToken: 'company-a-token' });
await twilioApi.start();
const channelsByDialect = new Map(
  await Promise.all(
    DIALECTS.map(
      async (d) =>
        [
          d,
          await startLocalChannels({
            OUTREACH_SMS_URL: twilioApi.url,
            OUTREACH_SMS_ACCOUNT_SID: 'ACoperator',
            OUTREACH_SMS_AUTH_TOKEN: 'operator-token',
            OUTREACH_CONFIG_KEY: CONFIG_KEY.toString('hex'),
          }),
        ] as const,
    ),
  ),
);
afterAll(async () => {
  for (const c of channelsByDialect.values()) await c.stop();
  await twilioApi.stop();
});

/**
 * A company that picks its own Twilio account in company configuration (`channels.sms.provider`,
 * the auth token sealed): its real customers' texts go through that account, and the delivery
 * reports (StatusCallback naming the company) verify with its token.
 */
describe.each(DIALECTS)("a company's own SMS account on %s", (dialect) => {
  const local = channelsByDialect.get(dialect)!;
  let clock = NOW;
  const suite = useTestService(dialect, { now: () => clock, env: local.env });
  const withText = async (companyId: string, provider?: { accountSid: string; authToken: string }) => {
    const config = defaultCompanyConfig();
    await setCompanyConfig(
      suite.database.db,
      companyId,
      {
        ...config,
        taskTypes: config.taskTypes.map((t) =>
          t.name === 'Collections'
            ? { ...t, messages: [{ id: 's', channel: 'sms' as const, day: 0, at: '11:00', template: 'n' }] }
            : t,
        ),
        templates: { n: { body: 'Hi {{customer.firstName}}, please call us.' } },
        ...(provider ? { channels: { sms: { provider } } } : {}),
      },
      box,
    );
  };
  let own: { apiKey: string; companyId: string };
  let other: { apiKey: string; companyId: string };

  beforeAll(async () => {
    own = await suite.t.company();
    other = await suite.t.company();
    await withText(own.companyId, { accountSid: 'ACcompanya', authToken: 'company-a-token' });
    await withText(other.companyId);
  });

  /** Plans one text to a new real customer of the company, lets it go at 11:00, and returns its row once settled. */
  async function textTo(company: { apiKey: string; companyId: string }, phone: string, settled: (row: any) => boolean) {
    const customerId = `cust-${randomUUID().slice(0, 8)}`;
    clock = NOW;
    expect(
      (
        await suite.t.call('POST', '/customers/schedule/sync', {
          key: company.apiKey,
          body: replaceBody({ id: customerId, taskType: 'Collections', phoneNumber: phone }),
        })
      ).status,
    ).toBe(200);
    clock = ELEVEN;
    return eventually(async () => {
      const [row] = await tables(suite.database.db)
        .scheduledMessages()
        .where({ company_id: company.companyId, customer_id: customerId, channel: 'sms' });
      return row && settled(row) && row;
    });
  }

  it('stores the token sealed and prints it masked', async () => {
    expect((await getCompanyConfig(suite.database.db, own.companyId)).channels?.sms?.provider).toEqual({
      accountSid: 'ACcompanya',
      authToken: '********',
    });
  });

  it("the company's real customer is texted through its own account; the signed delivery report names the company and is applied", async () => {
    const row = await textTo(own, '(512) 555-0171', (r) => r.status === 'delivered');
    const sent = twilioApi.messages.find((m) => m.sid === row.provider_message_id);
    expect(sent).toMatchObject({ account_sid: 'ACcompanya', to: '+15125550171' });
  });

  it("a company without its own account texts through the operator's (refused here by this Twilio: 20003, so held)", async () => {
    const row = await textTo(other, '(512) 555-0172', (r) => r.status === 'pending' && !!r.status_reason);
    // 20003 is the account, not the text: held, never failed (docs/operators/sms-provider.md#twilio-errors-by-their-meaning).
    expect(row).toMatchObject({
      status: 'pending',
      status_reason: expect.stringMatching(/^held: the SMS account refused the request \(20003: /),
    });
    expect(await tables(suite.database.db).smsHolds().where({ company_id: other.companyId })).toMatchObject([
      { account: 'operator', code: 20003 },
    ]);
  });
});
