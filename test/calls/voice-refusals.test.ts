import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetellVoiceProvider } from '../../src/adapters/voice/retell-voice-provider.js';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { runOutreach } from '../support/cli.js';
import { providerAlerts } from '../../src/observability/metrics.js';
import type { VoiceSimulator } from '../../src/simulators/voice/server.js';
import { LIVE_PROVIDER, postCallback, settledScheduledCall, startCallStack } from '../support/calls.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey } from '../support/enrollment.js';
import { eventually } from '../support/eventually.js';
import type { TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/**
 * Refusals are not attempts (docs/operators/voice-provider.md#concurrency-refusals): test customers
 * on the sandbox's magic numbers 555-0125 (create refused with 429 twice), 555-0126 (the first call
 * ends `concurrency_limit_reached`) and 555-0127 (the call ends `no_valid_payment`), dialed through
 * retell-sdk (the adapter) against the simulator. Tuesday 2026-12-08, 09:59:50 in New York: the
 * enrollments' first calls are due at 10:00.
 */
const CLOCK = '2026-12-08T14:59:50Z';

const PEOPLE = {
  'refused-0125': '(212) 555-0125',
  'ended-0126': '(212) 555-0126',
  'payment-0127': '(212) 555-0127',
} as const;

const alertCount = async (kind: string) =>
  (await providerAlerts.get()).values.find((v) => v.labels.kind === kind)?.value ?? 0;

describe.each(DIALECTS)('voice refusals and provider alerts on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let t: TestService;
  let sandbox: VoiceSimulator;
  let live: VoiceSimulator;
  let key: string;
  let companyId: string;
  // 555-0127 pauses its company's sandbox account: a company of its own, so the others are dialed.
  let payer: { apiKey: string; companyId: string };
  const first: Record<string, string> = {};
  let paymentAlertsBefore = 0;

  beforeAll(async () => {
    paymentAlertsBefore = await alertCount('no_valid_payment');
    ({ sandbox, live, t } = await startCallStack(database.db, CLOCK, {
      OUTREACH_VOICE_REFUSAL_BACKOFF_MS: '200',
      OUTREACH_VOICE_PAUSE_RECHECK_SECONDS: '1',
    }));
    ({ apiKey: key, companyId } = await t.company());
    payer = await t.company('Payer');
    for (const c of [companyId, payer.companyId])
      await addWebhookEndpoint(database.db, c, 'http://127.0.0.1:9/hooks', new Date()); // deliveries checked as written
    for (const [id, phone] of Object.entries(PEOPLE)) {
      const res = await t.call('POST', '/customers/schedule/sync', {
        key: id === 'payment-0127' ? payer.apiKey : key,
        headers: { 'Idempotency-Key': newKey() },
        body: enrollBody({ id, loanId: `loan-${id}`, phoneNumber: phone, isTest: true }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      first[id] = res.body.origination.scheduledCallId;
    }
    // The scheduler plans whole minutes: on a slow start the first calls fall at 10:01. Due now instead.
    await tables(database.db)
      .scheduledCalls()
      .whereIn('id', Object.values(first))
      .update({ scheduled_time: new Date(CLOCK).toISOString() });
  }, 60_000);

  afterAll(async () => {
    await t?.stop();
    await sandbox?.close();
    await live?.close();
  });

  const row = (id: string) => tables(database.db).scheduledCalls().where({ id }).first();
  const callCount = async (id: string) =>
    Number((await tables(database.db).calls().where({ scheduled_call_id: id }).count({ n: '*' }))[0].n);

  it(
    'a create refused with 429 is retried with backoff, not counted as a call, and shows in the reasons',
    { timeout: 120_000 },
    async () => {
      const id = first['refused-0125'];
      const done = await settledScheduledCall(t, key, id);
      expect(done.status).toBe('completed');
      expect(done.postProcessingFlags).toContain('SUCCESSFUL_TRANSFER');
      // Two refused requests and the accepted one: one call at the provider, one call record.
      expect(sandbox.dials()[id]).toBe(1);
      expect((await row(id))!.dial_attempts).toBe(3);
      expect(await callCount(id)).toBe(1);
      const reasons = (await t.call('GET', `/scheduled-calls/${id}`, { key })).body.timingReasons;
      expect(reasons).toEqual([
        expect.objectContaining({
          rule: 'voice-provider',
          detail: expect.stringMatching(
            /^refused for the account's concurrency \(attempt 2, not a call\); retried at .*HTTP 429/,
          ),
        }),
      ]);
    },
  );

  it(
    'a call ended concurrency_limit_reached goes back to pending and is dialed again',
    { timeout: 120_000 },
    async () => {
      const id = first['ended-0126'];
      const done = await settledScheduledCall(t, key, id);
      expect(done.status).toBe('completed');
      expect(done.postProcessingFlags).toContain('SUCCESSFUL_TRANSFER');
      // Two calls at the provider; the refused one left no record, the second is the call.
      expect(sandbox.dials()[id]).toBe(2);
      const calls = await tables(database.db).calls().where({ scheduled_call_id: id });
      expect(calls.map((c) => c.disconnection_reason)).toEqual(['call_transfer']);
      const reasons = (await t.call('GET', `/scheduled-calls/${id}`, { key })).body.timingReasons;
      expect(reasons).toEqual([
        expect.objectContaining({
          rule: 'voice-provider',
          detail: expect.stringMatching(/^the call ended with concurrency_limit_reached \(attempt 1, not a call\)/),
        }),
      ]);
    },
  );

  it(
    'no_valid_payment raises provider.alert, a metric and pauses dialing until `outreach voice resume`',
    { timeout: 120_000 },
    async () => {
      const id = first['payment-0127'];
      const alert = await eventually(
        () =>
          tables(database.db)
            .voiceAccountAlerts()
            .where({ company_id: payer.companyId, kind: 'no_valid_payment' })
            .first(),
        60_000,
        'the no_valid_payment alert',
      );
      expect(alert).toMatchObject({ provider: 'sandbox', resumed_at: null, resumed_by: null });
      expect(await alertCount('no_valid_payment')).toBe(paymentAlertsBefore + 1);
      const events = await tables(database.db)
        .webhookDeliveries()
        .where({ company_id: payer.companyId, event_type: 'provider.alert' })
        .select('event_key', 'subject_id');
      expect(events).toEqual([{ event_key: `provider.alert:${alert.id}`, subject_id: alert.id }]);

      // Paused: the call went back to pending and, looked at again each second, is not dialed.
      const paused = await eventually(
        async () => {
          const r = await row(id);
          return r?.status_reason?.includes('voice account is paused since') ? r : undefined;
        },
        30_000,
        'the paused reason',
      );
      // Between looks it is pending, or claimed for a moment (and put back); never placed.
      expect(['pending', 'dialing']).toContain(paused.status);
      expect(paused.provider_call_id).toBeNull();
      expect(sandbox.dials()[id]).toBe(1);
      expect(await callCount(id)).toBe(0);
      const listed = await t.call('GET', '/provider-alerts', { key: payer.apiKey });
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({
        paused: true,
        data: [{ id: alert.id, provider: 'sandbox', kind: 'no_valid_payment', status: 'open' }],
      });

      // The operator resumes (the CLI command, in-process): who and when are recorded.
      const resume = async (by: string) =>
        (
          await runOutreach(['voice', 'resume', '--company', payer.companyId, '--by', by, '--json'], {
            env: { DATABASE_URL: database.url },
          })
        ).code;
      expect(await resume('ops@lender.example')).toBe(0);
      const resumed = await tables(database.db).voiceAccountAlerts().where({ id: alert.id }).first();
      expect(resumed).toMatchObject({ resumed_by: 'ops@lender.example' });
      expect(resumed!.resumed_at).not.toBeNull();
      expect(await resume('ops@lender.example')).toBe(1); // nothing paused any more

      // Dialing picks up: the call is placed again (the magic number still ends no_valid_payment, so a new alert opens).
      await eventually(
        async () => ((sandbox.dials()[id] ?? 0) >= 2 ? true : undefined),
        30_000,
        'the call dialed again',
      );
      await eventually(
        async () =>
          (await tables(database.db)
            .voiceAccountAlerts()
            .where({ company_id: payer.companyId })
            .whereNull('resumed_at')
            .first()) ?? undefined,
        30_000,
        'a second alert',
      );
      expect(await resume('ops@lender.example')).toBe(0);
    },
  );

  it('5 webhook signature failures naming the company within a minute raise an alert on its live account', async () => {
    const body = JSON.stringify({
      event: 'call_ended',
      call: { call_id: 'call_forged', metadata: { company_id: companyId, scheduled_call_id: 'x' } },
    });
    for (let i = 0; i < 4; i++) expect((await postCallback(t, 'live', body, 'not-the-key')).status).toBe(401);
    expect(
      await tables(database.db)
        .voiceAccountAlerts()
        .where({ company_id: companyId, kind: 'webhook_signature_failures' }),
    ).toEqual([]);
    expect((await postCallback(t, 'live', body, 'not-the-key')).status).toBe(401);
    const alert = await tables(database.db)
      .voiceAccountAlerts()
      .where({ company_id: companyId, kind: 'webhook_signature_failures' })
      .first();
    expect(alert).toMatchObject({ provider: 'live', resumed_at: null });
    expect(
      await tables(database.db)
        .webhookDeliveries()
        .where({ company_id: companyId, subject_id: alert!.id })
        .select('event_type'),
    ).toEqual([{ event_type: 'provider.alert' }]);
    // A signature that matches the account's key counts nothing (the live simulator's key).
    expect((await postCallback(t, 'live', body, LIVE_PROVIDER.apiKey)).status).not.toBe(401);
  });

  it("reads the account's concurrency with concurrency.retrieve", async () => {
    const provider = new RetellVoiceProvider({
      name: 'live',
      baseUrl: live.url,
      apiKey: LIVE_PROVIDER.apiKey,
      requestTimeoutMs: 5000,
    });
    expect(await provider.accountConcurrency()).toEqual({ current: 0, limit: 20 });
  });
});
