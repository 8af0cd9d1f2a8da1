import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyVoiceEvent,
  LIVE_PROVIDER,
  postCallback,
  settledScheduledCall,
  startCallStack,
  attestWrittenConsent,
} from '../support/calls.js';
import { eventually } from '../support/eventually.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey } from '../support/enrollment.js';
import { startTestService, type TestService } from '../support/service.js';
import { useTestDatabase, type SuiteDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { FileRecordingStore } from '../../src/adapters/recordings/file-recording-store.js';
import { processClock } from '../../src/adapters/clock/sandbox-clock.js';
import { RetellVoiceProvider } from '../../src/adapters/voice/retell-voice-provider.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
import { reconcileStaleCalls, type ReconcileOutcome } from '../../src/domain/calls/reconcile-calls.js';
import { failPlacedCall } from '../../src/store/scheduled-calls/reconcile-leases.js';
import { createLogger } from '../../src/lib/logger.js';
import { SIMULATOR_DEFAULTS, startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';

/**
 * Tuesday 2026-12-08, 09:59:50 in New York: the first calls are due at 10:00, or at 10:01 when the
 * suite starts slowly on a loaded machine (the scheduler plans whole minutes): waits allow for that.
 */
const CLOCK = '2026-12-08T14:59:50Z';
/** How long a scheduled call may take to settle: the first call may be a minute later than planned. */
const SETTLE_MS = 150_000;
const LIVE = LIVE_PROVIDER;
/**
 * 555-0109's conversation read from the provider: no transfer event ever arrived, and the disconnection
 * reason `call_transfer` alone does not say the transfer bridged, so no transfer flag.
 */
const LIVE_TRANSFER_FLAGS = ['CONNECT', 'LIVE_CONNECT', 'RPC'];
const HOUR = 3_600_000;

async function enroll(t: TestService, key: string, id: string, phone: string, isTest: boolean): Promise<string> {
  const res = await t.call('POST', '/customers/schedule/sync', {
    key,
    headers: { 'Idempotency-Key': newKey() },
    body: enrollBody({ id, loanId: `loan-${id}`, phoneNumber: phone, isTest }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.origination.scheduledCallId;
}

/** Waits until the dispatcher has recorded the provider's call id on the scheduled call. */
async function placedCallId(t: SuiteDatabase, scheduledCallId: string): Promise<string> {
  return eventually(
    async () =>
      (await tables(t.db).scheduledCalls().where({ id: scheduledCallId }).first())?.provider_call_id ?? undefined,
    SETTLE_MS,
    'the call to be placed',
  );
}

describe.each(DIALECTS)('reconciliation sweep in the worker process on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let t: TestService;
  let sandbox: VoiceSimulator;
  let live: VoiceSimulator;
  let key: string;
  const ids: Record<string, string> = {};
  let liveRestarted: Promise<void>;

  beforeAll(async () => {
    let clock: () => Date;
    ({ clock, sandbox, live, t } = await startCallStack(database.db, CLOCK, {
      OUTREACH_CALLS_RECONCILE_AFTER_SECONDS: '3',
      OUTREACH_CALLS_RECONCILE_INTERVAL_SECONDS: '1',
    }));
    let companyId: string;
    ({ apiKey: key, companyId } = await t.company());
    await addWebhookEndpoint(database.db, companyId, 'http://127.0.0.1:9/hooks', new Date()); // deliveries are only checked as written
    // The non-test lead's written consent is attested (docs/partners/consent.md): this suite is about reconciliation.
    await attestWrittenConsent(database.db, companyId);
    ids.lost = await enroll(t, key, 'lost-0109', '(212) 555-0109', true);
    ids.gone = await enroll(t, key, 'gone-0109', '(212) 555-0109', false);
    // The company's provider loses its calls: once placed, it restarts empty (before the 3 s reconcile age).
    liveRestarted = (async () => {
      await placedCallId(database, ids.gone);
      const port = new URL(live.url).port;
      await live.close();
      live = await startVoiceSimulator({ now: clock, ...LIVE, port: Number(port) });
    })();
  }, SETTLE_MS + 30_000);

  afterAll(async () => {
    await t?.stop();
    await sandbox?.close();
    await live?.close();
  });

  it(
    '555-0109 (callbacks never arrive): the sweep reads the call from the provider and completes it with flags, transcript, summary and recording',
    { timeout: SETTLE_MS + 30_000 },
    async () => {
      const done = await settledScheduledCall(t, key, ids.lost, { withinMs: SETTLE_MS });
      expect(done).toMatchObject({ status: 'completed', postProcessingFlags: LIVE_TRANSFER_FLAGS });
      const row = await tables(database.db).scheduledCalls().where({ id: ids.lost }).first();
      expect(row!.status_reason).toMatch(/callbacks did not arrive; the result was read from the voice provider/);
      const call = await eventually(
        async () => {
          const res = await t.call('GET', `/calls/${done.callId}`, { key });
          return res.body.recordingUrl ? res.body : undefined;
        },
        30_000,
        'the recording',
      );
      expect(call).toMatchObject({ flags: LIVE_TRANSFER_FLAGS, toPhoneNumber: '+12125550109' });
      expect(call.transcript).toMatch(/Borrower: Yes, speaking/);
      expect(call.summarization).toMatch(/transferred to a loan officer/);
      expect((await fetch(call.recordingUrl)).status).toBe(200);
      const events = await tables(database.db).callEvents().where({ call_id: done.callId });
      expect(events.map((e: any) => [e.event_id, Boolean(e.applied)])).toEqual([
        [`reconcile:${row!.provider_call_id}:analyzed`, true],
      ]);
      expect(sandbox.dials()[ids.lost]).toBe(1);
      expect(t.violations).toEqual([]);
    },
  );

  it(
    'a real callback arriving after the sweep changes nothing (202, applied as stale, then 409 on redelivery)',
    { timeout: SETTLE_MS + 30_000 },
    async () => {
      const done = await settledScheduledCall(t, key, ids.lost, { withinMs: SETTLE_MS });
      const row = await tables(database.db).scheduledCalls().where({ id: ids.lost }).first();
      const wire = await (
        await fetch(`${sandbox.url}/v2/get-call/${row!.provider_call_id}`, {
          headers: { Authorization: `Bearer ${SIMULATOR_DEFAULTS.apiKey}` },
        })
      ).json();
      // The recording download (a queue job after the completion) is the last write to the call: wait for it.
      await eventually(
        async () => (await tables(database.db).calls().where({ id: done.callId }).first())!.recording_key ?? undefined,
        30_000,
        'the recording',
      );
      const snapshot = async () => [
        await tables(database.db).calls().where({ id: done.callId }).first(),
        await tables(database.db).scheduledCalls().where({ id: ids.lost }).first(),
      ];
      const before = await snapshot();
      for (const event of ['call_analyzed', 'call_ended']) {
        const body = JSON.stringify({ event, call: wire });
        const late = await postCallback(t, 'sandbox', body, SIMULATOR_DEFAULTS.apiKey);
        expect(late).toEqual({
          status: 202,
          body: { eventId: expect.stringMatching(new RegExp(`^${row!.provider_call_id}:${event}:[0-9a-f]{32}$`)) },
        });
        // Applied from the inbox shortly after: it finds the sweep's later state and changes nothing.
        const applied = async () =>
          (
            await tables(database.db)
              .callbackInbox()
              .where({ provider: 'sandbox', event_id: late.body.eventId })
              .whereNotNull('applied_at')
              .first()
          )?.outcome;
        expect(await eventually(applied, 30_000, 'the late event applied')).toBe('stale');
        expect((await postCallback(t, 'sandbox', body, SIMULATOR_DEFAULTS.apiKey)).status).toBe(409);
      }
      expect(await snapshot()).toEqual(before);
      const done2 = (await t.call('GET', `/scheduled-calls/${ids.lost}`, { key })).body;
      expect(done2).toMatchObject({ status: 'completed', postProcessingFlags: LIVE_TRANSFER_FLAGS });
    },
  );

  it(
    'a call its provider does not know (lost at the provider) ends failed with the reason',
    { timeout: SETTLE_MS + 30_000 },
    async () => {
      await liveRestarted;
      const done = await settledScheduledCall(t, key, ids.gone, { withinMs: SETTLE_MS });
      expect(done.status).toBe('failed');
      const row = await tables(database.db).scheduledCalls().where({ id: ids.gone }).first();
      expect(row!.status_reason).toBe(
        'Reconciliation: the voice provider does not know this call; no result will come',
      );
      const events = await tables(database.db)
        .webhookDeliveries()
        .where({ subject_id: ids.gone, event_type: 'scheduled_call.updated' })
        .select('event_key');
      expect(events.map((e: { event_key: string }) => e.event_key)).toEqual([
        `scheduled_call.updated:${ids.gone}:failed`,
      ]);
      expect((await tables(database.db).calls().where({ id: row!.call_id! }).first())!.state).not.toBe('analyzed');
      expect(t.violations).toEqual([]);
    },
  );
});

describe.each(DIALECTS)('reconciliation passes on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let t: TestService;
  let sandbox: VoiceSimulator;
  let key: string;
  let companyId: string;
  let slow: string;
  let services: (aheadMs: number) => CallServices;
  let clock: () => Date;
  const settings = { afterMs: 900_000, deadlineMs: 2 * HOUR, leaseMs: 60_000, batch: 50 };

  beforeAll(async () => {
    clock = processClock(new Date(CLOCK));
    // The provider ends calls but its analysis never comes within the test.
    sandbox = await startVoiceSimulator({
      now: clock,
      timeline: { startedMs: 30, endedMs: 120, analyzedMs: 3_600_000 },
    });
    t = await startTestService(database.db, {
      env: {
        OUTREACH_CALLS_DISPATCH: 'on',
        OUTREACH_CLOCK: CLOCK,
        OUTREACH_CALLS_POLL_MS: '50',
        OUTREACH_VOICE_SIMULATOR_URL: sandbox.url,
        OUTREACH_CALLS_RECONCILE_INTERVAL_SECONDS: '3600',
      },
    });
    ({ apiKey: key, companyId } = await t.company());
    const sim = new RetellVoiceProvider({
      name: 'sandbox',
      baseUrl: sandbox.url,
      apiKey: SIMULATOR_DEFAULTS.apiKey,
      requestTimeoutMs: 10_000,
    });
    // The sweep's own services, on the business clock moved `aheadMs` forward (the service's own sweep never runs here).
    services = (aheadMs) => ({
      db: database.db,
      now: () => new Date(clock().getTime() + aheadMs),
      log: createLogger('silent'),
      queue: t.service.queue,
      voice: { live: sim, sandbox: sim },
      recordings: new FileRecordingStore(path.join(os.tmpdir(), `outreach-reconcile-${process.pid}`)),
      settings: {
        publicBaseUrl: t.url,
        fromNumber: '+12025550199',
        signingSecret: 'x'.repeat(32),
        dialLeaseMs: 60_000,
        maxCallbacksInFlight: 16,
      },
    });
    slow = await enroll(t, key, 'slow-0109', '(212) 555-0109', true);
    const providerCallId = await placedCallId(database, slow);
    await eventually(
      async () => ((await sim.getCall(providerCallId))?.state === 'ended' ? true : undefined),
      10_000,
      'the call to end',
    );
  }, SETTLE_MS + 30_000);

  afterAll(async () => {
    await t?.stop();
    await sandbox?.close();
  });

  it('is not due before the reconcile age', async () => {
    expect((await reconcileStaleCalls(services(0), settings)).size).toBe(0);
  });

  it('two sweeps at once: one leases the call and applies call_ended, the other takes nothing', async () => {
    const [a, b] = await Promise.all([
      reconcileStaleCalls(services(HOUR), settings),
      reconcileStaleCalls(services(HOUR), settings),
    ]);
    const taken: Array<[string, ReconcileOutcome]> = [...a, ...b];
    expect(taken).toEqual([[slow, 'apply_ended']]);
    const row = await tables(database.db).scheduledCalls().where({ id: slow }).first();
    expect(row!.status).toBe('dialing');
    const events = await tables(database.db).callEvents().where({ call_id: row!.call_id! });
    expect(events.map((e: any) => e.event_id)).toEqual([`reconcile:${row!.provider_call_id}:ended`]);
    expect((await tables(database.db).calls().where({ id: row!.call_id! }).first())!.state).toBe('ended');
    // Leased: a third pass within the lease takes nothing.
    expect((await reconcileStaleCalls(services(HOUR), settings)).size).toBe(0);
  });

  it('ended without analysis past the result deadline: completed with the flags the ended call gives', async () => {
    await tables(database.db).scheduledCalls().where({ id: slow }).update({ reconcile_lease_until: null }); // the earlier pass's lease ran out
    const outcomes = await reconcileStaleCalls(services(3 * HOUR), settings);
    expect([...outcomes]).toEqual([[slow, 'complete_unanalyzed']]);
    const done = (await t.call('GET', `/scheduled-calls/${slow}`, { key })).body;
    expect(done).toMatchObject({ status: 'completed', postProcessingFlags: ['CONNECT'] });
    const row = await tables(database.db).scheduledCalls().where({ id: slow }).first();
    expect(row!.status_reason).toMatch(/no analysis by the deadline/);
    const call = (await t.call('GET', `/calls/${row!.call_id}`, { key })).body;
    expect(call).toMatchObject({ flags: ['CONNECT'], summarization: '' });
    expect(call.transcript).toMatch(/Borrower/);
    expect(t.violations).toEqual([]);
  });

  /**
   * A later call of the same customer (still pending, days later: its call carried no transfer flag,
   * so the cadence goes on) made to look like a claim whose dial message was lost: dialing, claimed
   * an hour ago, one attempt, no queue message.
   */
  async function lostDial(index: number): Promise<string> {
    const later = await tables(database.db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: 'slow-0109' })
      .whereIn('status', ['pending', 'cancelled'])
      .orderBy('scheduled_time')
      .offset(index)
      .first();
    await tables(database.db)
      .scheduledCalls()
      .where({ id: later!.id })
      .update({
        status: 'dialing',
        status_reason: null,
        claimed_at: new Date(Date.parse(CLOCK) - HOUR).toISOString(),
        dial_attempts: 1,
      });
    return later!.id;
  }

  it('a claimed call whose dial is in progress right now (dial lease held) is left alone and looked at again on the next pass', async () => {
    const id = await lostDial(0);
    await tables(database.db)
      .scheduledCalls()
      .where({ id })
      .update({ dial_lease_until: new Date(Date.now() + 60_000).toISOString() });
    expect((await reconcileStaleCalls(services(HOUR), settings)).get(id)).toBe('wait');
    const row = await tables(database.db).scheduledCalls().where({ id }).first();
    expect(row).toMatchObject({ status: 'dialing', dial_attempts: 1, reconcile_lease_until: null });
    expect((await reconcileStaleCalls(services(HOUR), settings)).get(id)).toBe('wait');
    await tables(database.db).scheduledCalls().where({ id }).update({ status: 'cancelled', dial_lease_until: null }); // out of the way of the next tests
  });

  it('a claimed call never placed whose dial message is gone goes back in line (pending, due now), without a provider request', async () => {
    const id = await lostDial(0);
    const outcomes = await reconcileStaleCalls(services(HOUR), settings);
    expect(outcomes.get(id)).toBe('dial_requeued');
    const row = await tables(database.db).scheduledCalls().where({ id }).first();
    expect(row).toMatchObject({
      status: 'pending',
      provider_call_id: null,
      dial_attempts: 1,
      claimed_at: null,
      reconcile_lease_until: null,
    });
    expect(Date.parse(String(row!.scheduled_time))).toBeGreaterThan(Date.parse(CLOCK) + HOUR - 60_000); // due at the pass's "now"
    expect(row!.status_reason).toMatch(/message lost; back in line/);
    expect(sandbox.dials()[id]).toBeUndefined();
  });

  it(
    "… and when the lost attempt had been placed, the dispatcher's next attempt finds it at the provider: dialed once",
    { timeout: 60_000 },
    async () => {
      const id = await lostDial(0);
      const sim = new RetellVoiceProvider({
        name: 'sandbox',
        baseUrl: sandbox.url,
        apiKey: SIMULATOR_DEFAULTS.apiKey,
        requestTimeoutMs: 10_000,
      });
      const placed = await sim.createCall({
        to: '+12125550109',
        from: '+12025550199',
        agent: 'a',
        transferDestination: '+12125550000',
        dynamicVariables: {},
        metadata: { scheduledCallId: id, companyId, customerId: 'slow-0109' },
        callbackUrl: `${t.url}/callbacks/voice/sandbox`,
      });
      // On the service's own clock: due at once, so the service's dispatcher claims and dials it again.
      expect((await reconcileStaleCalls(services(0), settings)).get(id)).toBe('dial_requeued');
      const row = await eventually(
        async () => {
          const r = await tables(database.db).scheduledCalls().where({ id }).first();
          return r!.provider_call_id ? r : undefined;
        },
        30_000,
        'the dispatcher to record the call found at the provider',
      );
      expect(row).toMatchObject({ status: 'dialing', provider_call_id: placed.providerCallId, dial_attempts: 2 });
      expect(sandbox.dials()[id]).toBe(1);
    },
  );

  it(
    'a placed call the sweep failed still completes when its real analysis arrives after all: a Do Not Call request applies',
    { timeout: SETTLE_MS + 30_000 },
    async () => {
      const id = await enroll(t, key, 'late-dnc-0104', '(212) 555-0104', true);
      // Planned at the next whole minute (up to a minute away by now): due at once instead.
      await tables(database.db).scheduledCalls().where({ id }).update({ scheduled_time: clock().toISOString() });
      const providerCallId = await placedCallId(database, id);
      // What the sweep does when the provider still shows no result at the deadline.
      expect(
        await failPlacedCall(
          database.db,
          companyId,
          id,
          providerCallId,
          'Reconciliation: no result from the provider',
          new Date().toISOString(),
        ),
      ).toBe(true);
      const sim = new RetellVoiceProvider({
        name: 'sandbox',
        baseUrl: sandbox.url,
        apiKey: SIMULATOR_DEFAULTS.apiKey,
        requestTimeoutMs: 10_000,
      });
      const ended = await eventually(
        async () => {
          const snapshot = await sim.getCall(providerCallId);
          return snapshot?.state === 'ended' ? snapshot : undefined;
        },
        10_000,
        'the call to end',
      );
      const result = await applyVoiceEvent(services(3 * HOUR), 'sandbox', {
        eventId: 'late-analysis',
        type: 'call_analyzed',
        providerCallId,
        scheduledCallId: id,
        call: { ...ended.call, flags: ['CONNECT', 'LIVE_CONNECT', 'RPC', 'DNC'] },
      });
      expect(result.applied).toBe(true);
      expect((await t.call('GET', `/scheduled-calls/${id}`, { key })).body).toMatchObject({
        status: 'completed',
        postProcessingFlags: ['CONNECT', 'LIVE_CONNECT', 'RPC', 'DNC'],
      });
      expect((await t.call('GET', '/customers/late-dnc-0104', { key })).body.doNotCall).toBe(true);
      expect(t.violations).toEqual([]);
    },
  );
});
