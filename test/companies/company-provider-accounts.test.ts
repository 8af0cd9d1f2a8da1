import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processClock } from '../../src/adapters/clock/sandbox-clock.js';
import { aesGcmBox } from '../../src/adapters/secrets/aes-gcm-box.js';
import { getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import { startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { postCallback, settledScheduledCall, useSandboxAgentsLive } from '../support/calls.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey } from '../support/enrollment.js';
import { startTestService, type TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const CLOCK = '2026-12-08T14:59:50Z';
const CONFIG_KEY = Buffer.alloc(32, 7);
const box = aesGcmBox(() => CONFIG_KEY);

/**
 * A company that picks its own Retell account in company configuration (`calls.provider.apiKey`,
 * sealed): its real customers are dialed with that key and its webhooks verified with it; a
 * company without one uses the operator's account; test customers still reach only the simulator.
 */
describe.each(DIALECTS)("a company's own voice provider account on %s", { timeout: 120_000 }, (dialect) => {
  const database = useTestDatabase(dialect);
  let retell: VoiceSimulator;
  let sandbox: VoiceSimulator;
  let t: TestService;
  let own: { apiKey: string; companyId: string };
  let other: { apiKey: string; companyId: string };
  let clock: () => Date;

  beforeAll(async () => {
    clock = processClock(new Date(CLOCK));
    // "Retell": it knows the company's account only; the operator's key is refused.
    retell = await startVoiceSimulator({ now: clock, apiKey: 'acct_company_a' });
    sandbox = await startVoiceSimulator({ now: clock });
    t = await startTestService(database.db, {
      env: {
        OUTREACH_CALLS_DISPATCH: 'on',
        OUTREACH_CLOCK: CLOCK,
        OUTREACH_CALLS_POLL_MS: '50',
        OUTREACH_VOICE_SIMULATOR_URL: sandbox.url,
        OUTREACH_VOICE_BASE_URL: retell.url,
        OUTREACH_VOICE_API_KEY: 'operator_key',
        OUTREACH_CONFIG_KEY: CONFIG_KEY.toString('hex'),
      },
    });
    own = await t.company();
    other = await t.company();
    // Both name their live agents (the stand-in's sandbox agents, published at version 0).
    await useSandboxAgentsLive(database.db, own.companyId);
    await useSandboxAgentsLive(database.db, other.companyId);
    const config = await getCompanyConfig(database.db, own.companyId);
    // The non-test leads' written consent is attested (docs/partners/consent.md): this suite is about provider accounts.
    const attested = { attestation: { form: 'application-consent', version: 'v1' } };
    await setCompanyConfig(
      database.db,
      own.companyId,
      {
        ...config,
        calls: { ...config.calls, provider: { apiKey: 'acct_company_a' }, callerIds: [{ number: '+12125550121' }] },
        consent: attested,
      },
      box,
    );
    await setCompanyConfig(database.db, other.companyId, { ...config, consent: attested });
  });

  afterAll(async () => {
    await t?.stop();
    await retell?.close();
    await sandbox?.close();
  });

  const enroll = async (key: string, id: string, isTest: boolean) => {
    const res = await t.call('POST', '/customers/schedule/sync', {
      key,
      headers: { 'Idempotency-Key': newKey() },
      body: enrollBody({ id, loanId: `loan-${id}`, phoneNumber: '(212) 555-0100', isTest }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const scheduledCallId = res.body.origination.scheduledCallId as string;
    // Planned at the next whole minute (up to a minute away by now): due at once instead.
    await tables(database.db)
      .scheduledCalls()
      .where({ id: scheduledCallId })
      .update({ scheduled_time: clock().toISOString() });
    return scheduledCallId;
  };

  it('stores the key sealed and prints it masked', async () => {
    const row = await tables(database.db).companies().where({ id: own.companyId }).first();
    expect(JSON.stringify(row!.config)).not.toContain('acct_company_a');
    expect((await getCompanyConfig(database.db, own.companyId)).calls?.provider?.apiKey).toBe('********');
  });

  it("the company's real customer is dialed with its own key and its webhooks verify with it: the call completes", async () => {
    const id = await enroll(own.apiKey, 'own-real', false);
    expect(await settledScheduledCall(t, own.apiKey, id)).toMatchObject({
      status: 'completed',
      postProcessingFlags: ['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER'],
    });
    expect(retell.dials()[id]).toBe(1);
    expect(sandbox.dials()[id]).toBeUndefined();
    // Dialed from the company's own caller id, never the operator's OUTREACH_VOICE_FROM_NUMBER.
    const call = await tables(database.db).calls().where({ scheduled_call_id: id }).first();
    expect(call!.from_phone_number).toBe('+12125550121');
  });

  it("a webhook naming that company but signed with the operator's key is refused (401)", async () => {
    const body = JSON.stringify({
      event: 'call_started',
      call: {
        call_id: 'call_forged',
        call_status: 'ongoing',
        metadata: { scheduled_call_id: 'x', company_id: own.companyId },
      },
    });
    expect((await postCallback(t, 'live', body, 'operator_key')).status).toBe(401);
    expect((await postCallback(t, 'live', body, 'acct_company_a')).status).toBe(404); // authenticated; the call is not one placed
  });

  it("a company without its own account uses the operator's (here refused by this Retell: the call fails, never reaching the company's account)", async () => {
    const id = await enroll(other.apiKey, 'other-real', false);
    const done = await settledScheduledCall(t, other.apiKey, id);
    expect(done.status).toBe('failed');
    expect(retell.dials()[id]).toBeUndefined();
  });

  it('test customers still reach only the simulator', async () => {
    const id = await enroll(own.apiKey, 'own-test', true);
    expect(await settledScheduledCall(t, own.apiKey, id)).toMatchObject({ status: 'completed' });
    expect(sandbox.dials()[id]).toBe(1);
    expect(retell.dials()[id]).toBeUndefined();
  });
});
