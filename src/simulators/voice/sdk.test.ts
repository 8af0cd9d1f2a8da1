import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Retell from 'retell-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER } from '../../adapters/voice/protocol.js';
import { SIMULATOR_DEFAULTS, startVoiceSimulator, type VoiceSimulator } from './server.js';

/**
 * The simulator is a Retell the official client cannot tell apart: retell-sdk is its client here,
 * with only documented parameters (type-checked against the SDK's own types), and its callbacks
 * verify with the SDK's `Retell.verify`.
 */
describe('the voice simulator through retell-sdk', () => {
  let sim: VoiceSimulator;
  let client: Retell;
  const received: Array<{ body: string; signature: string }> = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers[SIGNATURE_HEADER]),
        });
        res.writeHead(204).end();
      });
  });
  const webhookUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;

  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    sim = await startVoiceSimulator({ timeline: { startedMs: 20, endedMs: 40, analyzedMs: 60 } });
    client = new Retell({ apiKey: SIMULATOR_DEFAULTS.apiKey, baseURL: sim.url, maxRetries: 0 });
  });

  afterAll(async () => {
    await sim?.close();
    await new Promise((r) => receiver.close(r));
  });

  const create = (to: string, scheduledCallId: string) =>
    client.call.createPhoneCall({
      from_number: '+12025550199',
      to_number: to,
      override_agent_id: 'agent-collections',
      metadata: { scheduled_call_id: scheduledCallId, company_id: 'co', customer_id: 'cu' },
      retell_llm_dynamic_variables: { transfer_destination: '+12125550000' },
      agent_override: { agent: { webhook_url: webhookUrl() } },
    });

  it('creates a phone call (201) and answers the call object with the fields the SDK requires, absent ones omitted', async () => {
    const call = await create('+12125550100', 'sc-create');
    expect(call).toMatchObject({
      call_type: 'phone_call',
      direction: 'outbound',
      call_status: 'registered',
      agent_id: 'agent-collections',
      agent_version: expect.any(Number),
      from_number: '+12025550199',
      to_number: '+12125550100',
      metadata: { scheduled_call_id: 'sc-create' },
    });
    expect(call.call_id).toMatch(/^call_/);
    expect(Object.values(call)).not.toContain(null);
    expect(call).not.toHaveProperty('start_timestamp');
    expect(sim.dials()['sc-create']).toBe(1);
  });

  it('retrieves a call as it stands, and answers 404 (NotFoundError) for an unknown id', async () => {
    const { call_id } = await create('+12125550100', 'sc-get');
    const ended = await until(
      () => client.call.retrieve(call_id),
      (c) => c.call_status === 'ended' && 'call_analysis' in c,
    );
    expect(ended).toMatchObject({
      call_id,
      call_status: 'ended',
      disconnection_reason: 'call_transfer',
      call_analysis: { in_voicemail: false, custom_analysis_data: { right_party_contact: true } },
    });
    await expect(client.call.retrieve('call_nope')).rejects.toBeInstanceOf(Retell.NotFoundError);
  });

  it('a number that never answers ends not_connected, and its analysis follows (as at Retell)', async () => {
    const { call_id } = await create('+12125550102', 'sc-noanswer');
    const over = await until(
      () => client.call.retrieve(call_id),
      (c) => c.call_status !== 'registered',
    );
    expect(over).toMatchObject({ call_status: 'not_connected', disconnection_reason: 'dial_no_answer' });
    expect(over).not.toHaveProperty('start_timestamp');
    const analyzed = await until(
      () => client.call.retrieve(call_id),
      (c) => 'call_analysis' in c,
    );
    expect(analyzed).toMatchObject({
      call_status: 'not_connected',
      call_analysis: { in_voicemail: false, call_successful: false },
    });
  });

  it('lists calls (v3) filtered by metadata and by to_number, pages with pagination_key, and omits transcripts', async () => {
    for (let i = 0; i < 5; i++) await create('+13125550100', `sc-page-${i}`);
    const byMetadata = await client.call.list({
      filter_criteria: { metadata: [{ key: 'scheduled_call_id', type: 'string', op: 'eq', value: 'sc-page-3' }] },
    });
    expect(byMetadata.items.map((c) => (c.metadata as Record<string, string>).scheduled_call_id)).toEqual([
      'sc-page-3',
    ]);
    expect(byMetadata.has_more).toBe(false);

    const seen: string[] = [];
    let page = await client.call.list({
      filter_criteria: { to_number: { type: 'string', op: 'eq', value: '+13125550100' } },
      limit: 2,
    });
    for (;;) {
      seen.push(...page.items.map((c) => c.call_id));
      expect(
        page.items.every((c) => c.call_type === 'phone_call' && c.to_number === '+13125550100' && !('transcript' in c)),
      ).toBe(true);
      if (!page.has_more) break;
      page = await client.call.list({
        filter_criteria: { to_number: { type: 'string', op: 'eq', value: '+13125550100' } },
        limit: 2,
        pagination_key: page.pagination_key,
      });
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    await expect(client.call.list({ limit: 5000 })).rejects.toBeInstanceOf(Retell.BadRequestError);
  });

  it('refuses a bad API key (401, AuthenticationError) and a malformed number (400)', async () => {
    const stranger = new Retell({ apiKey: 'wrong', baseURL: sim.url, maxRetries: 0 });
    await expect(stranger.call.retrieve('call_x')).rejects.toBeInstanceOf(Retell.AuthenticationError);
    await expect(client.call.createPhoneCall({ from_number: '+12025550199', to_number: '555' })).rejects.toBeInstanceOf(
      Retell.BadRequestError,
    );
  });

  it('serves agents: get and update (post-call analysis fields, voicemail), bumping the version', async () => {
    const before = await client.agent.retrieve('agent-sdk');
    const after = await client.agent.update('agent-sdk', {
      post_call_analysis_data: [{ type: 'boolean', name: 'do_not_call', description: 'Asked not to be called.' }],
      voicemail_option: { action: { type: 'static_text', text: 'Hi, this is Sam from Acme.' } },
    });
    expect(after.version).toBe(before.version + 1);
    expect(await client.agent.retrieve('agent-sdk')).toMatchObject({
      post_call_analysis_data: [{ name: 'do_not_call' }],
      voicemail_option: { action: { type: 'static_text' } },
    });
  });

  it(
    'sends {event, call} webhooks that Retell.verify accepts over the raw body, and no event id',
    { timeout: 30_000 },
    async () => {
      received.length = 0;
      const { call_id } = await create('+12125550101', 'sc-webhook');
      const mine = await until(
        async () => received.filter((r) => JSON.parse(r.body).call.call_id === call_id),
        (r) => r.length === 3,
      );
      // Each event once; not their order: each is sent on its own request, and on a loaded machine two
      // may overtake each other, as Retell's may (the service applies them in any order: test/calls/calls.test.ts, 0108).
      expect(mine.map((r) => JSON.parse(r.body).event).sort()).toEqual(['call_analyzed', 'call_ended', 'call_started']);
      for (const r of mine) {
        expect(Object.keys(JSON.parse(r.body)).sort()).toEqual(['call', 'event']);
        expect(await Retell.verify(r.body, SIMULATOR_DEFAULTS.apiKey, r.signature)).toBe(true);
        expect(await Retell.verify(`${r.body} `, SIMULATOR_DEFAULTS.apiKey, r.signature)).toBe(false);
        expect(await Retell.verify(r.body, 'another-key', r.signature)).toBe(false);
      }
    },
  );

  it(
    "sends Retell's transfer events only when the call asks for them (webhook_events), in order, with the destination",
    { timeout: 30_000 },
    async () => {
      received.length = 0;
      const events = (callId: string) =>
        until(
          async () => received.filter((r) => JSON.parse(r.body).call.call_id === callId),
          (r) => r.some((e) => JSON.parse(e.body).event === 'call_analyzed'),
        );
      // Without webhook_events: Retell's default three, although 555-0100 is transferred.
      const plain = await create('+12125550100', 'sc-plain');
      expect((await events(plain.call_id)).map((r) => JSON.parse(r.body).event)).toEqual([
        'call_started',
        'call_ended',
        'call_analyzed',
      ]);
      // 555-0128: the transfer to the call's destination fails, the one to the fallback bridges.
      const asked = await client.call.createPhoneCall({
        from_number: '+12025550199',
        to_number: '+12125550128',
        metadata: { scheduled_call_id: 'sc-transfer', company_id: 'co', customer_id: 'cu' },
        retell_llm_dynamic_variables: { transfer_destination: '+12125550000' },
        agent_override: {
          agent: {
            webhook_url: webhookUrl(),
            webhook_events: [
              'call_started',
              'call_ended',
              'call_analyzed',
              'transfer_started',
              'transfer_bridged',
              'transfer_cancelled',
              'transfer_ended',
            ],
          },
        },
      });
      const seen = (await events(asked.call_id)).map((r) => {
        const body = JSON.parse(r.body) as { event: string; transfer_destination?: string };
        return [body.event, body.transfer_destination].filter(Boolean).join(' ');
      });
      expect(seen).toEqual([
        'call_started',
        'transfer_started +12125550000',
        'transfer_cancelled +12125550000',
        'transfer_started sip:fallback@sandbox.invalid',
        'transfer_bridged sip:fallback@sandbox.invalid',
        'transfer_ended',
        'call_ended',
        'call_analyzed',
      ]);
    },
  );
});

/** Polls (timings are loose on a loaded machine). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await read();
    if (done(v) || i >= 600) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
