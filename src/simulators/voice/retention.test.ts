import { afterEach, describe, expect, it } from 'vitest';
import { SIMULATOR_DEFAULTS, startVoiceSimulator, type VoiceSimulator } from './server.js';

/** The simulator runs inside `outreach serve`: it forgets old calls so that process's memory stays flat. */
describe('voice simulator retention', () => {
  let simulator: VoiceSimulator | undefined;
  afterEach(async () => simulator?.close());

  const auth = { Authorization: `Bearer ${SIMULATOR_DEFAULTS.apiKey}`, 'Content-Type': 'application/json' };
  const create = async (sim: VoiceSimulator, key: string) => {
    const res = await fetch(`${sim.url}/v2/create-phone-call`, {
      method: 'POST',
      headers: auth,
      // 555-0100 answers live and is recorded; the webhook receives nothing (callbacks are not under test).
      body: JSON.stringify({
        from_number: '+12025550199',
        to_number: '+12125550100',
        metadata: { scheduled_call_id: key },
        agent_override: { agent: { webhook_url: 'http://127.0.0.1:9/cb' } },
      }),
    });
    return { status: res.status, call: (await res.json()) as { call_id: string } };
  };
  const getCall = async (sim: VoiceSimulator, callId: string) =>
    (await fetch(`${sim.url}/v2/get-call/${callId}`, { headers: auth })).status;
  const recording = async (sim: VoiceSimulator, callId: string) =>
    (await fetch(`${sim.url}/recordings/${callId}.wav`)).status;
  /** The scheduled calls of the calls kept, oldest first. */
  const listed = async (sim: VoiceSimulator) =>
    (
      (await (
        await fetch(`${sim.url}/v3/list-calls`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ sort_order: 'ascending', limit: 1000 }),
        })
      ).json()) as { items: Array<{ metadata: { scheduled_call_id: string } }> }
    ).items.map((c) => c.metadata.scheduled_call_id);

  it('keeps a call, its recording and its dial count for the retention after its last event, then forgets them', async () => {
    simulator = await startVoiceSimulator({
      timeline: { startedMs: 5, endedMs: 10, analyzedMs: 15 },
      retention: { ms: 5000, maxCalls: 100 },
    });
    const first = (await create(simulator, 'sc_old')).call;
    expect((await create(simulator, 'sc_old')).status).toBe(201); // no idempotency key at Retell: a second call
    expect(simulator.dials()).toEqual({ sc_old: 2 });
    expect([await getCall(simulator, first.call_id), await recording(simulator, first.call_id)]).toEqual([200, 200]);
    await new Promise((r) => setTimeout(r, 5300));
    await create(simulator, 'sc_new'); // calls are forgotten as new ones arrive
    expect([await getCall(simulator, first.call_id), await recording(simulator, first.call_id)]).toEqual([404, 404]);
    expect(simulator.dials()).toEqual({ sc_new: 1 });
    expect(await listed(simulator)).toEqual(['sc_new']);
  });

  it('keeps at most maxCalls calls, forgetting the oldest first', async () => {
    simulator = await startVoiceSimulator({ retention: { ms: 3_600_000, maxCalls: 3 } });
    const ids: string[] = [];
    for (const key of ['sc_1', 'sc_2', 'sc_3', 'sc_4', 'sc_5']) ids.push((await create(simulator, key)).call.call_id);
    expect(await Promise.all(ids.map((id) => getCall(simulator!, id)))).toEqual([404, 404, 200, 200, 200]);
    expect(Object.keys(simulator.dials())).toEqual(['sc_3', 'sc_4', 'sc_5']);
    // Calls created within one millisecond share a start time, which the list orders by call id.
    expect((await listed(simulator)).sort()).toEqual(['sc_3', 'sc_4', 'sc_5']);
  });
});
