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

  const create = (sim: VoiceSimulator, webhook: string) =>
    fetch(`${sim.url}/v2/create-phone-call`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sim_voice_key', 'Content-Type': 'application/json' },
      // 555-0101: a voicemail, so all three events are sent.
      body: JSON.stringify({
        from_number: '+12025550199',
        to_number: '+12125550101',
        agent_override: { agent: { webhook_url: webhook } },
      }),
    });

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

  it("retries a 503 after the receiver's Retry-After instead of its own backoff", { timeout: 30_000 }, async () => {
    const { url, seen } = await receive((n) => (n === 1 ? 503 : 200));
    simulator = await startVoiceSimulator({ timeline: { startedMs: 5, endedMs: 10_000, analyzedMs: 10_000 } });
    expect((await create(simulator, url)).status).toBe(201);
    await until(() => seen.length >= 2);
    // Retry-After: 2 → retried after 2 s; the simulator's own first backoff is 500 ms. A timer never
    // fires early, so a slow machine can only lengthen the gap: the lower bound cannot flake.
    expect(seen.map((e) => e.event).slice(0, 2)).toEqual(['call_started', 'call_started']);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(1_990);
  });
});
