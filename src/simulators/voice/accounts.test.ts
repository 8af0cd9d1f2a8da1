import Retell from 'retell-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_DEFAULTS, startVoiceSimulator, type VoiceSimulator } from './server.js';

const OWNED = '+12125550122';
const engine = { type: 'retell-llm', llm_id: 'llm_1' } as const;

/**
 * The simulator's accounts are as strict as Retell, with the official SDK as their client: each
 * owns its numbers and its agents (ids assigned by agent.create; drafts and published versions),
 * and refuses a call from a number or with an agent (or version) it does not have. The default
 * account is the sandbox: every number, and an agent under every well-formed id.
 */
describe('voice simulator accounts', () => {
  let sim: VoiceSimulator;
  let lender: Retell;
  let sandbox: Retell;

  beforeAll(async () => {
    sim = await startVoiceSimulator({
      accounts: [
        {
          apiKeys: ['acct_lender', 'acct_lender_badge'],
          webhookKey: 'acct_lender_badge',
          numbers: [OWNED],
          concurrencyLimit: 7,
        },
      ],
    });
    lender = new Retell({ apiKey: 'acct_lender', baseURL: sim.url, maxRetries: 0 });
    sandbox = new Retell({ apiKey: SIMULATOR_DEFAULTS.apiKey, baseURL: sim.url, maxRetries: 0 });
  });

  afterAll(async () => {
    await sim?.close();
  });

  const dial = (client: Retell, body: Partial<Retell.CallCreatePhoneCallParams>) =>
    client.call.createPhoneCall({ from_number: OWNED, to_number: '+12125550100', ...body });

  it('agent ids come from agent.create; an id the account never issued is unknown', async () => {
    const created = await lender.agent.create({ voice_id: '11labs-Adrian', response_engine: engine });
    expect(created.agent_id).toMatch(/^agent_[0-9a-f]{32}$/);
    expect(created).toMatchObject({ version: 0, is_published: false });
    await expect(lender.agent.retrieve('agent-Collections')).rejects.toMatchObject({ status: 404 });
    await expect(dial(lender, { override_agent_id: 'agent-Collections' })).rejects.toMatchObject({ status: 404 });
    // The sandbox account has an agent under any well-formed id, published, so the demo dials agent-<taskType>.
    await expect(sandbox.agent.retrieve('agent-Collections')).resolves.toMatchObject({
      version: 0,
      is_published: true,
    });
  });

  it('update edits the latest draft; publish publishes it in place; the next update starts a new draft', async () => {
    const { agent_id } = await lender.agent.create({ voice_id: '11labs-Adrian', response_engine: engine });
    expect(await lender.agent.update(agent_id, { agent_name: 'first' })).toMatchObject({
      version: 0,
      is_published: false,
    });
    await lender.agent.publish(agent_id, { version: 0 });
    expect(await lender.agent.retrieve(agent_id)).toMatchObject({
      version: 0,
      is_published: true,
      agent_name: 'first',
    });
    await expect(lender.agent.publish(agent_id, { version: 0 })).rejects.toMatchObject({ status: 400 });
    expect(await lender.agent.update(agent_id, { agent_name: 'second' })).toMatchObject({
      version: 1,
      is_published: false,
    });
    // The published version never changes.
    expect(await lender.agent.retrieve(agent_id, { version: 0 })).toMatchObject({ agent_name: 'first' });
    await expect(lender.agent.publish(agent_id, { version: 9 })).rejects.toMatchObject({ status: 404 });

    const placed = await dial(lender, { override_agent_id: agent_id, override_agent_version: 0 });
    expect(placed).toMatchObject({ agent_id, agent_version: 0, from_number: OWNED });
    await expect(dial(lender, { override_agent_id: agent_id, override_agent_version: 5 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('a call from a number the account does not own is refused; the sandbox owns every number', async () => {
    const { agent_id } = await lender.agent.create({ voice_id: '11labs-Adrian', response_engine: engine });
    await expect(dial(lender, { override_agent_id: agent_id, from_number: '+12025550199' })).rejects.toMatchObject({
      status: 404,
    });
    expect((await lender.phoneNumber.list()).items.map((n) => n.phone_number)).toEqual([OWNED]);
    await expect(
      dial(sandbox, { override_agent_id: 'agent-Collections', from_number: '+12025550199' }),
    ).resolves.toMatchObject({ agent_id: 'agent-Collections' });
  });

  it("each key of the account authenticates; its concurrency limit is the account's", async () => {
    const badge = new Retell({ apiKey: 'acct_lender_badge', baseURL: sim.url, maxRetries: 0 });
    expect((await badge.concurrency.retrieve()).concurrency_limit).toBe(7);
    expect((await sandbox.concurrency.retrieve()).concurrency_limit).toBe(20);
    await expect(
      new Retell({ apiKey: 'nobody', baseURL: sim.url, maxRetries: 0 }).concurrency.retrieve(),
    ).rejects.toMatchObject({ status: 401 });
  });
});
