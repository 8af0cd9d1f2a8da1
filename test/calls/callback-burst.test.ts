import Retell from 'retell-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RETELL_WEBHOOK_RETRIES,
  SIMULATOR_DEFAULTS,
  startVoiceSimulator,
  type VoiceSimulator,
} from '../../src/simulators/voice/server.js';
import { seedCollectionsCall } from '../support/call-seeds.js';
import { DIALECTS } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { startTestService, type TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

const AT = '2026-12-08T15:00:00.000Z';
/** 667 voicemail calls (555-0101: call_started, call_ended, call_analyzed each): 2,001 webhooks. */
const CALLS = 667;
const WEBHOOKS = CALLS * 3;
/** The sender's connections: 1,000 webhooks in flight at once (Retell's senders are independent). */
const CONNECTIONS = 1_000;
/** Callbacks this service verifies at once: the former gate let 8 run, 64 wait, and refused the rest at once. */
const IN_FLIGHT = 8;

/**
 * Retell retries a webhook only 3 times (docs/operators/voice-provider.md#webhooks-from-retell): a
 * burst must not be refused while the inbox can take it. 2,001 webhooks signed by the simulator
 * with `Retell.sign` (the calls placed with `retell-sdk`) are held, then released at once over
 * 1,000 connections, to a service that verifies 8 at a time and applies them after receipt (the
 * former gate let 8 run and 64 wait, and refused every other one at once): none is answered 503, every one
 * is in the inbox once, and every event is applied.
 */
describe.each(DIALECTS)('a burst of 2,001 Retell webhooks on %s', { timeout: 240_000 }, (dialect) => {
  const database = useTestDatabase(dialect);
  let sim: VoiceSimulator;
  let t: TestService;
  let companyId: string;

  beforeAll(async () => {
    sim = await startVoiceSimulator({
      holdCallbacks: true,
      deliveryConcurrency: CONNECTIONS,
      timeline: { startedMs: 1, endedMs: 2, analyzedMs: 3 },
    });
    t = await startTestService(database.db, {
      workers: false,
      env: {
        OUTREACH_VOICE_SIMULATOR_URL: sim.url,
        OUTREACH_CALLS_CALLBACKS_IN_FLIGHT: String(IN_FLIGHT),
      },
    });
    ({ companyId } = await t.company());
    // The dialer's state: each scheduled call claimed and dialing (its callbacks record the call);
    // one transaction, so the seed costs one commit, not 2,000.
    await database.db.transaction(async (trx) => {
      for (let i = 0; i < CALLS; i++)
        await seedCollectionsCall(
          trx,
          companyId,
          {
            customerId: `burst-${i}`,
            scheduledCallId: `burst-${i}`,
            phone: '+12125550101',
            status: 'dialing',
            scheduledTime: AT,
          },
          AT,
        );
    });
    // Placed at the simulator as the dialer places them, through retell-sdk.
    const client = new Retell({ apiKey: SIMULATOR_DEFAULTS.apiKey, baseURL: sim.url, maxRetries: 0 });
    for (let i = 0; i < CALLS; i += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, CALLS - i) }, (_, k) =>
          client.call.createPhoneCall({
            from_number: '+12025550199',
            to_number: '+12125550101',
            override_agent_id: 'agent-Collections',
            metadata: { scheduled_call_id: `burst-${i + k}`, company_id: companyId, customer_id: `burst-${i + k}` },
            agent_override: { agent: { webhook_url: `${t.url}/callbacks/voice/sandbox` } },
          }),
        ),
      );
  });

  afterAll(async () => {
    await t?.stop();
    await sim?.close();
  });

  it('none is refused, none is lost: every event is received once and applied', async () => {
    // Every call's three events are due (held) before the burst is let go.
    await new Promise((r) => setTimeout(r, 50));
    expect(sim.releaseCallbacks()).toBe(WEBHOOKS);
    await eventually(
      async () => (sim.webhookStats().delivered + sim.webhookStats().givenUp >= WEBHOOKS ? true : undefined),
      180_000,
      'every webhook answered',
    );
    const stats = sim.webhookStats();
    // Never shed (no 503) and never refused. This process is sender and receiver on one event loop:
    // on a slow machine an answer may come after Retell's 10 s; that attempt's row still commits, so
    // its retries find it stored (409) and nothing is lost; the inbox count below proves it.
    expect(Object.keys(stats.failures).filter((why) => why !== 'timeout' && why !== '409')).toEqual([]);
    expect(stats.failures['409'] ?? 0).toBeLessThanOrEqual(RETELL_WEBHOOK_RETRIES * (stats.failures.timeout ?? 0));
    expect(stats.delivered + stats.givenUp).toBe(WEBHOOKS);
    // Applied from the inbox: every row applied, every call analyzed with its three events recorded.
    await eventually(
      async () => {
        const [{ n }] = await tables(database.db).callbackInbox().whereNull('applied_at').count({ n: '*' });
        return Number(n) === 0 ? true : undefined;
      },
      120_000,
      'the inbox applied',
    );
    const [{ n: inbox }] = await tables(database.db).callbackInbox().count({ n: '*' });
    expect(Number(inbox)).toBe(WEBHOOKS);
    const states = await tables(database.db)
      .calls()
      .where({ company_id: companyId })
      .select('state')
      .count({ n: '*' })
      .groupBy('state');
    expect(states.map((s) => ({ state: s.state, n: Number(s.n) }))).toEqual([{ state: 'analyzed', n: CALLS }]);
    const [{ n: events }] = await tables(database.db).callEvents().count({ n: '*' });
    expect(Number(events)).toBe(WEBHOOKS);
    const completed = await tables(database.db)
      .scheduledCalls()
      .where({ company_id: companyId, status: 'completed' })
      .count({ n: '*' });
    expect(Number(completed[0].n)).toBe(CALLS);
  });
});
