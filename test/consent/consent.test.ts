import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCustomer } from '../support/customers.js';
import { SANDBOX_FROM, startLocalChannels, type LocalChannels } from '../support/channels.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey, NOW, replaceBody } from '../support/enrollment.js';
import { eventually } from '../support/eventually.js';
import { startTestService, type TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { applyCallEffects } from '../../src/domain/calls/apply-effects.js';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { optOutEmail, optOutToken } from '../../src/domain/messages/email-opt-out.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { getCustomer } from '../../src/store/borrowers/customers.js';
import { getScheduledCall } from '../../src/store/scheduled-calls/scheduled-calls.js';
import { startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';

/** 11:00 Chicago on Tuesday 2026-12-08: the collections text goes; calls are inside every window. */
const ELEVEN = new Date('2026-12-08T17:00:00Z');

/** Collections with a text at 11:00 (so the company has texted the number an inbound STOP comes from). */
const texting = () => ({
  ...defaultCompanyConfig(),
  taskTypes: defaultCompanyConfig().taskTypes.map((t) =>
    t.name === 'Collections'
      ? { ...t, messages: [{ id: 'nudge', channel: 'sms' as const, day: 0, at: '11:00', template: 'nudge' }] }
      : t,
  ),
  templates: { nudge: { body: 'Hi {{customer.firstName}}, please call us about your account.' } },
});

/** New leads need prior express written consent, and a supplied number carries none. */
const written = () => ({
  ...defaultCompanyConfig(),
  consent: { taskTypes: { PendingLoanNewLead: { suppliedNumbers: 'none', required: 'express_written' } } },
});

/**
 * The TCPA consent ledger (docs/partners/consent.md): a revocation by any reasonable means stops
 * calls at once, a company requiring written consent calls only numbers that have it, and partners
 * record and read consent through PUT/GET /customers/{customerId}/consents.
 */
describe.each(DIALECTS)('consent and revocation on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let local: LocalChannels;
  let simulator: VoiceSimulator;
  let planner: TestService;
  let clock = NOW;

  beforeAll(async () => {
    local = await startLocalChannels();
    simulator = await startVoiceSimulator();
    planner = await startTestService(database.db, { now: () => clock, env: local.env });
  }, 90_000);

  afterAll(async () => {
    await planner?.stop();
    await simulator?.close();
    await local?.stop();
  });

  const db = () => database.db;
  const calls = (companyId: string, customerId: string) =>
    tables(db()).scheduledCalls().where({ company_id: companyId, customer_id: customerId }).orderBy('scheduled_time');
  /** Makes the customer's first pending call due at `at` and runs a dispatcher whose clock says `at` until it is decided. */
  const dialAt = async (companyId: string, customerIds: string[], at: Date) => {
    const ids: string[] = [];
    for (const customerId of customerIds) {
      const first = (await calls(companyId, customerId)).find((c: any) => c.status === 'pending');
      await tables(db())
        .scheduledCalls()
        .where({ id: first!.id })
        .update({ scheduled_time: new Date(at.getTime() - 60_000).toISOString() });
      ids.push(first!.id);
    }
    const dispatcher = await startTestService(db(), {
      now: () => at,
      env: { OUTREACH_CALLS_DISPATCH: 'on', OUTREACH_CALLS_POLL_MS: '50', OUTREACH_VOICE_SIMULATOR_URL: simulator.url },
    });
    try {
      return await eventually(
        async () => {
          const rows = await tables(db()).scheduledCalls().whereIn('id', ids);
          return rows.every((r: any) => r.status !== 'pending' && r.status !== 'dialing') ||
            rows.some((r: any) => r.provider_call_id)
            ? ids
            : undefined;
        },
        60_000,
        'dial-time decisions',
      );
    } finally {
      await dispatcher.stop();
    }
  };

  it(
    'an SMS STOP revokes consent in the request that records it: the ledger has it and a due call to the number is skipped',
    { timeout: 150_000 },
    async () => {
      clock = NOW;
      const { apiKey: key, companyId } = await planner.company();
      await setCompanyConfig(db(), companyId, texting());
      const customerId = `cust-${randomUUID().slice(0, 8)}`;
      const phone = '+15125550177';
      const sync = await planner.call('POST', '/customers/schedule/sync', {
        key,
        body: replaceBody({ id: customerId, taskType: 'Collections', isTest: true, phoneNumber: phone }),
      });
      expect(sync.status).toBe(200);
      clock = ELEVEN;
      await eventually(
        async () =>
          (
            await tables(db())
              .scheduledMessages()
              .where({ company_id: companyId, recipient: phone })
              .whereNotNull('sent_at')
          ).length === 1,
        60_000,
        'the text',
      );

      expect(await local.sms.inbound({ From: phone, To: SANDBOX_FROM, Body: 'STOP' })).toBe(204);
      // Committed with the opt-out, before the webhook answered: calls and texts of the number are revoked.
      const ledger = await tables(db())
        .consentEvents()
        .where({ company_id: companyId, address: phone })
        .orderBy('channel');
      expect(ledger.map((e: any) => [e.channel, e.kind, e.source])).toEqual([
        ['call', 'revoke', 'inbound_text'],
        ['sms', 'revoke', 'inbound_text'],
      ]);
      const read = await planner.call('GET', `/customers/${customerId}/consents`, { key });
      expect(read.status).toBe(200);
      expect(read.body.current.find((c: any) => c.channel === 'call')).toMatchObject({
        address: phone,
        state: 'revoked',
        revocationSource: 'inbound_text',
      });
      const eligibility = await planner.call('GET', `/customers/${customerId}/contact-eligibility`, { key });
      expect(
        eligibility.body.channels.find((c: any) => c.channel === 'call').blocking.map((b: any) => b.rule),
      ).toContain('tcpa-consent-revoked');

      const [id] = await dialAt(companyId, [customerId], new Date(ELEVEN.getTime() + 5 * 60_000));
      const call = await planner.call('GET', `/scheduled-calls/${id}`, { key });
      expect(call.body).toMatchObject({
        status: 'skipped',
        endReason: { rule: 'tcpa-consent-revoked', source: expect.stringContaining('47 CFR 64.1200(a)(10)') },
      });
      expect(call.body.endReason.detail).toContain(`consent to calls to ${phone} revoked`);
      expect(simulator.dials()[id]).toBeUndefined();
    },
  );

  it(
    'a reply in the borrower\'s words revokes at once ("please stop calling me", "deja de llamarme"); "can you stop by the branch?" does not (47 CFR 64.1200(a)(10))',
    { timeout: 150_000 },
    async () => {
      clock = NOW;
      const { apiKey: key, companyId } = await planner.company();
      await setCompanyConfig(db(), companyId, texting());
      const phones = { en: '+15125550171', es: '+15125550172', negative: '+15125550173' };
      for (const [k, phone] of Object.entries(phones)) {
        const sync = await planner.call('POST', '/customers/schedule/sync', {
          key,
          body: replaceBody({ id: `words-${k}`, taskType: 'Collections', isTest: true, phoneNumber: phone }),
        });
        expect(sync.status).toBe(200);
      }
      clock = ELEVEN;
      await eventually(
        async () =>
          (
            await tables(db())
              .scheduledMessages()
              .where({ company_id: companyId })
              .whereIn('recipient', Object.values(phones))
              .whereNotNull('sent_at')
          ).length === 3,
        60_000,
        'the three texts',
      );
      expect(await local.sms.inbound({ From: phones.en, To: SANDBOX_FROM, Body: 'Please stop calling me' })).toBe(204);
      expect(await local.sms.inbound({ From: phones.es, To: SANDBOX_FROM, Body: 'Deja de llamarme, por favor' })).toBe(
        204,
      );
      expect(
        await local.sms.inbound({ From: phones.negative, To: SANDBOX_FROM, Body: 'can you stop by the branch?' }),
      ).toBe(204);
      const ledger = await tables(db())
        .consentEvents()
        .where({ company_id: companyId })
        .orderBy(['address', 'channel']);
      // The evidence names the rule that read it and the provider's message id.
      expect(ledger.map((e: any) => [e.address, e.channel, e.kind, e.evidence_ref])).toEqual([
        [phones.en, 'call', 'revoke', expect.stringMatching(/^SMS words:stop-contact SM\w+$/)],
        [phones.en, 'sms', 'revoke', expect.stringMatching(/^SMS words:stop-contact SM\w+$/)],
        [phones.es, 'call', 'revoke', expect.stringMatching(/^SMS words:es-deja-de SM\w+$/)],
        [phones.es, 'sms', 'revoke', expect.stringMatching(/^SMS words:es-deja-de SM\w+$/)],
      ]);
      for (const k of ['en', 'negative'] as const) {
        const eligibility = await planner.call('GET', `/customers/words-${k}/contact-eligibility`, { key });
        const rules = eligibility.body.channels
          .filter((c: any) => c.channel === 'call' || c.channel === 'sms')
          .flatMap((c: any) => c.blocking.map((b: any) => b.rule));
        if (k === 'en') expect(rules).toContain('tcpa-consent-revoked');
        else expect(rules).not.toContain('tcpa-consent-revoked');
      }
    },
  );

  it(
    'a company requiring written consent calls no number without it, and calls once the partner records it',
    { timeout: 150_000 },
    async () => {
      clock = NOW;
      const { apiKey: key, companyId } = await planner.company();
      await setCompanyConfig(db(), companyId, written());
      const ids = { none: 'w-none', express: 'w-express', written: 'w-written' };
      const phones = { none: '(212) 736-5010', express: '(212) 736-5011', written: '(212) 736-5012' };
      for (const k of ['none', 'express', 'written'] as const) {
        const res = await planner.call('POST', '/customers/schedule/sync', {
          key,
          headers: { 'Idempotency-Key': newKey() },
          body: enrollBody({ id: ids[k], loanId: `loan-${k}`, phoneNumber: phones[k], isTest: true }),
        });
        expect(res.status).toBe(200);
      }
      const grant = (customerId: string, phone: string, type: string) =>
        planner.call('PUT', `/customers/${customerId}/consents`, {
          key,
          body: {
            events: [
              {
                action: 'grant',
                address: phone,
                channel: 'call',
                type,
                source: 'web_form',
                capturedAt: '2026-12-01T15:00:00Z',
                evidenceRef: 'form-1',
              },
            ],
          },
        });
      expect((await grant(ids.express, phones.express, 'express')).status).toBe(200);
      const recorded = await grant(ids.written, phones.written, 'express_written');
      expect(recorded.status).toBe(200);
      expect(recorded.body.current.find((c: any) => c.channel === 'call').basis).toMatchObject({
        origin: 'recorded',
        type: 'express_written',
        source: 'web_form',
        evidenceRef: 'form-1',
      });

      const decided = await dialAt(
        companyId,
        [ids.none, ids.express, ids.written],
        new Date(NOW.getTime() + 5 * 60_000),
      );
      await eventually(
        async () =>
          (
            await tables(db())
              .scheduledCalls()
              .whereIn('id', decided)
              .where('status', 'dialing')
              .whereNull('provider_call_id')
          ).length === 0,
        60_000,
        'all three decided',
      );
      const [none, express, placed] = await Promise.all(
        decided.map((id) => planner.call('GET', `/scheduled-calls/${id}`, { key })),
      );
      // Lacking the consent its task type needs, a call is held (still pending, the contract's status), not ended.
      expect(none.body).toMatchObject({
        status: 'pending',
        hold: { reason: 'consent-required', rule: 'tcpa-consent-required' },
      });
      expect(express.body).toMatchObject({
        status: 'pending',
        hold: {
          reason: 'consent-required',
          rule: 'tcpa-written-consent-required',
          source: expect.stringContaining('47 CFR 64.1200(a)(2)'),
        },
      });
      expect(placed.body.status).not.toBe('skipped');
      expect(placed.body.hold).toBeUndefined();
      expect(Object.keys(simulator.dials())).toContain(decided[2]);
      expect(Object.keys(simulator.dials())).not.toContain(decided[0]);
      expect(Object.keys(simulator.dials())).not.toContain(decided[1]);
    },
  );

  /** Runs a dispatcher whose clock says `at` until `done` holds of the scheduled calls `ids`. */
  const dispatchUntil = async (at: Date, ids: string[], done: (rows: any[]) => boolean, what: string) => {
    const dispatcher = await startTestService(db(), {
      now: () => at,
      env: { OUTREACH_CALLS_DISPATCH: 'on', OUTREACH_CALLS_POLL_MS: '50', OUTREACH_VOICE_SIMULATOR_URL: simulator.url },
    });
    try {
      await eventually(async () => done(await tables(db()).scheduledCalls().whereIn('id', ids)), 60_000, what);
    } finally {
      await dispatcher.stop();
    }
  };

  it(
    'an AI origination call to a lead without written consent: enrollment answers scheduled, the call is held and says why, and goes once consent with evidence is recorded (47 CFR 64.1200(a)(2), FCC 24-17)',
    { timeout: 150_000 },
    async () => {
      clock = NOW;
      const { apiKey: key, companyId } = await planner.company(); // default configuration: nothing configured about consent
      const phones = { api: '(212) 736-5031', attested: '(212) 736-5032' };
      const enrolled: Record<string, string> = {};
      for (const k of ['api', 'attested'] as const) {
        const res = await planner.call('POST', '/customers/schedule/sync', {
          key,
          headers: { 'Idempotency-Key': newKey() },
          body: enrollBody({ id: `lead-${k}`, loanId: `loan-lead-${k}`, phoneNumber: phones[k] }),
        });
        // The partner contract does not change: 200 scheduled with its receipt.
        expect(res.status).toBe(200);
        expect(res.body.origination).toMatchObject({ status: 'scheduled', customerId: `lead-${k}` });
        enrolled[k] = res.body.origination.scheduledCallId;
      }
      const eligibility = await planner.call('GET', '/customers/lead-api/contact-eligibility', { key });
      expect(eligibility.body.channels.find((c: any) => c.channel === 'call').blocking).toContainEqual(
        expect.objectContaining({
          rule: 'tcpa-written-consent-required',
          detail: expect.stringMatching(/^consent-required: /),
        }),
      );
      const consents = await planner.call('GET', '/customers/lead-api/consents', { key });
      expect(consents.body.current.find((c: any) => c.channel === 'call').basis).toMatchObject({
        origin: 'company-default',
        type: 'express',
        source: 'application',
      });

      // Due: the dispatcher holds both calls and places nothing.
      const first = new Date(NOW.getTime() + 5 * 60_000);
      const ids = [enrolled.api, enrolled.attested];
      await tables(db())
        .scheduledCalls()
        .whereIn('id', ids)
        .update({ scheduled_time: new Date(first.getTime() - 60_000).toISOString() });
      await dispatchUntil(
        first,
        ids,
        (rows) =>
          rows.every((r) => r.status === 'pending' && String(r.status_reason).startsWith('Held at dial time: ')),
        'both held',
      );
      const held = await planner.call('GET', `/scheduled-calls/${enrolled.api}`, { key });
      expect(held.body).toMatchObject({
        status: 'pending',
        hold: {
          reason: 'consent-required',
          rule: 'tcpa-written-consent-required',
          source: expect.stringContaining('47 CFR 64.1200(a)(2)'),
          detail: expect.stringContaining('origination calls by an AI voice need express written consent'),
        },
      });
      // Looked at again a day later unless consent arrives first.
      expect(held.body.scheduledTime).toBe(new Date(first.getTime() + 24 * 3_600_000).toISOString());
      expect(simulator.dials()[enrolled.api]).toBeUndefined();
      expect(simulator.dials()[enrolled.attested]).toBeUndefined();

      // A written grant without its evidence is a bad request and records nothing.
      clock = new Date(NOW.getTime() + 10 * 60_000);
      const grant = (over: Record<string, unknown>) =>
        planner.call('PUT', '/customers/lead-api/consents', {
          key,
          body: {
            events: [
              {
                action: 'grant',
                address: phones.api,
                channel: 'call',
                type: 'express_written',
                source: 'web_form',
                ...over,
              },
            ],
          },
        });
      for (const missing of [{ capturedAt: '2026-12-01T15:00:00Z' }, { evidenceRef: 'esign-1' }]) {
        const bad = await grant(missing);
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ error: 400, message: expect.stringContaining('capturedAt and evidenceRef') });
      }
      expect(await tables(db()).consentEvents().where({ company_id: companyId })).toHaveLength(0);
      expect((await tables(db()).scheduledCalls().where({ id: enrolled.api }).first())!.status_reason).toMatch(
        /^Held at dial time: /,
      );

      // With its evidence: recorded, and the held call is due again now (planned as usual by the dial-time check).
      const ok = await grant({ capturedAt: '2026-12-01T15:00:00Z', evidenceRef: 'esign-1' });
      expect(ok.status).toBe(200);
      const released = await planner.call('GET', `/scheduled-calls/${enrolled.api}`, { key });
      expect(released.body).toMatchObject({ status: 'pending', scheduledTime: clock.toISOString() });
      expect(released.body.hold).toBeUndefined();
      // The other lead is untouched by this customer's consent.
      expect((await planner.call('GET', `/scheduled-calls/${enrolled.attested}`, { key })).body.hold).toBeDefined();

      const second = new Date(NOW.getTime() + 15 * 60_000);
      await dispatchUntil(second, [enrolled.api], (rows) => rows[0].provider_call_id !== null, 'the call placed');
      expect(simulator.dials()[enrolled.api]).toBe(1);
      expect(simulator.dials()[enrolled.attested]).toBeUndefined();
      const decision = await tables(db())
        .contactDecisions()
        .where({ company_id: companyId, subject_id: enrolled.api, verdict: 'allowed' })
        .first();
      expect(decision).toBeDefined();

      // The company attests written consent in its application flow: the other lead's call is released and goes.
      await setCompanyConfig(
        db(),
        companyId,
        { ...defaultCompanyConfig(), consent: { attestation: { form: 'application-consent', version: 'v3' } } },
        undefined,
        second,
      );
      const attested = await planner.call('GET', '/customers/lead-attested/consents', { key });
      expect(attested.body.current.find((c: any) => c.channel === 'call').basis).toMatchObject({
        origin: 'attestation',
        type: 'express_written',
        evidenceRef: 'application-consent@v3',
      });
      await dispatchUntil(
        new Date(NOW.getTime() + 20 * 60_000),
        [enrolled.attested],
        (rows) => rows[0].provider_call_id !== null,
        'the attested call placed',
      );
      expect(simulator.dials()[enrolled.attested]).toBe(1);
    },
  );

  it('PUT and GET consents: company-scoped, validated, append-only and idempotent', async () => {
    clock = NOW;
    const a = await planner.company();
    const b = await planner.company();
    const customer = validCustomer('c-api', { phoneNumber: '(512) 555-0143', email: 'Ada@Example.com' });
    expect((await planner.call('POST', '/customers', { key: a.apiKey, body: customer })).status).toBe(201);
    const put = (key: string, body: unknown, id = 'c-api') =>
      planner.call('PUT', `/customers/${id}/consents`, { key, body });
    const revoke = {
      events: [
        {
          action: 'revoke',
          address: '+1 512 555 0143',
          channel: 'call',
          source: 'api',
          capturedAt: '2026-12-02T09:00:00Z',
        },
      ],
    };

    expect((await planner.call('GET', '/customers/c-api/consents', { key: b.apiKey })).status).toBe(404);
    expect((await put(b.apiKey, revoke)).status).toBe(404);
    expect((await put(a.apiKey, {})).status).toBe(400);
    expect((await put(a.apiKey, { events: [{ ...revoke.events[0], channel: 'fax' }] })).status).toBe(400);
    const unprocessable = [
      { action: 'grant', address: '+15125550199', channel: 'call', type: 'express', source: 'api' },
      { action: 'grant', address: '+15125550143', channel: 'email', type: 'express', source: 'api' },
      { action: 'grant', address: '+15125550143', channel: 'call', source: 'api' },
      { action: 'revoke', address: 'ada@example.com', channel: 'email', type: 'express', source: 'api' },
      {
        action: 'grant',
        address: '+15125550143',
        channel: 'sms',
        type: 'express',
        source: 'api',
        capturedAt: '2027-01-01T00:00:00Z',
      },
    ];
    for (const event of unprocessable) {
      const res = await put(a.apiKey, { events: [event] });
      expect(res.status, JSON.stringify(event)).toBe(422);
      expect(res.body).toEqual({ error: 422, message: expect.stringMatching(/^events\[0\]: /) });
    }
    expect(await tables(db()).consentEvents().where({ company_id: a.companyId })).toHaveLength(0);

    const first = await put(a.apiKey, revoke);
    expect(first.status).toBe(200);
    // A revocation by API stops calls and texts of the number (the default scope); email is untouched.
    expect(first.body.current.map((c: any) => [c.address, c.channel, c.state])).toEqual([
      ['+15125550143', 'call', 'revoked'],
      ['+15125550143', 'sms', 'revoked'],
      ['ada@example.com', 'email', 'not_recorded'],
    ]);
    expect((await put(a.apiKey, revoke)).body.events).toHaveLength(2); // the repeat appended nothing
    const read = await planner.call('GET', '/customers/c-api/consents', { key: a.apiKey });
    expect(read.body.events.map((e: any) => [e.action, e.channel, e.source, e.capturedAt])).toEqual([
      ['revoke', 'call', 'api', '2026-12-02T09:00:00.000Z'],
      ['revoke', 'sms', 'api', '2026-12-02T09:00:00.000Z'],
    ]);
    // Another company's ledger of the same number is its own.
    expect(await tables(db()).consentEvents().where({ company_id: b.companyId })).toHaveLength(0);
  });

  it('a DNC request on a call and the email opt-out link revoke too; revocationScope channel keeps a revocation to its channel', async () => {
    clock = NOW;
    const { apiKey: key, companyId } = await planner.company();
    const res = await planner.call('POST', '/customers/schedule/sync', {
      key,
      headers: { 'Idempotency-Key': newKey() },
      body: enrollBody({ id: 'r-dnc', loanId: 'loan-dnc', phoneNumber: '(212) 736-5020' }),
    });
    expect(res.status).toBe(200);
    expect((await planner.call('PUT', '/customers/r-dnc', { key, body: { email: 'R.Dnc@example.com' } })).status).toBe(
      200,
    );
    const call = (await getScheduledCall(db(), companyId, res.body.origination.scheduledCallId))!;
    const customer = (await getCustomer(db(), companyId, 'r-dnc'))!;
    await db().transaction((trx) =>
      applyCallEffects({ db: trx, config: defaultCompanyConfig(), customer, call, now: NOW }, ['CONNECT', 'DNC']),
    );
    const events = () => tables(db()).consentEvents().where({ company_id: companyId }).orderBy(['address', 'channel']);
    expect((await events()).map((e: any) => [e.address, e.channel, e.kind, e.source])).toEqual([
      ['+12127365020', 'call', 'revoke', 'call'],
      ['+12127365020', 'sms', 'revoke', 'call'],
    ]);

    // The link revokes the address and the numbers of the company's customers with it.
    await tables(db()).consentEvents().where({ company_id: companyId }).delete();
    await optOutEmail(db(), 'secret', optOutToken('secret', companyId, 'r.dnc@example.com'), NOW);
    expect((await events()).map((e: any) => [e.address, e.channel, e.source])).toEqual([
      ['+12127365020', 'call', 'email_unsubscribe'],
      ['+12127365020', 'sms', 'email_unsubscribe'],
      ['r.dnc@example.com', 'email', 'email_unsubscribe'],
    ]);

    await tables(db()).consentEvents().where({ company_id: companyId }).delete();
    await setCompanyConfig(db(), companyId, { ...defaultCompanyConfig(), consent: { revocationScope: 'channel' } });
    const put = await planner.call('PUT', '/customers/r-dnc/consents', {
      key,
      body: { events: [{ action: 'revoke', address: '(212) 736-5020', channel: 'sms', source: 'api' }] },
    });
    expect(put.body.current.map((c: any) => [c.channel, c.state])).toEqual([
      ['call', 'granted'],
      ['sms', 'revoked'],
      ['email', 'not_recorded'],
    ]);
  });
});
