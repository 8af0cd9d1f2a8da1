import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { SIMULATOR_DEFAULTS, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import {
  LIVE_PROVIDER,
  postCallback,
  settledScheduledCall,
  startCallStack,
  attestWrittenConsent,
} from '../support/calls.js';
import { eventually } from '../support/eventually.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey, replaceBody } from '../support/enrollment.js';
import type { TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Tuesday 2026-12-08, 09:59:50 in New York. The scheduler plans whole minutes, so the enrollments
 * made while the suite starts get their first call at 10:00:00 (10:01 on a slow machine).
 */
const CLOCK = '2026-12-08T14:59:50Z';
const TEN_AM = ['2026-12-08T15:00:00.000Z', '2026-12-08T15:01:00.000Z'];
const SIGNING_SECRET = 'test-signing-secret-0123456789';
const LIVE = LIVE_PROVIDER;

/** Customers enrolled at the start, one per magic number (and variants). Test customers reach the sandbox simulator. */
const PEOPLE: Record<string, { phone: string; isTest: boolean; mobile?: string }> = {
  'live-0100': { phone: '(212) 555-0100', isTest: false },
  'vm-0101': { phone: '(212) 555-0101', isTest: true },
  'na-0102': { phone: '(212) 555-0102', isTest: true },
  'wrong-0103': { phone: '(212) 555-0103', isTest: true },
  'wrong-0103-mobile': { phone: '(646) 555-0103', isTest: true, mobile: '(212) 736-5000' },
  'dnc-0104': { phone: '(212) 555-0104', isTest: true },
  'atty-0105': { phone: '(212) 555-0105', isTest: true },
  'bk-0106': { phone: '(212) 555-0106', isTest: true },
  'busy-0107': { phone: '(212) 555-0107', isTest: true },
  'dup-0108': { phone: '(212) 555-0108', isTest: true },
};

describe.each(DIALECTS)('calls end to end on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let t: TestService;
  let sandbox: VoiceSimulator;
  let live: VoiceSimulator;
  let key: string;
  let companyId: string;
  const first: Record<string, string> = {}; // customer id → first scheduled call id
  // The company's webhook endpoint: a partner server on 127.0.0.1 that keeps what it receives.
  let partner: WebhookReceiver;
  let hookSecret: string;
  const db = () => database.db;
  /** Every scheduled call of the customer that changed status has its one `scheduled_call.updated` (written with the change). */
  const expectStatusEvents = async (customerId: string) => {
    const calls = await scheduledOf(customerId);
    const keys = (
      await tables(db())
        .webhookDeliveries()
        .where({ company_id: companyId, event_type: 'scheduled_call.updated' })
        .whereIn(
          'subject_id',
          calls.map((c) => c.id),
        )
        .select('event_key')
    )
      .map((r: { event_key: string }) => r.event_key)
      .sort();
    expect(keys).toEqual(calls.map((c) => `scheduled_call.updated:${c.id}:${c.status}`).sort());
  };

  beforeAll(async () => {
    ({ sandbox, live, t } = await startCallStack(database.db, CLOCK, {
      OUTREACH_SIGNING_SECRET: SIGNING_SECRET,
      OUTREACH_JOBS_RETRY_DELAY_SECONDS: '1',
    }));
    ({ apiKey: key, companyId } = await t.company());
    // The non-test leads' written consent is attested (docs/partners/consent.md): this suite is about placing and reading calls.
    await attestWrittenConsent(database.db, companyId);
    partner = await startWebhookReceiver();
    hookSecret = (await addWebhookEndpoint(database.db, companyId, partner.url, new Date())).secret;
    const enrolled = await Promise.all(
      Object.entries(PEOPLE).map(([id, p]) =>
        t.call('POST', '/customers/schedule/sync', {
          key,
          headers: { 'Idempotency-Key': newKey() },
          body: enrollBody({
            id,
            loanId: `loan-${id}`,
            phoneNumber: p.phone,
            isTest: p.isTest,
            ...(p.mobile ? { mobilePhone: p.mobile } : {}),
          }),
        }),
      ),
    );
    for (const [i, id] of Object.keys(PEOPLE).entries()) {
      expect(enrolled[i].status, JSON.stringify(enrolled[i].body)).toBe(200);
      first[id] = enrolled[i].body.origination.scheduledCallId;
    }
    // A collections customer (replacement sync plans the Collections cadence), reached live on 555-0100.
    const coll = await t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({
        id: 'coll-0100',
        taskType: 'Collections',
        timezone: 'America/New_York',
        phoneNumber: '(212) 555-0100',
        state: 'NY',
        isTest: true,
      }),
    });
    expect(coll.status, JSON.stringify(coll.body)).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await t?.stop();
    await sandbox?.close();
    await live?.close();
    await partner?.close();
  });

  const scheduledOf = async (customerId: string) =>
    (await t.call('GET', `/scheduled-calls/customer/${customerId}`, { key })).body as Array<{
      id: string;
      status: string;
      scheduledTime: string;
    }>;
  const dbCalls = (customerId: string) =>
    tables(db()).scheduledCalls().where({ company_id: companyId, customer_id: customerId }).orderBy('scheduled_time');

  it(
    "the completed call reaches the company's webhook endpoint as call.completed with the call object, signed (Standard Webhooks)",
    { timeout: 120_000 },
    async () => {
      const scheduled = await settledScheduledCall(t, key, first['live-0100']);
      const event = () =>
        partner.received
          .map((h) => ({ h, e: JSON.parse(h.body) }))
          .find(({ e }) => e.type === 'call.completed' && e.data.id === scheduled.callId);
      const completedUpdate = () =>
        partner.received.some((h) => {
          const e = JSON.parse(h.body);
          return e.type === 'scheduled_call.updated' && e.data.id === scheduled.id && e.data.status === 'completed';
        });
      for (let i = 0; !(event() && completedUpdate()) && i < 600; i++) await new Promise((r) => setTimeout(r, 100));
      const found = event();
      expect(found, 'call.completed delivered').toBeDefined();
      expect(() => new Webhook(hookSecret).verify(found!.h.body, found!.h.headers)).not.toThrow();
      expect(found!.e.data).toMatchObject({
        id: scheduled.callId,
        customerId: 'live-0100',
        toPhoneNumber: '+12125550100',
        flags: ['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER'],
      });
      const read = (await t.call('GET', `/calls/${scheduled.callId}`, { key })).body;
      expect({ ...found!.e.data, recordingUrl: null }).toEqual({ ...read, recordingUrl: null });
      const updated = partner.received
        .map((h) => JSON.parse(h.body))
        .filter((e) => e.type === 'scheduled_call.updated' && e.data.id === scheduled.id);
      expect(updated.map((e) => e.data.status)).toContain('completed');
    },
  );

  it(
    'a New York customer on 212-555-0100 is called at 10:00 and the call reads back with flags, transcript, summary and a one-hour recording link',
    { timeout: 120_000 },
    async () => {
      const scheduled = await settledScheduledCall(t, key, first['live-0100']);
      expect(scheduled).toMatchObject({
        status: 'completed',
        postProcessingFlags: ['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER'],
      });
      expect(TEN_AM).toContain(scheduled.scheduledTime);
      expect(scheduled.callId).toEqual(expect.any(String));
      const call = await eventuallyRecording(scheduled.callId);
      expect(call).toMatchObject({
        id: scheduled.callId,
        customerId: 'live-0100',
        toPhoneNumber: '+12125550100',
        flags: ['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER'],
      });
      expect(call.transcript).toMatch(/Borrower: Yes, speaking/);
      expect(call.summarization).toMatch(/transferred to a loan officer/);
      expect(Date.parse(call.timestamp)).toBeGreaterThanOrEqual(Date.parse(scheduled.scheduledTime));

      const audio = await fetch(call.recordingUrl);
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toBe('audio/wav');
      const bytes = Buffer.from(await audio.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('ascii')).toBe('WAVE');

      const url = new URL(call.recordingUrl);
      const expires = Number(url.searchParams.get('expires'));
      expect(expires * 1000 - Date.now()).toBeGreaterThan(59 * 60 * 1000);
      expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
      const altered = new URL(url);
      altered.searchParams.set('expires', String(expires + 3600));
      expect((await fetch(altered)).status).toBe(403);
      const past = Math.floor(Date.now() / 1000) - 1;
      const expired = `${t.url}/recordings/${call.id}?expires=${past}&signature=${createHmac('sha256', SIGNING_SECRET).update(`recording:${call.id}:${past}`).digest('hex')}`;
      const refused = await fetch(expired);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        error: 403,
        message: 'Recording link has expired; read the call again for a fresh link',
      });

      // The origination cadence is finished: its later calls are cancelled.
      expect((await scheduledOf('live-0100')).map((c) => c.status)).toEqual([
        'completed',
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
      await expectStatusEvents('live-0100');
      const cadence = await tables(db()).cadences().where({ company_id: companyId, customer_id: 'live-0100' }).first();
      expect(cadence!.status).toBe('finished');

      const list = await t.call('GET', '/calls/customer/live-0100', { key });
      expect(list.status).toBe(200);
      expect(list.body.map((c: any) => c.id)).toEqual([call.id]);
      const other = await t.company('Other');
      expect((await t.call('GET', `/calls/${call.id}`, { key: other.apiKey })).status).toBe(404);
      expect((await t.call('GET', '/calls/customer/live-0100', { key: other.apiKey })).status).toBe(404);
      expect(t.violations).toEqual([]);
    },
  );

  async function eventuallyRecording(callId: string): Promise<any> {
    for (let i = 0; i < 200; i++) {
      const res = await t.call('GET', `/calls/${callId}`, { key });
      expect(res.status).toBe(200);
      if (res.body.recordingUrl) return res.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no recording');
  }

  it(
    'test customers are dialed only through the simulator; the company provider only gets the real customer',
    { timeout: 120_000 },
    async () => {
      await settledScheduledCall(t, key, first['live-0100']);
      await settledScheduledCall(t, key, first['vm-0101']);
      expect(Object.keys(live.dials())).toEqual([first['live-0100']]);
      expect(Object.keys(sandbox.dials())).toContain(first['vm-0101']);
      expect(Object.keys(sandbox.dials())).not.toContain(first['live-0100']);
    },
  );

  it.each([
    ['vm-0101', ['VOICEMAIL', 'VOICEMAIL_CONNECT', 'MESSAGE_LEFT']],
    ['na-0102', ['NO_ANSWER']],
  ])('%s: the cadence goes on', { timeout: 120_000 }, async (id, flags) => {
    const done = await settledScheduledCall(t, key, first[id]);
    expect(done).toMatchObject({ status: 'completed', postProcessingFlags: flags });
    expect((await scheduledOf(id)).map((c) => c.status)).toEqual([
      'completed',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect((await tables(db()).cadences().where({ company_id: companyId, customer_id: id }).first())!.status).toBe(
      'active',
    );
  });

  it(
    'wrong number (0103): that number is never called again; with no other number the later calls are cancelled',
    { timeout: 120_000 },
    async () => {
      const done = await settledScheduledCall(t, key, first['wrong-0103']);
      expect(done.postProcessingFlags).toEqual(['CONNECT', 'WRONG_NUMBER']);
      expect((await scheduledOf('wrong-0103')).map((c) => c.status)).toEqual([
        'completed',
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
      await expectStatusEvents('wrong-0103');
    },
  );

  it(
    'wrong number (0103) with a mobile number: later calls move to the mobile number',
    { timeout: 120_000 },
    async () => {
      await settledScheduledCall(t, key, first['wrong-0103-mobile']);
      const rows = await dbCalls('wrong-0103-mobile');
      expect(rows[0].phone_number).toBe('+16465550103');
      const later = rows.slice(1);
      expect(later.map((r: any) => r.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
      expect(later.every((r: any) => r.phone_number === '+12127365000')).toBe(true);
    },
  );

  it(
    'do not call (0104): the customer becomes Do Not Call and pending outreach stops',
    { timeout: 120_000 },
    async () => {
      const done = await settledScheduledCall(t, key, first['dnc-0104']);
      expect(done.postProcessingFlags).toEqual(['CONNECT', 'LIVE_CONNECT', 'RPC', 'DNC']);
      expect((await t.call('GET', '/customers/dnc-0104', { key })).body.doNotCall).toBe(true);
      expect((await scheduledOf('dnc-0104')).map((c) => c.status)).toEqual([
        'completed',
        'cancelled',
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
      const cancelled = (await dbCalls('dnc-0104')).slice(1);
      expect(cancelled.map((r: any) => r.status_reason)).toEqual(
        Array(4).fill(`Do Not Call: asked for on call ${done.id}`),
      );
    },
  );

  it.each([
    ['atty-0105', 'attorney_representation', ['CONNECT', 'LIVE_CONNECT', 'ATTORNEY_REP']],
    ['bk-0106', 'bankruptcy', ['CONNECT', 'LIVE_CONNECT', 'RPC', 'BANKRUPTCY']],
  ])('%s: a %s restriction and outreach stops', { timeout: 120_000 }, async (id, kind, flags) => {
    const done = await settledScheduledCall(t, key, first[id]);
    expect(done.postProcessingFlags).toEqual(flags);
    const restrictions = await tables(db()).contactRestrictions().where({ company_id: companyId, customer_id: id });
    expect(restrictions.map((r: any) => [r.kind, r.source])).toEqual([[kind, 'call_outcome']]);
    expect((await scheduledOf(id)).map((c) => c.status)).toEqual([
      'completed',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    const cancelled = (await dbCalls(id)).slice(1);
    expect(cancelled.map((r: any) => r.status_reason)).toEqual(
      Array(4).fill(`Contact restriction ${kind}: reported on call ${done.id}`),
    );
    const again = await t.call('POST', '/customers/schedule/sync', {
      key,
      headers: { 'Idempotency-Key': newKey() },
      body: enrollBody({ id, loanId: 'another-loan', isTest: true }),
    });
    expect([again.status, again.body.detail.code]).toEqual([409, 'contact_restricted']);
  });

  it('provider busy (0107): two 503s, then the call is placed once', { timeout: 120_000 }, async () => {
    const done = await settledScheduledCall(t, key, first['busy-0107']);
    expect(done).toMatchObject({
      status: 'completed',
      postProcessingFlags: ['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER'],
    });
    expect(sandbox.dials()[first['busy-0107']]).toBe(1);
    const row = await tables(db()).scheduledCalls().where({ id: first['busy-0107'] }).first();
    expect(row!.dial_attempts).toBe(3);
  });

  it(
    'duplicate, out-of-order callbacks (0108): each event applied once, the call never moves backwards',
    { timeout: 120_000 },
    async () => {
      const done = await settledScheduledCall(t, key, first['dup-0108']);
      expect(done.postProcessingFlags).toEqual(['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER']);
      // Receipt and apply are asynchronous: wait until all three events are applied and no received row waits.
      const settled = async () => {
        const events = await tables(db()).callEvents().where({ call_id: done.callId }).orderBy('received_at');
        const waiting = await tables(db())
          .callbackInbox()
          .where({ scheduled_call_id: first['dup-0108'] })
          .whereNull('applied_at')
          .count({ n: '*' });
        return events.length === 3 && Number(waiting[0].n) === 0 ? events : null;
      };
      let events = await settled();
      for (let i = 0; !events && i < 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        events = await settled();
      }
      if (!events) throw new Error('the three events of the 0108 call were not all applied within 20 s');
      expect(events.map((e: any) => e.type).sort()).toEqual(['call_analyzed', 'call_ended', 'call_started']);
      // call_analyzed came first; the older events were recorded but changed nothing.
      expect(events.filter((e: any) => Boolean(e.applied)).map((e: any) => e.type)).toEqual(['call_analyzed']);
      const call = (await t.call('GET', `/calls/${done.callId}`, { key })).body;
      expect(call.flags).toEqual(['CONNECT', 'LIVE_CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER']);
      expect((await tables(db()).calls().where({ id: done.callId }).first())!.state).toBe('analyzed');
    },
  );

  it(
    'a conversation on a collections loan starts the Reg F seven-day quiet period for the later calls',
    { timeout: 120_000 },
    async () => {
      const [firstCall] = await scheduledOf('coll-0100');
      const done = await settledScheduledCall(t, key, firstCall.id);
      expect(done.postProcessingFlags).toContain('RPC');
      const later = (await scheduledOf('coll-0100')).slice(1);
      expect(later.length).toBeGreaterThan(0);
      const quietEnds = Date.parse('2026-12-15T05:00:00Z'); // 7 days after the conversation, local midnight
      for (const c of later) {
        expect(c.status).toBe('pending');
        expect(Date.parse(c.scheduledTime)).toBeGreaterThanOrEqual(quietEnds);
      }
      const reasons = await tables(db())
        .scheduledCalls()
        .where({ company_id: companyId, customer_id: 'coll-0100', status: 'pending' })
        .pluck('status_reason');
      expect(reasons.every((r) => r !== null && /regf-after-conversation/.test(r))).toBe(true);
    },
  );

  describe('bad callbacks are rejected with a 4xx and change nothing', () => {
    let body: string;
    let snapshot: () => Promise<unknown>;

    beforeAll(async () => {
      const done = await settledScheduledCall(t, key, first['vm-0101']);
      // Quiet first: the simulator's own call_analyzed received (the replay below is that delivery
      // again, so it must have arrived: on a loaded machine it can trail the recording), the late
      // call_ended applied from the inbox, the recording copied.
      await eventually(
        async () => {
          const analyzed = await tables(db())
            .callbackInbox()
            .where({ scheduled_call_id: first['vm-0101'] })
            .where('event_id', 'like', '%:call_analyzed:%') // the Retell adapter's event id: call:type:digest
            .first();
          const unapplied = await tables(db()).callbackInbox().whereNull('applied_at').count({ n: '*' });
          const recorded = await tables(db()).calls().where({ id: done.callId }).whereNotNull('recording_key').first();
          return analyzed && Number(unapplied[0].n) === 0 && recorded ? true : undefined;
        },
        45_000,
        'callbacks applied and the recording copied',
      );
      const call = await tables(db()).calls().where({ id: done.callId }).first();
      // The very delivery the simulator made (the call object get-call shows is the one it sent).
      const wire = await (
        await fetch(`${sandbox.url}/v2/get-call/${call!.provider_call_id}`, {
          headers: { Authorization: `Bearer ${SIMULATOR_DEFAULTS.apiKey}` },
        })
      ).json();
      body = JSON.stringify({ event: 'call_analyzed', call: wire });
      snapshot = async () => [
        await tables(db()).calls().where({ id: done.callId }).first(),
        await tables(db()).callEvents().count({ n: '*' }),
        await tables(db()).scheduledCalls().where({ id: first['vm-0101'] }).first(),
      ];
    }, 90_000);

    it.each([
      ['a wrong signature', () => postCallback(t, 'sandbox', body, 'not-the-secret'), 401],
      [
        'a stale timestamp',
        () => postCallback(t, 'sandbox', body, SIMULATOR_DEFAULTS.apiKey, new Date(Date.now() - 6 * 60_000)),
        401,
      ],
      ['a replayed event', () => postCallback(t, 'sandbox', body, SIMULATOR_DEFAULTS.apiKey), 409],
      ['the other provider connection', () => postCallback(t, 'live', body, LIVE.apiKey), 404],
      [
        'an unknown call',
        () =>
          postCallback(
            t,
            'sandbox',
            body.replace(first['vm-0101'], '00000000-0000-4000-8000-000000000000'),
            SIMULATOR_DEFAULTS.apiKey,
          ),
        404,
      ],
      ['malformed JSON', () => postCallback(t, 'sandbox', '{"event":', SIMULATOR_DEFAULTS.apiKey), 400],
      ['an unknown provider', () => postCallback(t, 'nobody', body, SIMULATOR_DEFAULTS.apiKey), 400],
      [
        'an applied event without a scheduled call id',
        () =>
          postCallback(
            t,
            'sandbox',
            JSON.stringify({ event: 'call_ended', call: { call_id: 'call_x', call_status: 'ended' } }),
            SIMULATOR_DEFAULTS.apiKey,
          ),
        400,
      ],
    ])('%s', async (_name, send, status) => {
      const before = await snapshot();
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: status, message: expect.any(String) });
      expect(await snapshot()).toEqual(before);
    });

    it('an authenticated event the service does not use is acknowledged (202) and changes nothing', async () => {
      const before = await snapshot();
      const unused = JSON.stringify({ event: 'transcript_updated', call: JSON.parse(body).call });
      const res = await postCallback(t, 'sandbox', unused, SIMULATOR_DEFAULTS.apiKey);
      expect(res).toEqual({ status: 202, body: { ignored: 'transcript_updated' } });
      expect(await snapshot()).toEqual(before);
      expect((await postCallback(t, 'sandbox', unused, 'not-the-key')).status).toBe(401);
    });

    it('a missing signature header is 400 (the contract requires it) and changes nothing', async () => {
      const before = await snapshot();
      const res = await t.call('POST', '/callbacks/voice/sandbox', { rawBody: body });
      expect(res.status).toBe(400);
      expect(await snapshot()).toEqual(before);
    });
  });
});
