import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderRejectedError, ProviderUnavailableError } from '../../domain/ports/voice-provider.js';
import { SIMULATOR_DEFAULTS, startVoiceSimulator, type VoiceSimulator } from '../../simulators/voice/server.js';
import { HttpVoiceProvider } from './http-voice-provider.js';

/** getCall against the simulator over real HTTP: the snapshot the reconciliation sweep reads. */
describe('HttpVoiceProvider.getCall', () => {
  let sim: VoiceSimulator;
  let provider: HttpVoiceProvider;
  let callbacks = 0;
  const receiver = http.createServer((req, res) => {
    callbacks++;
    req.resume();
    req.on('end', () => res.writeHead(200).end('{}'));
  });

  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    sim = await startVoiceSimulator({ timeline: { startedMs: 1000, endedMs: 1500, analyzedMs: 3500 } });
    provider = new HttpVoiceProvider({ name: 'sandbox', baseUrl: sim.url, ...SIMULATOR_DEFAULTS });
  });

  afterAll(async () => {
    await sim?.close();
    await new Promise((r) => receiver.close(r));
  });

  const place = (to: string, key: string) => provider.createCall({
    idempotencyKey: key, to, from: '+12025550199', agent: 'agent-test', transferDestination: '+12125550000',
    metadata: { scheduledCallId: `sched-${key}`, companyId: 'co', customerId: 'cu' },
    callbackUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`,
  });

  /** Polls (timings are loose on a loaded machine; the simulator's states are seconds apart). */
  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
    for (let i = 0; ; i++) {
      const v = await read();
      if (done(v) || i >= 200) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('follows a call from registered to ended and analyzed, with the flags of the outcome table', { timeout: 15_000 }, async () => {
    const { providerCallId } = await place('+12125550109', 'k-lost');
    const first = await provider.getCall(providerCallId);
    expect(first).toMatchObject({ providerCallId, scheduledCallId: 'sched-k-lost', state: 'registered', analyzed: false });
    expect(first!.call.flags).toEqual([]);
    const ended = await until(() => provider.getCall(providerCallId), (c) => c?.state === 'ended');
    expect(ended).toMatchObject({ state: 'ended', analyzed: false });
    // Before the analysis only the call facts give flags (answered by a human, transferred); no labels yet.
    expect(ended!.call.flags).toEqual(['CONNECT', 'SUCCESSFUL_TRANSFER']);
    const analyzed = await until(() => provider.getCall(providerCallId), (c) => c?.analyzed === true);
    expect(analyzed).toMatchObject({ state: 'ended', analyzed: true });
    expect(analyzed!.call).toMatchObject({
      toNumber: '+12125550109', fromNumber: '+12025550199', answeredBy: 'human', disconnectionReason: 'call_transfer', durationMs: 42_000,
      flags: ['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER'],
    });
    expect(analyzed!.call.transcript).toMatch(/Borrower: Yes, speaking/);
    expect(analyzed!.call.summary).toMatch(/transferred/);
    expect(analyzed!.call.recordingUrl).toBe(`${sim.url}/recordings/${providerCallId}.wav`);
    expect(analyzed!.call.startedAt).toBeInstanceOf(Date);
    // 555-0109: the provider kept the call but never sent a callback.
    expect(callbacks).toBe(0);
  });

  it('a number outside 0109 still gets its callbacks (the switch is only that number)', { timeout: 15_000 }, async () => {
    await place('+12125550100', 'k-live');
    for (let i = 0; i < 200 && callbacks < 3; i++) await new Promise((r) => setTimeout(r, 50));
    expect(callbacks).toBe(3);
  });

  it('a call the provider does not know is null (404)', async () => {
    expect(await provider.getCall('call_doesnotexist')).toBeNull();
  });

  it('a refused key is ProviderRejectedError; an unreachable provider is ProviderUnavailableError', async () => {
    const wrongKey = new HttpVoiceProvider({ name: 'sandbox', baseUrl: sim.url, apiKey: 'nope', callbackSecret: 'x' });
    await expect(wrongKey.getCall('call_x')).rejects.toBeInstanceOf(ProviderRejectedError);
    const down = new HttpVoiceProvider({ name: 'sandbox', baseUrl: 'http://127.0.0.1:9', apiKey: 'k', callbackSecret: 'x', requestTimeoutMs: 1000 });
    await expect(down.getCall('call_x')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
