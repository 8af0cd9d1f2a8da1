import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startVoiceSimulator, type VoiceSimulator } from './server.js';

/** The benchmark's simulator mode: callbacks held until released; a 503's Retry-After is honoured. */
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
      req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
        seen.push({ event: JSON.parse(Buffer.concat(chunks).toString()).event, at: Date.now() });
        res.writeHead(status(seen.length), { 'Retry-After': '0' }).end();
      });
    });
    await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
    return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`, seen };
  }

  const create = (sim: VoiceSimulator, webhook: string) =>
    fetch(`${sim.url}/v2/create-phone-call`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sim_voice_key', 'Content-Type': 'application/json' },
      // 555-0101: a voicemail, so all three events are sent.
      body: JSON.stringify({ from_number: '+12025550199', to_number: '+12125550101', agent_override: { agent: { webhook_url: webhook } } }),
    });

  it('holds every callback until released, then delivers them in the order they were due', async () => {
    const { url, seen } = await receive(() => 200);
    simulator = await startVoiceSimulator({ holdCallbacks: true, timeline: { startedMs: 5, endedMs: 10, analyzedMs: 15 } });
    expect((await create(simulator, url)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 150));
    expect(seen).toEqual([]);
    const released = await (await fetch(`${simulator.url}/sim/callbacks/release`, { method: 'POST' })).json();
    expect(released).toEqual({ released: 3 });
    for (let i = 0; i < 50 && seen.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen.map((e) => e.event)).toEqual(['call_started', 'call_ended', 'call_analyzed']);
  });

  it("retries a 503 after the receiver's Retry-After instead of its own backoff", async () => {
    const { url, seen } = await receive((n) => (n === 1 ? 503 : 200));
    simulator = await startVoiceSimulator({ timeline: { startedMs: 5, endedMs: 1000, analyzedMs: 1000 } });
    expect((await create(simulator, url)).status).toBe(201);
    for (let i = 0; i < 50 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    // Retry-After: 0 → retried at once; the simulator's own first backoff would be 500 ms.
    expect(seen.map((e) => e.event)).toEqual(['call_started', 'call_started']);
    expect(seen[1]!.at - seen[0]!.at).toBeLessThan(400);
  });
});
