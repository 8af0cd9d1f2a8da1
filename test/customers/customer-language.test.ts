import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
import { dialScheduledCalls } from '../../src/domain/calls/dial.js';
import type { VoiceProvider } from '../../src/domain/ports/voice-provider.js';
import { recordAgentVersion } from '../../src/store/calls/agent-versions.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { startLocalChannels } from '../support/channels.js';
import { validCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { enrollBody, NOW, replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** 11:00 in Chicago on the test Tuesday: the texts below are due then. */
const ELEVEN = new Date('2026-12-08T17:00:00Z');

const channelsByDialect = new Map(
  await Promise.all(DIALECTS.map(async (d) => [d, await startLocalChannels()] as const)),
);
afterAll(async () => {
  for (const c of channelsByDialect.values()) await c.stop();
});

describe.each(DIALECTS)("the borrower's language on %s", (dialect) => {
  const local = channelsByDialect.get(dialect)!;
  let clock = NOW;
  const suite = useTestService(dialect, { now: () => clock, env: local.env });
  let key: string;
  let companyId: string;

  async function configure(extra: { defaultLanguage?: 'en' | 'es' } = {}) {
    const config = defaultCompanyConfig();
    await setCompanyConfig(suite.database.db, companyId, {
      ...config,
      ...extra,
      taskTypes: config.taskTypes.map((t) =>
        t.name === 'Collections'
          ? { ...t, messages: [{ id: 's', channel: 'sms' as const, day: 0, at: '11:00', template: 'n' }] }
          : t,
      ),
      templates: {
        n: {
          body: 'Hi {{customer.firstName}}, please call us.',
          languages: { es: { body: 'Hola {{customer.firstName}}, por favor llámenos.' } },
        },
      },
    });
  }

  beforeEach(async () => {
    clock = NOW;
    ({ apiKey: key, companyId } = await suite.t.company());
    await configure();
  });

  it('POST and PUT keep the tag as sent; a value that is no tag-sized string is ignored, never a 400', async () => {
    const created = await suite.t.call('POST', '/customers', {
      key,
      body: validCustomer('c-es', { language: 'es-MX' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'c-es', language: 'es-MX' });
    expect((await suite.t.call('GET', '/customers/c-es', { key })).body).toMatchObject({ language: 'es-MX' });
    // An unsupported tag is kept as sent too.
    const updated = await suite.t.call('PUT', '/customers/c-es', { key, body: { language: 'tlh' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ language: 'tlh' });

    for (const [id, language] of [
      ['c-num', 12345],
      ['c-long', 'x'.repeat(36)],
      ['c-obj', { tag: 'es' }],
      ['c-empty', '  '],
    ] as const) {
      const res = await suite.t.call('POST', '/customers', { key, body: validCustomer(id, { language }) });
      expect(res.status).toBe(201);
      expect(res.body).not.toHaveProperty('language');
    }
    const [stored] = await tables(suite.database.db).customers().where({ company_id: companyId, id: 'c-num' });
    expect(stored.language).toBeNull();
  });

  async function syncCustomer(id: string, overrides: Record<string, unknown>) {
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({ id, taskType: 'Collections', isTest: true, ...overrides }),
    });
    expect(res.status).toBe(200);
  }
  const scheduledCalls = async (id: string) => {
    const res = await suite.t.call('GET', `/scheduled-calls/customer/${id}`, { key });
    expect(res.status).toBe(200);
    return res.body as Array<Record<string, unknown>>;
  };

  it("an unsupported tag falls back to the company's default language, and each scheduled call says so", async () => {
    await syncCustomer('c-fr', { language: 'fr-CA', phoneNumber: '(512) 555-0171' });
    const calls = await scheduledCalls('c-fr');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls)
      expect(call.languageReason).toEqual({
        rule: 'language-fallback',
        source: 'Customer language (BCP 47, RFC 5646) and company configuration defaultLanguage',
        detail: 'language "fr-CA" is not supported (supported: en, es): the company default "en" is used',
      });
    await syncCustomer('c-mx', { language: 'es-MX', phoneNumber: '(512) 555-0172' });
    await syncCustomer('c-none', { phoneNumber: '(512) 555-0173' });
    for (const id of ['c-mx', 'c-none'])
      for (const call of await scheduledCalls(id)) expect(call).not.toHaveProperty('languageReason');
    // Enroll mode takes the field too (its schema allowed no unknown field: accepting one breaks nobody).
    const enrolled = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: enrollBody({ id: 'c-de', loanId: 'loan-de', language: 'de', phoneNumber: '(512) 555-0178' }),
      headers: { 'Idempotency-Key': 'enroll-c-de' },
    });
    expect(enrolled.status).toBe(200);
    const [first] = await scheduledCalls('c-de');
    expect(first.languageReason).toMatchObject({ rule: 'language-fallback', detail: expect.stringContaining('"de"') });
  });

  it('a Spanish-speaking borrower is texted in Spanish, with the opt-out notice in Spanish; others in English', async () => {
    await syncCustomer('c-text-es', { language: 'es-MX', phoneNumber: '(512) 555-0174' });
    await syncCustomer('c-text-en', { phoneNumber: '(512) 555-0175' });
    await syncCustomer('c-text-fr', { language: 'fr', phoneNumber: '(512) 555-0176' });
    clock = ELEVEN;
    const bodyTo = (to: string) => eventually(async () => local.sms.messages.find((m) => m.to === to)?.body);
    expect(await bodyTo('+15125550174')).toBe(
      'Hola Ada, por favor llámenos.\nResponda STOP para no recibir más mensajes.',
    );
    expect(await bodyTo('+15125550175')).toBe('Hi Ada, please call us.\nReply STOP to opt out.');
    expect(await bodyTo('+15125550176')).toBe('Hi Ada, please call us.\nReply STOP to opt out.');
  });

  it('a company whose default language is Spanish texts a borrower without a language in Spanish', async () => {
    await configure({ defaultLanguage: 'es' });
    await syncCustomer('c-default', { phoneNumber: '(512) 555-0177' });
    clock = ELEVEN;
    expect(await eventually(async () => local.sms.messages.find((m) => m.to === '+15125550177')?.body)).toBe(
      'Hola Ada, por favor llámenos.\nResponda STOP para no recibir más mensajes.',
    );
  });

  it('a Spanish-speaking borrower is called by the Spanish agent (its published version pinned); others by the English one', async () => {
    const db = suite.database.db;
    const config = await getCompanyConfig(db, companyId);
    await setCompanyConfig(db, companyId, {
      ...config,
      calls: {
        agents: {
          ...Object.fromEntries(config.taskTypes.map((t) => [t.name, 'agent_en'])),
          Collections: { en: 'agent_en', es: 'agent_es' },
        },
      },
    });
    await recordAgentVersion(db, {
      companyId,
      agentId: 'agent_en',
      publishedVersion: 3,
      publishedAt: NOW.toISOString(),
    });
    await recordAgentVersion(db, {
      companyId,
      agentId: 'agent_es',
      publishedVersion: 5,
      publishedAt: NOW.toISOString(),
    });
    await syncCustomer('c-call-es', { language: 'es-MX', isTest: false, phoneNumber: '(512) 555-0181' });
    await syncCustomer('c-call-en', { isTest: false, phoneNumber: '(512) 555-0182' });
    const placed: Array<{ to: string; agent: string; agentVersion?: number }> = [];
    const live = {
      name: 'live',
      createCall: async (r: { to: string; agent: string; agentVersion?: number }) => {
        placed.push({ to: r.to, agent: r.agent, agentVersion: r.agentVersion });
        return { providerCallId: `call_${r.to}` };
      },
      findCall: async () => ({ kind: 'none' }),
    } as unknown as VoiceProvider;
    const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as CallServices['log'];
    for (const id of ['c-call-es', 'c-call-en']) {
      const call = await tables(db)
        .scheduledCalls()
        .where({ company_id: companyId, customer_id: id, status: 'pending' })
        .orderBy('scheduled_time')
        .first();
      await tables(db).scheduledCalls().where({ id: call!.id }).update({ status: 'dialing' });
      const services: CallServices = {
        db,
        now: () => new Date(call!.scheduled_time),
        log,
        voice: { live, sandbox: live },
        recordings: {} as CallServices['recordings'],
        queue: {} as CallServices['queue'],
        settings: {
          publicBaseUrl: 'http://127.0.0.1:9',
          fromNumber: '+12025550199',
          signingSecret: 'x'.repeat(32),
          dialLeaseMs: 60_000,
          maxCallbacksInFlight: 8,
        },
      };
      expect(await dialScheduledCalls(services, [{ scheduledCallId: String(call!.id), companyId }], [false])).toEqual([
        { outcome: 'placed' },
      ]);
    }
    expect(placed).toEqual([
      { to: '+15125550181', agent: 'agent_es', agentVersion: 5 },
      { to: '+15125550182', agent: 'agent_en', agentVersion: 3 },
    ]);
  });
});
