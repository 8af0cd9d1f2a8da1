import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RETELL_WEBHOOK_RETRIES, startVoiceSimulator, type VoiceSimulator } from './server.js';

/** The benchmark's simulator mode: callbacks held until released; and Retell's retries: 3, prompt, Retry-After not honoured. */
describe('voice simulator callback delivery', () => {
  let simulator: VoiceSimulator | undefined;
  let receiver: http.Server | undefined;
  afterEach(async () => {
    await simulator?.close();
    await new Promise((r) => receiver?.close(r) ?? r(null));
  });

  /** A callback receiver answering with `status(n)` for the n-th delivery; returns its URL and the events seen. */
  async function receive(status: (n: number) => number) {
    const seen: Array<{ event: string; at: number }> = [];
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => {
          seen.push({ event: JSON.parse(Buffer.concat(chunks).toString()).event, at: Date.now() });
          res.writeHead(status(seen.length), { 'Retry-After': '2' }).end();
        });
    });
    await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
    return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`, seen };
  }

  /** Polls until `done` holds; the deadline is generous because only a slow machine gets near it. */
  async function until(done: () => boolean) {
    for (const deadline = Date.now() + 20_000; !done() && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 20));
  }

  const create = (sim: VoiceSimulator, webhook: string, to = '+12125550101') =>
    fetch(`${sim.url}/v2/create-phone-call`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sim_voice_key', 'Content-Type': 'application/json' },
      // 555-0101: a voicemail, so all three events are sent.
      body: JSON.stringify({
        from_number: '+12025550199',
        to_number: to,
        agent_override: { agent: { webhook_url: webhook } },
      }),
    });

  it(
    'a call that never connects gets call_ended then call_analyzed, and no call_started (as at Retell)',
    { timeout: 30_000 },
    async () => {
      const { url, seen } = await receive(() => 200);
      simulator = await startVoiceSimulator({ timeline: { startedMs: 5, endedMs: 10, analyzedMs: 15 } });
      expect((await create(simulator, url, '+12125550102')).status).toBe(201); // 555-0102: no answer
      await until(() => seen.length >= 2);
      await new Promise((r) => setTimeout(r, 100)); // nothing more comes
      expect(seen.map((e) => e.event)).toEqual(['call_ended', 'call_analyzed']);
    },
  );

  it('holds every callback until released, then delivers every one', { timeout: 30_000 }, async () => {
    const { url, seen } = await receive(() => 200);
    simulator = await startVoiceSimulator({
      holdCallbacks: true,
      timeline: { startedMs: 5, endedMs: 10, analyzedMs: 15 },
    });
    expect((await create(simulator, url)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 150));
    expect(seen).toEqual([]);
    const released = await (await fetch(`${simulator.url}/sim/callbacks/release`, { method: 'POST' })).json();
    expect(released).toEqual({ released: 3 });
    await until(() => seen.length >= 3);
    // Sent at once, each on its own request, so they may arrive in any order (as Retell's may).
    expect(seen.map((e) => e.event).sort()).toEqual(['call_analyzed', 'call_ended', 'call_started']);
  });

  it(
    "retries promptly, not after the receiver's Retry-After (Retell does not honour it)",
    { timeout: 30_000 },
    async () => {
      const { url, seen } = await receive((n) => (n === 1 ? 503 : 200)); // Retry-After: 2 on every answer
      simulator = await startVoiceSimulator({
        timeline: { startedMs: 5, endedMs: 10_000, analyzedMs: 10_000 },
        webhookRetryDelayMs: 100,
      });
      expect((await create(simulator, url)).status).toBe(201);
      await until(() => seen.length >= 2);
      expect(seen.map((e) => e.event).slice(0, 2)).toEqual(['call_started', 'call_started']);
      // After its own 100 ms, well before the 2 s asked (the gap is far from both bounds).
      expect(seen[1].at - seen[0].at).toBeLessThan(1_900);
      expect(simulator.webhookStats()).toMatchObject({
        delivered: 1,
        failedAttempts: 1,
        failures: { 503: 1 },
        givenUp: 0,
      });
    },
  );

  it('gives a webhook up after 3 retries, whatever the answer (a 4xx as a 5xx)', { timeout: 30_000 }, async () => {
    const { url, seen } = await receive(() => 409);
    simulator = await startVoiceSimulator({
      timeline: { startedMs: 5, endedMs: 10_000, analyzedMs: 10_000 },
      webhookRetryDelayMs: 20,
    });
    expect((await create(simulator, url)).status).toBe(201);
    await until(() => simulator!.webhookStats().givenUp === 1);
    expect(seen.map((e) => e.event)).toEqual(Array(1 + RETELL_WEBHOOK_RETRIES).fill('call_started'));
    expect(simulator.webhookStats()).toEqual({ delivered: 0, failedAttempts: 4, failures: { 409: 4 }, givenUp: 1 });
  });
});
