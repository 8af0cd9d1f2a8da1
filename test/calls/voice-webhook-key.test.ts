import Retell from 'retell-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processClock } from '../../src/adapters/clock/sandbox-clock.js';
import { aesGcmBox } from '../../src/adapters/secrets/aes-gcm-box.js';
import { companyVoiceProviders } from '../../src/adapters/voice/company-providers.js';
import { getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import { setUpVoiceAgents } from '../../src/domain/calls/voice-agents.js';
import type { VoiceProvider } from '../../src/domain/ports/voice-provider.js';
import { startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { postCallback, settledScheduledCall } from '../support/calls.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey } from '../support/enrollment.js';
import { startTestService, type TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const CLOCK = '2026-12-08T14:59:50Z';
const CONFIG_KEY = Buffer.alloc(32, 9);
const box = aesGcmBox(() => CONFIG_KEY);
/** The company's Retell workspace: it dials with one key; another carries the webhook badge. */
const DIALING_KEY = 'key_dialing_no_badge';
const BADGE_KEY = 'key_with_webhook_badge';
const CALLER_ID = '+12125550120';
const VOICEMAIL = { businessName: 'Acme Lending', agentName: 'Sam Rivera', callbackNumber: '+12025550199' };

/**
 * Retell signs webhooks only with the workspace's API key that has the webhook badge
 * (https://docs.retellai.com/features/secure-webhook). A company whose dialing key is another key
 * sets `calls.provider.webhookKey`; without it, the dialing key is assumed to be the badge key.
 */
describe.each(DIALECTS)('the webhook-verification key of a company account on %s', { timeout: 120_000 }, (dialect) => {
  const database = useTestDatabase(dialect);
  let retell: VoiceSimulator;
  let sandbox: VoiceSimulator;
  let t: TestService;
  let company: { apiKey: string; companyId: string };
  let clock: () => Date;

  beforeAll(async () => {
    clock = processClock(new Date(CLOCK));
    retell = await startVoiceSimulator({
      now: clock,
      accounts: [{ apiKeys: [DIALING_KEY, BADGE_KEY], webhookKey: BADGE_KEY, numbers: [CALLER_ID] }],
    });
    sandbox = await startVoiceSimulator({ now: clock });
    t = await startTestService(database.db, {
      env: {
        OUTREACH_CALLS_DISPATCH: 'on',
        OUTREACH_CLOCK: CLOCK,
        OUTREACH_CALLS_POLL_MS: '50',
        OUTREACH_VOICE_SIMULATOR_URL: sandbox.url,
        OUTREACH_VOICE_BASE_URL: retell.url,
        OUTREACH_CONFIG_KEY: CONFIG_KEY.toString('hex'),
      },
    });
    company = await t.company();
    // The lender's agents, created in its workspace (Retell assigns the ids), set up and published.
    const client = new Retell({ apiKey: DIALING_KEY, baseURL: retell.url, maxRetries: 0 });
    const config = await getCompanyConfig(database.db, company.companyId);
    const agents: Record<string, string> = {};
    for (const tt of config.taskTypes)
      agents[tt.name] = (
        await client.agent.create({
          voice_id: '11labs-Adrian',
          response_engine: { type: 'retell-llm', llm_id: 'llm_1' },
        })
      ).agent_id;
    await setCompanyConfig(
      database.db,
      company.companyId,
      {
        ...config,
        calls: {
          agents,
          voicemail: VOICEMAIL,
          callerIds: [{ number: CALLER_ID }],
          provider: { apiKey: DIALING_KEY, webhookKey: BADGE_KEY },
        },
        // The lead's written consent is attested (docs/partners/consent.md): this suite is about webhook keys.
        consent: { attestation: { form: 'application-consent', version: 'v1' } },
      },
      box,
    );
    const voice = companyVoiceProviders(box, { baseUrl: retell.url, requestTimeoutMs: 5_000 });
    await setUpVoiceAgents(database.db, (id, c) => voice(id, c) as VoiceProvider, company.companyId, {
      check: false,
    });
  });

  afterAll(async () => {
    await t?.stop();
    await retell?.close();
    await sandbox?.close();
  });

  const forged = () =>
    JSON.stringify({
      event: 'call_started',
      call: {
        call_id: 'call_unknown',
        call_status: 'ongoing',
        metadata: { scheduled_call_id: 'x', company_id: company.companyId },
      },
    });

  it('stores the webhook key sealed and prints it masked', async () => {
    const row = await tables(database.db).companies().where({ id: company.companyId }).first();
    expect(JSON.stringify(row!.config)).not.toContain(BADGE_KEY);
    expect((await getCompanyConfig(database.db, company.companyId)).calls?.provider?.webhookKey).toBe('********');
  });

  it("a call dialed with the key without the badge completes: Retell's webhooks, signed with the badge key, are accepted", async () => {
    const res = await t.call('POST', '/customers/schedule/sync', {
      key: company.apiKey,
      headers: { 'Idempotency-Key': newKey() },
      body: enrollBody({ id: 'badge-1', loanId: 'loan-badge-1', phoneNumber: '(212) 555-0100' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.origination.scheduledCallId as string;
    await tables(database.db).scheduledCalls().where({ id }).update({ scheduled_time: clock().toISOString() });
    expect(await settledScheduledCall(t, company.apiKey, id)).toMatchObject({
      status: 'completed',
      postProcessingFlags: ['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER'],
    });
    expect(retell.dials()[id]).toBe(1);
  });

  it('a delivery signed with the dialing key is refused (401); one signed with the badge key is authenticated', async () => {
    expect((await postCallback(t, 'live', forged(), DIALING_KEY)).status).toBe(401);
    // Authenticated, then refused for what it says: no such call was placed.
    expect((await postCallback(t, 'live', forged(), BADGE_KEY)).status).toBe(404);
  });

  it('without webhookKey the dialing key verifies: the badge key is then refused', async () => {
    const config = await getCompanyConfig(database.db, company.companyId);
    await setCompanyConfig(
      database.db,
      company.companyId,
      { ...config, calls: { ...config.calls, provider: { apiKey: '********' } } },
      box,
    );
    expect((await postCallback(t, 'live', forged(), BADGE_KEY)).status).toBe(401);
    expect((await postCallback(t, 'live', forged(), DIALING_KEY)).status).toBe(404);
  });
});
