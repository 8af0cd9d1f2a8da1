import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Retell from 'retell-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallbackRejectedError,
  ProviderRejectedError,
  ProviderUnavailableError,
} from '../../domain/ports/voice-provider.js';
import { SIMULATOR_DEFAULTS, startVoiceSimulator, type VoiceSimulator } from '../../simulators/voice/server.js';
import { OUTCOME_LABELS, OUTCOME_VALUES } from './outcome-labels.js';
import { SIGNATURE_HEADER } from './protocol.js';
import { RetellVoiceProvider } from './retell-voice-provider.js';

/** The adapter against the simulator over real HTTP (the simulator is proven to be Retell-shaped by sdk.test.ts). */
describe('RetellVoiceProvider', () => {
  let sim: VoiceSimulator;
  let provider: RetellVoiceProvider;
  let callbacks = 0;
  const receiver = http.createServer((req, res) => {
    callbacks++;
    req.resume();
    req.on('end', () => res.writeHead(200).end('{}'));
  });
  const callbackUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;

  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    // Seconds apart: a loaded machine's pauses must not skip a state the tests look for.
    sim = await startVoiceSimulator({ timeline: { startedMs: 5000, endedMs: 5500, analyzedMs: 9500 } });
    provider = new RetellVoiceProvider({
      name: 'sandbox',
      baseUrl: sim.url,
      apiKey: SIMULATOR_DEFAULTS.apiKey,
      requestTimeoutMs: 5000,
    });
  });

  afterAll(async () => {
    await sim?.close();
    await new Promise((r) => receiver.close(r));
  });

  const place = (to: string, scheduledCallId: string) =>
    provider.createCall({
      to,
      from: '+12025550199',
      agent: 'agent-test',
      transferDestination: '+12125550000',
      dynamicVariables: { borrower_first_name: 'Maria' },
      metadata: { scheduledCallId, companyId: 'co', customerId: 'cu' },
      callbackUrl: callbackUrl(),
    });

  /** Polls (timings are loose on a loaded machine; the simulator's states are seconds apart). */
  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
    for (let i = 0; ; i++) {
      const v = await read();
      if (done(v) || i >= 400) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it(
    'follows a call from registered to ended and analyzed, with the flags of the outcome table',
    { timeout: 30_000 },
    async () => {
      const { providerCallId } = await place('+12125550109', 'sched-lost');
      const first = await provider.getCall(providerCallId);
      expect(first).toMatchObject({
        providerCallId,
        scheduledCallId: 'sched-lost',
        state: 'registered',
        analyzed: false,
      });
      expect(first!.call.flags).toEqual([]);
      const ended = await until(
        () => provider.getCall(providerCallId),
        (c) => c?.state === 'ended',
      );
      expect(ended).toMatchObject({ state: 'ended', analyzed: false });
      // Before the analysis only the call facts give flags (a person reached); no labels yet. The
      // transfer's outcome is its transfer events' (call-transfers.ts), not `call_transfer`'s.
      expect(ended!.call.flags).toEqual(['CONNECT']);
      const analyzed = await until(
        () => provider.getCall(providerCallId),
        (c) => c?.analyzed === true,
      );
      expect(analyzed).toMatchObject({ state: 'ended', analyzed: true });
      expect(analyzed!.call).toMatchObject({
        toNumber: '+12125550109',
        fromNumber: '+12025550199',
        answeredBy: 'human',
        disconnectionReason: 'call_transfer',
        durationMs: 42_000,
        flags: ['CONNECT', 'LIVE_CONNECT', 'RPC'],
      });
      expect(analyzed!.call.transcript).toMatch(/Borrower: Yes, speaking/);
      expect(analyzed!.call.recordingUrl).toBe(`${sim.url}/recordings/${providerCallId}.wav`);
      // 555-0109: the provider kept the call but never sent a callback.
      expect(callbacks).toBe(0);
    },
  );

  it(
    'a call never connected is final without analysis (not_connected), flagged NO_ANSWER',
    { timeout: 30_000 },
    async () => {
      const { providerCallId } = await place('+12125550102', 'sched-noanswer');
      const over = await until(
        () => provider.getCall(providerCallId),
        (c) => c?.state !== 'registered',
      );
      expect(over).toMatchObject({
        state: 'not_connected',
        analyzed: true,
        call: { flags: ['NO_ANSWER'], answeredBy: null },
      });
    },
  );

  it(
    'skipVoicemail sends voicemail_option hangup for the call: a full mailbox (555-0163) then reports VOICEMAIL alone',
    { timeout: 30_000 },
    async () => {
      const placeTo = (scheduledCallId: string, skipVoicemail: boolean) =>
        provider.createCall({
          to: '+12125550163',
          from: '+12025550199',
          agent: 'agent-test',
          transferDestination: '+12125550000',
          ...(skipVoicemail ? { skipVoicemail } : {}),
          dynamicVariables: {},
          metadata: { scheduledCallId, companyId: 'co', customerId: 'cu' },
          callbackUrl: callbackUrl(),
        });
      const analyzed = async (skipVoicemail: boolean, id: string) => {
        const { providerCallId } = await placeTo(id, skipVoicemail);
        return until(
          () => provider.getCall(providerCallId),
          (c) => c?.analyzed === true,
        );
      };
      const [left, skipped] = await Promise.all([analyzed(false, 'sched-vm-1'), analyzed(true, 'sched-vm-2')]);
      expect(left!.call.flags).toEqual(['VOICEMAIL', 'VOICEMAIL_FULL']);
      expect(skipped!.call.flags).toEqual(['VOICEMAIL']);
    },
  );

  it('a call the provider does not know is null (404)', async () => {
    expect(await provider.getCall('call_doesnotexist')).toBeNull();
  });

  it('a refused key is ProviderRejectedError; an unreachable provider is ProviderUnavailableError', async () => {
    const wrongKey = new RetellVoiceProvider({
      name: 'sandbox',
      baseUrl: sim.url,
      apiKey: 'nope',
      requestTimeoutMs: 5000,
    });
    await expect(wrongKey.getCall('call_x')).rejects.toBeInstanceOf(ProviderRejectedError);
    const down = new RetellVoiceProvider({
      name: 'sandbox',
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      requestTimeoutMs: 1000,
    });
    await expect(down.getCall('call_x')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('a create answered 503 is ProviderUnavailableError and is not retried by the client (one request)', async () => {
    // 555-0107 refuses its first two create requests per scheduled call.
    await expect(place('+12125550107', 'sched-busy')).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(place('+12125550107', 'sched-busy')).rejects.toBeInstanceOf(ProviderUnavailableError);
    await place('+12125550107', 'sched-busy');
    expect(sim.dials()['sched-busy']).toBe(1);
  });

  describe('findCall: the lookup that replaces an idempotency key', () => {
    const since = () => new Date(Date.now() - 60_000);

    it('finds the call by its metadata', async () => {
      const { providerCallId } = await place('+14155550100', 'sched-find');
      expect(
        await provider.findCall({ scheduledCallId: 'sched-find', toNumber: '+14155550100', since: since() }),
      ).toEqual({ kind: 'found', call: { providerCallId, acceptedAt: expect.any(Date) } });
    });

    it('proves absence when no call to the number since the claim is ours', async () => {
      await place('+14155550111', 'sched-other');
      expect(
        await provider.findCall({ scheduledCallId: 'sched-none', toNumber: '+14155550111', since: since() }),
      ).toEqual({ kind: 'none' });
    });

    it(
      'is ambiguous when a call to the number since the claim carries no scheduled call id',
      { timeout: 30_000 },
      async () => {
        const client = new Retell({ apiKey: SIMULATOR_DEFAULTS.apiKey, baseURL: sim.url, maxRetries: 0 });
        const { call_id } = await client.call.createPhoneCall({
          from_number: '+12025550199',
          to_number: '+16175550100',
        });
        expect(
          await provider.findCall({ scheduledCallId: 'sched-x', toNumber: '+16175550100', since: since() }),
        ).toMatchObject({ kind: 'ambiguous' });
        // Not started yet, it could be from any time: still in doubt for a window starting later.
        expect(
          await provider.findCall({
            scheduledCallId: 'sched-x',
            toNumber: '+16175550100',
            since: new Date(Date.now() + 3_600_000),
          }),
        ).toMatchObject({ kind: 'ambiguous' });
        // Once started, a call before the window is no reason to doubt.
        await until(
          () => client.call.retrieve(call_id),
          (c) => c.start_timestamp !== undefined,
        );
        expect(
          await provider.findCall({
            scheduledCallId: 'sched-x',
            toNumber: '+16175550100',
            since: new Date(Date.now() + 3_600_000),
          }),
        ).toEqual({ kind: 'none' });
      },
    );

    it('an item is checked on our side: a provider ignoring the metadata filter cannot pass another call off as ours', async () => {
      await place('+14155550133', 'sched-a');
      const sloppy = new RetellVoiceProvider({
        name: 'sandbox',
        baseUrl: sim.url,
        apiKey: SIMULATOR_DEFAULTS.apiKey,
        requestTimeoutMs: 5000,
      });
      // Pretend the provider answered every list unfiltered: the adapter must still not believe it.
      const list = (sloppy as unknown as { client: Retell }).client.call;
      const original = list.list.bind(list);
      list.list = (body: Retell.CallListParams) => original({ ...body, filter_criteria: {} });
      expect(
        await sloppy.findCall({
          scheduledCallId: 'sched-b',
          toNumber: '+14155550133',
          since: new Date(Date.now() + 3_600_000),
        }),
      ).toEqual({ kind: 'none' });
    });
  });

  describe('readCallback', () => {
    const body = JSON.stringify({
      event: 'call_ended',
      call: {
        call_id: 'call_1',
        call_type: 'phone_call',
        call_status: 'ended',
        to_number: '+12125550100',
        from_number: '+12025550199',
        metadata: { scheduled_call_id: 'sc1' },
        disconnection_reason: 'user_hangup',
      },
    });
    const read = async (raw: string, signature: string) =>
      provider.readCallback(Buffer.from(raw), { [SIGNATURE_HEADER]: signature });

    it('accepts what Retell.sign signs, and names the delivery by call, event and content', async () => {
      const event = await read(body, await Retell.sign(body, SIMULATOR_DEFAULTS.apiKey));
      expect(event).toMatchObject({
        type: 'call_ended',
        providerCallId: 'call_1',
        scheduledCallId: 'sc1',
        call: { flags: ['CONNECT'] },
      });
      const again = await read(body, await Retell.sign(body, SIMULATOR_DEFAULTS.apiKey));
      expect('eventId' in again && 'eventId' in event && again.eventId === event.eventId).toBe(true);
      // The same content with its keys in another order is the same delivery; other content is another.
      const reordered = JSON.stringify({ call: JSON.parse(body).call, event: 'call_ended' });
      expect(await read(reordered, await Retell.sign(reordered, SIMULATOR_DEFAULTS.apiKey))).toMatchObject({
        eventId: (event as { eventId: string }).eventId,
      });
      const other = body.replace('user_hangup', 'agent_hangup');
      expect(await read(other, await Retell.sign(other, SIMULATOR_DEFAULTS.apiKey))).not.toMatchObject({
        eventId: (event as { eventId: string }).eventId,
      });
    });

    it.each([
      ['another key', async () => Retell.sign(body, 'another-key')],
      // Signed over other content, not the body sent. (Zeroing the digest's first hex digit, as this
      // case did, left a digest that already began with 0 unchanged: 1 run in 16 failed.)
      [
        'a changed body',
        async () => Retell.sign(body.replace('user_hangup', 'agent_hangup'), SIMULATOR_DEFAULTS.apiKey),
      ],
      [
        'a signature 6 minutes old',
        async () => {
          const { createHmac } = await import('node:crypto');
          const ms = Date.now() - 6 * 60_000;
          return `v=${ms},d=${createHmac('sha256', SIMULATOR_DEFAULTS.apiKey)
            .update(body + ms)
            .digest('hex')}`;
        },
      ],
      ['the old X-Voice-Signature format', async () => 't=1,v1=abcd'],
    ])('refuses %s', async (_name, signature) => {
      await expect(read(body, await signature())).rejects.toBeInstanceOf(CallbackRejectedError);
    });

    it('acknowledges an event the service does not use, once authenticated', async () => {
      const unused = JSON.stringify({ event: 'transcript_updated', call: { call_id: 'call_1' } });
      expect(await read(unused, await Retell.sign(unused, SIMULATOR_DEFAULTS.apiKey))).toEqual({
        ignored: 'transcript_updated',
      });
    });

    it("reads Retell's transfer events: the step and the destination beside the call", async () => {
      const call = { call_id: 'call_3', call_status: 'ongoing', metadata: { scheduled_call_id: 'sc3' } };
      const bridged = JSON.stringify({ event: 'transfer_bridged', call, transfer_destination: '+12025550100' });
      expect(await read(bridged, await Retell.sign(bridged, SIMULATOR_DEFAULTS.apiKey))).toEqual({
        eventId: expect.stringMatching(/^call_3:transfer_bridged:[0-9a-f]{32}$/),
        transfer: 'bridged',
        providerCallId: 'call_3',
        scheduledCallId: 'sc3',
        destination: '+12025550100',
      });
      const ended = JSON.stringify({ event: 'transfer_ended', call });
      expect(await read(ended, await Retell.sign(ended, SIMULATOR_DEFAULTS.apiKey))).toMatchObject({
        transfer: 'ended',
        destination: null,
      });
    });

    it('reads the call_ended of a call never connected as its final event', async () => {
      const never = JSON.stringify({
        event: 'call_ended',
        call: {
          call_id: 'call_2',
          call_status: 'not_connected',
          to_number: '+12125550102',
          metadata: { scheduled_call_id: 'sc2' },
          disconnection_reason: 'dial_busy',
        },
      });
      expect(await read(never, await Retell.sign(never, SIMULATOR_DEFAULTS.apiKey))).toMatchObject({
        type: 'call_analyzed',
        call: { flags: ['NO_ANSWER'] },
      });
      // The call_analyzed Retell sends after it is acknowledged and nothing more.
      const analyzed = never.replace('"call_ended"', '"call_analyzed"');
      expect(await read(analyzed, await Retell.sign(analyzed, SIMULATOR_DEFAULTS.apiKey))).toEqual({
        ignored: 'call_analyzed',
      });
    });
  });

  describe('ensureAgent', () => {
    const message = 'Hi, this is Sam from Acme Lending. Please call us back at (202) 555-0199. Thank you.';

    it("reports drift in check mode and changes nothing; then brings the agent's draft to the setup, keeping the lender's own fields, and publishes it", async () => {
      const client = new Retell({ apiKey: SIMULATOR_DEFAULTS.apiKey, baseURL: sim.url, maxRetries: 0 });
      await client.agent.update('agent-drift', {
        post_call_analysis_data: [{ type: 'string', name: 'promise_to_pay_date', description: 'Date promised.' }],
      });
      const check = await provider.ensureAgent('agent-drift', { voicemailMessage: message }, { check: true });
      expect(check.changed).toBe(false);
      expect(check.differences).toEqual([
        ...OUTCOME_LABELS.map((l) => `post_call_analysis_data.${l.name}`),
        ...OUTCOME_VALUES.map((v) => `post_call_analysis_data.${v.name}`),
        'voicemail_option',
        // The lender's edit made a draft (version 1) above the published version 0.
        'is_published',
      ]);
      expect(check.publishedVersion).toBeNull();
      expect((await client.agent.retrieve('agent-drift')).post_call_analysis_data).toHaveLength(1);

      expect(await provider.ensureAgent('agent-drift', { voicemailMessage: message }, { check: false })).toMatchObject({
        changed: true,
        publishedVersion: 1,
      });
      const agent = await client.agent.retrieve('agent-drift', { version: 1 });
      expect(agent.is_published).toBe(true);
      expect(agent.post_call_analysis_data!.map((f) => f.name)).toEqual([
        'promise_to_pay_date',
        ...OUTCOME_LABELS.map((l) => l.name),
        ...OUTCOME_VALUES.map((v) => v.name),
      ]);
      expect(agent.voicemail_option).toEqual({ action: { type: 'static_text', text: message } });
      expect(await provider.ensureAgent('agent-drift', { voicemailMessage: message }, { check: true })).toEqual({
        agentId: 'agent-drift',
        differences: [],
        changed: false,
        publishedVersion: 1,
      });
      // Version 0, published before the setup, still lacks it: a call pinning it would not have the fields.
      expect(
        (await provider.ensureAgent('agent-drift', { voicemailMessage: message }, { check: true, version: 0 }))
          .differences,
      ).toContain('voicemail_option');
    });

    it('an agent the provider does not have is ProviderRejectedError', async () => {
      await expect(provider.ensureAgent('bad id!', { voicemailMessage: null }, { check: true })).rejects.toBeInstanceOf(
        ProviderRejectedError,
      );
    });
  });
});
