import Retell from 'retell-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOME_LABELS, OUTCOME_VALUES } from '../../src/adapters/voice/outcome-labels.js';
import { aesGcmBox } from '../../src/adapters/secrets/aes-gcm-box.js';
import { createCompany, getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import { SIMULATOR_DEFAULTS, startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { runOutreach } from '../support/cli.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';

/** The `outreach voice agents` command (in-process, test/support/cli.ts) against the test database and a simulator. */
async function outreach(
  url: string,
  simulatorUrl: string,
  args: string[],
  env: Record<string, string> = { OUTREACH_VOICE_SIMULATOR_URL: simulatorUrl },
) {
  return runOutreach(args, { env: { DATABASE_URL: url, ...env } });
}

const VOICEMAIL = { businessName: 'Acme Lending', agentName: 'Sam Rivera', callbackNumber: '+12025550199' };

describe.each(DIALECTS)('outreach voice agents on %s', { timeout: 120_000 }, (dialect) => {
  const database = useTestDatabase(dialect);
  let sim: VoiceSimulator;
  let companyId: string;
  let client: Retell;

  beforeAll(async () => {
    sim = await startVoiceSimulator();
    client = new Retell({ apiKey: SIMULATOR_DEFAULTS.apiKey, baseURL: sim.url, maxRetries: 0 });
    ({ companyId } = await createCompany(database.db, 'Acme', new Date()));
    const config = await getCompanyConfig(database.db, companyId);
    await setCompanyConfig(database.db, companyId, {
      ...config,
      calls: { agents: { PendingLoanNewLead: 'agent-origination' }, voicemail: VOICEMAIL },
    });
  });

  afterAll(async () => {
    await sim?.close();
  });

  it("--check reports each agent's drift and changes nothing (exit 1); a run sets it up (exit 0); then no drift is left", async () => {
    const check = await outreach(database.url, sim.url, [
      'voice',
      'agents',
      '--company',
      companyId,
      '--check',
      '--json',
    ]);
    expect(check.code).toBe(1);
    const reports = JSON.parse(check.stdout) as Array<{
      agentId: string;
      differences: string[];
      changed: boolean;
      voicemail: string | null;
    }>;
    const collections = reports.filter((r) => r.voicemail !== null);
    expect(collections.length).toBeGreaterThan(0);
    expect(
      reports.every((r) => !r.changed && r.differences.includes(`post_call_analysis_data.${OUTCOME_LABELS[0].name}`)),
    ).toBe(true);
    expect(reports.find((r) => r.agentId === 'agent-origination')).toMatchObject({ voicemail: null });
    expect((await client.agent.retrieve(collections[0].agentId)).post_call_analysis_data).toBeUndefined();

    const apply = await outreach(database.url, sim.url, ['voice', 'agents', '--company', companyId]);
    expect(apply.code).toBe(0);
    expect(apply.stdout).toMatch(/updated: post_call_analysis_data/);
    const agent = await client.agent.retrieve(collections[0].agentId);
    expect(agent.post_call_analysis_data!.map((f) => f.name)).toEqual([
      ...OUTCOME_LABELS.map((l) => l.name),
      ...OUTCOME_VALUES.map((v) => v.name),
    ]);
    expect(agent.voicemail_option).toEqual({
      action: {
        type: 'static_text',
        text: 'Hello, this is Sam Rivera with Acme Lending. Please call me back at (202) 555-0199. Thank you.',
      },
    });
    expect((await client.agent.retrieve('agent-origination')).voicemail_option).toEqual({ action: { type: 'hangup' } });

    const again = await outreach(database.url, sim.url, ['voice', 'agents', '--company', companyId, '--check']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/as required/);
  });

  it('a company with its own Retell account (calls.provider) is set up on that account, with no operator provider at all', async () => {
    const configKey = Buffer.alloc(32, 4);
    const { companyId: ownId } = await createCompany(database.db, 'Own account', new Date());
    const config = await getCompanyConfig(database.db, ownId);
    const agents = Object.fromEntries(config.taskTypes.map((t) => [t.name, `own-${t.name}`]));
    await setCompanyConfig(
      database.db,
      ownId,
      { ...config, calls: { agents, voicemail: VOICEMAIL, provider: { apiKey: SIMULATOR_DEFAULTS.apiKey } } },
      aesGcmBox(() => configKey),
    );
    const env = { OUTREACH_VOICE_BASE_URL: sim.url, OUTREACH_CONFIG_KEY: configKey.toString('hex') };
    const res = await outreach(database.url, sim.url, ['voice', 'agents', '--company', ownId, '--json'], env);
    expect(res.code, res.stderr).toBe(0);
    expect((JSON.parse(res.stdout) as Array<{ changed: boolean }>).every((r) => r.changed)).toBe(true);
    // Without its own account and without an operator provider, there is nothing to set up.
    const { companyId: bareId } = await createCompany(database.db, 'No account', new Date());
    const bare = await outreach(database.url, sim.url, ['voice', 'agents', '--company', bareId], env);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/no voice provider to set up/);
  });

  it('voicemail settings that break the limited-content rule are refused before any agent changes', async () => {
    const config = await getCompanyConfig(database.db, companyId);
    await setCompanyConfig(database.db, companyId, {
      ...config,
      calls: { ...config.calls, voicemail: { ...VOICEMAIL, businessName: 'Acme Collections' } },
    });
    const before = await client.agent.retrieve('agent-origination');
    const res = await outreach(database.url, sim.url, ['voice', 'agents', '--company', companyId]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/indicates debt collection/);
    expect((await client.agent.retrieve('agent-origination')).version).toBe(before.version);
  });
});
