import Retell from 'retell-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processClock } from '../../src/adapters/clock/sandbox-clock.js';
import { aesGcmBox } from '../../src/adapters/secrets/aes-gcm-box.js';
import { loadConfig } from '../../src/config/config.js';
import { getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import type { CompanyConfig } from '../../src/domain/shared/company-config.js';
import { runDoctorCommand } from '../../src/main/cli-doctor.js';
import { runOutreach } from '../support/cli.js';
import { startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { attestWrittenConsent, settledScheduledCall } from '../support/calls.js';
import { DIALECTS } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { enrollBody, newKey } from '../support/enrollment.js';
import { startTestService, type TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const CLOCK = '2026-12-08T14:59:50Z';
const CONFIG_KEY = Buffer.alloc(32, 11);
const box = aesGcmBox(() => CONFIG_KEY);
const DIALING_KEY = 'golive_dialing_key';
const BADGE_KEY = 'golive_badge_key';
const NY_NUMBER = '+12125550123';
const IL_NUMBER = '+13125550124';
const PUBLIC = 'https://outreach.example.test';
const VOICEMAIL = { businessName: 'Acme Lending', agentName: 'Sam Rivera', callbackNumber: '+12025550199' };

interface Doctor {
  code: number;
  ready: boolean;
  checks: Array<{ id: string; ok: boolean; detail: string; fix?: string }>;
}

/**
 * Go-live day on a lender's own Retell workspace (a strict simulator account: its keys, its
 * numbers, the agents created in it): `outreach doctor` fails, names each fix, the lender
 * configures, the pending call shows why it is not placed, `outreach voice agents` publishes, the
 * doctor passes, and the call goes out from the company's own number with its published agent.
 */
describe.each(DIALECTS)('going live on a company Retell account on %s', { timeout: 180_000 }, (dialect) => {
  const database = useTestDatabase(dialect);
  let retell: VoiceSimulator;
  let sandbox: VoiceSimulator;
  let t: TestService;
  let company: { apiKey: string; companyId: string };
  let clock: () => Date;
  let client: Retell;
  let env: Record<string, string>;

  beforeAll(async () => {
    clock = processClock(new Date(CLOCK));
    retell = await startVoiceSimulator({
      now: clock,
      accounts: [
        {
          apiKeys: [DIALING_KEY, BADGE_KEY],
          webhookKey: BADGE_KEY,
          numbers: [NY_NUMBER, IL_NUMBER],
          concurrencyLimit: 5,
        },
      ],
    });
    sandbox = await startVoiceSimulator({ now: clock });
    env = {
      OUTREACH_CLOCK: CLOCK,
      OUTREACH_VOICE_SIMULATOR_URL: sandbox.url,
      OUTREACH_VOICE_BASE_URL: retell.url,
      OUTREACH_CONFIG_KEY: CONFIG_KEY.toString('hex'),
    };
    t = await startTestService(database.db, {
      env: { ...env, OUTREACH_CALLS_DISPATCH: 'on', OUTREACH_CALLS_POLL_MS: '50' },
    });
    company = await t.company();
    // The lead's written consent is attested (docs/partners/consent.md): this suite is about going live.
    await attestWrittenConsent(database.db, company.companyId);
    client = new Retell({ apiKey: DIALING_KEY, baseURL: retell.url, maxRetries: 0 });
  });

  afterAll(async () => {
    await t?.stop();
    await retell?.close();
    await sandbox?.close();
  });

  /** The doctor as an operator runs it: its own process settings, PUBLIC_BASE_URL the https address a proxy serves. */
  const doctor = async (): Promise<Doctor> => {
    const lines: string[] = [];
    const config = loadConfig({ ...env, DATABASE_URL: database.url, PUBLIC_BASE_URL: PUBLIC });
    const code = await runDoctorCommand(
      database.db,
      config,
      box,
      { json: true, companyId: company.companyId },
      {
        out: (text) => lines.push(text),
        // The TLS-terminating proxy in front of the service: the https address reaches its /healthz.
        probe: async (url) => (await fetch(url.replace(PUBLIC, t.url))).status,
      },
    );
    return { code, ...(JSON.parse(lines.join('\n')) as Omit<Doctor, 'code'>) };
  };
  const check = (d: Doctor, id: string) => d.checks.find((c) => c.id === id)!;
  const configure = async (change: (c: CompanyConfig) => CompanyConfig) =>
    setCompanyConfig(
      database.db,
      company.companyId,
      change(await getCompanyConfig(database.db, company.companyId)),
      box,
    );

  let scheduledCallId: string;
  let agents: Record<string, string | Record<string, string>>;

  it('with no account of its own and no operator provider, the doctor fails and says how to fix it (exit 1)', async () => {
    const d = await doctor();
    expect(d.code).toBe(1);
    expect(d.ready).toBe(false);
    expect(check(d, 'voice.account')).toMatchObject({
      ok: false,
      fix: expect.stringMatching(/calls\.provider\.apiKey/),
    });
    expect(check(d, 'voice.agents')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/no agent for PendingLoanNewLead/),
    });
    expect(check(d, 'public-base-url')).toMatchObject({ ok: true });
  });

  it('with its account key only: caller ids and agents fail; a pending call is not placed and carries the reason', async () => {
    await configure((c) => ({ ...c, calls: { provider: { apiKey: DIALING_KEY, webhookKey: BADGE_KEY } } }));
    const d = await doctor();
    expect(d.code).toBe(1);
    expect(check(d, 'voice.account').ok).toBe(true);
    expect(check(d, 'voice.caller-ids')).toMatchObject({ ok: false, detail: expect.stringMatching(/no caller id/) });
    expect(check(d, 'voice.webhook-key').ok).toBe(true);
    // The account takes 5 calls at once; the company would dial 10 (the operator default).
    expect(check(d, 'voice.concurrency')).toMatchObject({
      ok: false,
      fix: expect.stringMatching(/calls\.maxConcurrentCalls to 5/),
    });

    const res = await t.call('POST', '/customers/schedule/sync', {
      key: company.apiKey,
      headers: { 'Idempotency-Key': newKey() },
      body: enrollBody({ id: 'golive-1', loanId: 'loan-golive-1', phoneNumber: '(212) 555-0100' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    scheduledCallId = res.body.origination.scheduledCallId as string;
    await tables(database.db)
      .scheduledCalls()
      .where({ id: scheduledCallId })
      .update({ scheduled_time: clock().toISOString() });
    const pending = await eventually(
      async () => {
        const r = await t.call('GET', `/scheduled-calls/${scheduledCallId}`, { key: company.apiKey });
        return r.body.status === 'pending' && r.body.timingReasons?.length ? r.body : undefined;
      },
      60_000,
      'the call to be sent back with its reason',
    );
    expect(JSON.stringify(pending.timingReasons)).toMatch(
      /not configured for live calls: no provider agent is configured for task type PendingLoanNewLead/,
    );
    expect(retell.dials()[scheduledCallId]).toBeUndefined();
    expect(sandbox.dials()[scheduledCallId]).toBeUndefined();
  });

  it('with agents Retell issued and caller ids (one not of the account): the doctor names the foreign number and the unpublished agents', async () => {
    const create = async () =>
      (
        await client.agent.create({
          voice_id: '11labs-Adrian',
          response_engine: { type: 'retell-llm', llm_id: 'llm_1' },
        })
      ).agent_id;
    agents = {
      PendingLoanNewLead: await create(),
      PendingLoanReturning: await create(),
      Collections: { en: await create(), es: await create() },
    };
    await configure((c) => ({
      ...c,
      calls: {
        ...c.calls,
        agents,
        voicemail: VOICEMAIL,
        maxConcurrentCalls: 5,
        callerIds: [{ number: NY_NUMBER, states: ['NY'] }, { number: IL_NUMBER }, { number: '+14155550120' }],
      },
    }));
    const d = await doctor();
    expect(d.code).toBe(1);
    expect(check(d, 'voice.caller-ids')).toMatchObject({
      ok: false,
      detail: 'not numbers of the account: +14155550120',
    });
    expect(check(d, 'voice.agents')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/no published version recorded/),
    });
    expect(check(d, 'voice.concurrency').ok).toBe(true);
  });

  it("the console's Setup page reads the doctor's checklist: GET /go-live-checklist answers the same checks, details and fixes", async () => {
    const d = await doctor();
    const page = await t.call('GET', '/go-live-checklist', { key: company.apiKey });
    expect(page.status).toBe(200);
    // The voice account's rows; PUBLIC_BASE_URL is the process's own (the test service's is http).
    const voiceRows = (checks: Doctor['checks']) => checks.filter((c) => c.id.startsWith('voice.'));
    expect(voiceRows(page.body.checks)).toEqual(voiceRows(d.checks));
    expect(page.body.checks.map((c: { id: string }) => c.id)).toEqual(d.checks.map((c) => c.id));
    expect(page.body.ready).toBe(false);
  });

  it('after `outreach voice agents` (set up and published) and the foreign number removed, the doctor passes (exit 0)', async () => {
    await configure((c) => ({
      ...c,
      calls: { ...c.calls, callerIds: [{ number: NY_NUMBER, states: ['NY'] }, { number: IL_NUMBER }] },
    }));
    const agentsSetUp = await runOutreach(['voice', 'agents', '--company', company.companyId], {
      env: { ...env, DATABASE_URL: database.url },
    });
    expect(agentsSetUp.code, agentsSetUp.stderr).toBe(0);
    const d = await doctor();
    expect(d.checks.filter((c) => !c.ok)).toEqual([]);
    expect(d).toMatchObject({ code: 0, ready: true });
    // Every version the calls pin is published at Retell with the setup.
    const spanish = (agents.Collections as Record<string, string>).es;
    const published = await client.agent.retrieve(spanish, { version: 0 });
    expect(published.is_published).toBe(true);
    expect(published.voicemail_option).toEqual({
      action: { type: 'static_text', text: expect.stringMatching(/^Hello, this is Sam Rivera with Acme Lending/) },
    });
  });

  it('the pending call goes out from the company number of its area code, with its published agent version, and completes', async () => {
    await tables(database.db)
      .scheduledCalls()
      .where({ id: scheduledCallId })
      .update({ scheduled_time: clock().toISOString() });
    expect(await settledScheduledCall(t, company.apiKey, scheduledCallId)).toMatchObject({ status: 'completed' });
    const record = await tables(database.db).calls().where({ scheduled_call_id: scheduledCallId }).first();
    expect(record!.from_phone_number).toBe(NY_NUMBER);
    // The API's call resource says which number dialled (an extension field).
    const read = await t.call('GET', `/calls/${record!.id}`, { key: company.apiKey });
    expect(read.body).toMatchObject({ fromPhoneNumber: NY_NUMBER });
    const placed = await client.call.retrieve(record!.provider_call_id);
    expect(placed).toMatchObject({
      from_number: NY_NUMBER,
      agent_id: agents.PendingLoanNewLead,
      agent_version: 0,
    });
    expect(retell.dials()[scheduledCallId]).toBe(1);
  });
});
