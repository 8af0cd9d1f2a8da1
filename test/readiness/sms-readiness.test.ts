import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TwilioSms } from '../../src/adapters/sms/twilio-sms.js';
import { smsDoctorChecks, smsReadinessChecks, type SmsRoute } from '../../src/domain/readiness/sms.js';
import { defaultCompanyConfig, type CompanyConfig } from '../../src/domain/shared/company-config.js';
import { SmsSimulator } from '../../src/simulators/sms/server.js';

/** The checks speak to the SMS simulator through the official twilio library (TwilioSms). No database. */
describe('SMS readiness rows', () => {
  const sim = new SmsSimulator({ accountSid: 'ACreadiness', authToken: 'token-r' });
  const SERVICE = 'MG0123456789abcdef0123456789abcdef';
  let route: SmsRoute | null;
  beforeAll(async () => void (await sim.start()));
  afterAll(() => sim.stop());
  beforeEach(() => {
    sim.accountStatus = 'active';
    sim.messagingServices = undefined;
    route = {
      provider: new TwilioSms({ baseUrl: sim.url, accountSid: sim.accountSid, authToken: sim.authToken }),
      own: true,
      from: '+15125550100',
    };
  });

  const checks = smsReadinessChecks(() => route);
  const run = (id: string, config: CompanyConfig = defaultCompanyConfig()) =>
    checks.find((c) => c.id === id)!.run({ companyId: 'co-1', config });

  it('all pass for an active account with a sender number and Lookup', async () => {
    expect(checks.map((c) => c.id)).toEqual(['sms.credentials', 'sms.sender', 'sms.lookup']);
    expect(await run('sms.credentials')).toEqual({ ok: true, detail: "the company's Twilio account is active" });
    expect(await run('sms.sender')).toEqual({ ok: true, detail: 'texts go from +15125550100' });
    expect(await run('sms.lookup')).toEqual({ ok: true, detail: 'Lookup answers (+15125550100 is mobile)' });
  });

  it('wrong credentials fail every Twilio row, with the fix', async () => {
    route = { ...route!, provider: new TwilioSms({ baseUrl: sim.url, accountSid: sim.accountSid, authToken: 'old' }) };
    expect(await run('sms.credentials')).toMatchObject({
      ok: false,
      detail: "Twilio refused the company's credentials (20003: Authenticate)",
      fix: expect.stringContaining('channels.sms.provider'),
    });
    expect(await run('sms.lookup')).toMatchObject({ ok: false, detail: expect.stringContaining('20003') });
  });

  it('a suspended account fails', async () => {
    sim.accountStatus = 'suspended';
    expect(await run('sms.credentials')).toMatchObject({ ok: false, detail: expect.stringContaining('suspended') });
  });

  it('a Messaging Service must be in the account; a sender must be E.164', async () => {
    const config = { ...defaultCompanyConfig(), channels: { sms: { messagingServiceSid: SERVICE } } };
    expect(await run('sms.sender', config)).toEqual({
      ok: true,
      detail: `texts go through Messaging Service ${SERVICE} (Simulated service cdef)`,
    });
    sim.messagingServices = new Set();
    expect(await run('sms.sender', config)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(new RegExp(`^Messaging Service ${SERVICE} is not in the account \\(20404: `)),
    });
    route = { ...route!, from: '512-555-0100' };
    expect(await run('sms.sender')).toMatchObject({
      ok: false,
      detail: 'the sender "512-555-0100" is not an E.164 number',
    });
  });

  it('Lookup that cannot tell or does not answer fails the Lookup row', async () => {
    route = { ...route!, from: '+15125550137' }; // no line type (60600)
    expect(await run('sms.lookup')).toMatchObject({ ok: false, detail: expect.stringContaining('error 60600') });
    route = { ...route, from: '+15125550135' }; // Lookup answers 503
    expect(await run('sms.lookup')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^Lookup did not answer/),
    });
  });

  it('without a live account every row says texts go to the simulator', async () => {
    route = null;
    for (const id of ['sms.credentials', 'sms.sender', 'sms.lookup'])
      expect(await run(id)).toMatchObject({ ok: false, detail: expect.stringContaining('SMS simulator') });
  });

  it('as the doctor runs them: a company without an SMS step passes without an account; one with a step needs it', async () => {
    const doctor = smsDoctorChecks(() => null);
    const texting: CompanyConfig = {
      ...defaultCompanyConfig(),
      taskTypes: defaultCompanyConfig().taskTypes.map((t) =>
        t.name === 'Collections' ? { ...t, messages: [{ id: 's0', channel: 'sms', day: 0, template: 'n' }] } : t,
      ),
    };
    for (const check of doctor) {
      expect(await check.run({ companyId: 'co-1', config: defaultCompanyConfig() })).toMatchObject({
        ok: true,
        detail: expect.stringContaining('sends no texts'),
      });
      expect(await check.run({ companyId: 'co-1', config: texting })).toMatchObject({
        ok: false,
        detail: expect.stringContaining('no Twilio account'),
      });
    }
  });
});
