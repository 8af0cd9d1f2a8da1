import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutsideContactsOf } from '../../src/domain/borrowers/borrowers.js';
import { startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { validCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { NOW, replaceBody } from '../support/enrollment.js';
import { eventually } from '../support/eventually.js';
import { startTestService } from '../support/service.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

const HOUR = 3600_000;
/** A call the lender's own team placed `hoursAgo` before NOW about debt-1. */
const lenderCall = (i: number, hoursAgo: number, overrides: Record<string, unknown> = {}) => ({
  attemptId: `dialer-${i}`,
  customerId: 'outside',
  loanId: 'debt-1',
  channel: 'call',
  purpose: 'collections',
  occurredAt: new Date(NOW.getTime() - hoursAgo * HOUR).toISOString(),
  outcome: 'no_answer',
  conversation: false,
  address: '+12127365001',
  source: 'in-house-dialer',
  ...overrides,
});

/**
 * The lender reports its own calls (POST /contact-attempts/batch). Reg F's 7 calls in 7 days per
 * debt (12 CFR 1006.14(b)(2)(i)(A)) counts them: after 7 lender calls this week the service's own
 * collections call is not dialled, and the call, eligibility and the rule say why.
 */
describe.each(DIALECTS)('outside contact attempts on %s', (dialect) => {
  const { t, database } = useTestService(dialect, { now: () => NOW });
  let simulator: VoiceSimulator;
  let key: string;
  let companyId: string;
  let firstCallId: string;

  beforeAll(async () => {
    simulator = await startVoiceSimulator();
    ({ apiKey: key, companyId } = await t.company());
    const res = await t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({
        id: 'outside',
        taskType: 'Collections',
        loanId: 'debt-1',
        timezone: 'America/New_York',
        state: 'NY',
        city: 'Albany',
        zipCode: '12207',
        phoneNumber: '(212) 736-5001',
      }),
    });
    expect(res.status).toBe(200);
    firstCallId = (await tables(database.db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: 'outside', status: 'pending' })
      .orderBy('scheduled_time')
      .first())!.id;
  }, 60_000);
  afterAll(async () => {
    await simulator?.close();
  });

  const stored = () => listOutsideContactsOf(database.db, [{ companyId, customerId: 'outside' }], null);

  it('records a batch row by row: bad rows fail alone with the contract error and change nothing', async () => {
    const rows = [
      ...Array.from({ length: 7 }, (_, i) => lenderCall(i, (i + 1) * 8)),
      lenderCall(90, 1, { channel: 'fax' }),
      lenderCall(91, 1, { customerId: 'nobody' }),
      lenderCall(92, -1),
    ];
    const res = await t.call('POST', '/contact-attempts/batch', { key, body: { attempts: rows } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: 7, failed: 3 });
    expect(res.body.results[0]).toEqual({
      index: 0,
      success: true,
      message: 'Contact attempt dialer-0 (outbound call) recorded for customer outside',
    });
    expect(res.body.results.slice(7)).toEqual([
      { index: 7, success: false, error: 400, message: expect.stringMatching(/channel/) },
      { index: 8, success: false, error: 404, message: 'Customer nobody not found' },
      { index: 9, success: false, error: 400, message: expect.stringMatching(/occurredAt: .* is in the future/) },
    ]);
    expect((await stored()).map((r) => r.externalId)).toEqual([
      'dialer-6',
      'dialer-5',
      'dialer-4',
      'dialer-3',
      'dialer-2',
      'dialer-1',
      'dialer-0',
    ]);
  });

  it('is idempotent on the attempt id; other content under the same id is 409', async () => {
    const again = await t.call('POST', '/contact-attempts', { key, body: lenderCall(0, 8) });
    expect(again).toMatchObject({
      status: 200,
      body: { success: true, message: 'Contact attempt dialer-0 was already recorded; nothing changed' },
    });
    const changed = await t.call('POST', '/contact-attempts', { key, body: lenderCall(0, 9) });
    expect(changed).toMatchObject({
      status: 409,
      body: {
        error: 409,
        message: 'Contact attempt dialer-0 was already recorded with different content (occurredAt)',
      },
    });
    const invalid = await t.call('POST', '/contact-attempts', { key, body: { ...lenderCall(5, 1), outcome: 'maybe' } });
    expect(invalid.status).toBe(400);
    const unknown = await t.call('POST', '/contact-attempts', {
      key,
      body: lenderCall(6, 1, { attemptId: 'dialer-unknown', customerId: 'nobody' }),
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: 404 } });
    expect(await stored()).toHaveLength(7);
  });

  it('lists the reported contacts of a customer, oldest first (the console timeline reads it)', async () => {
    const res = await t.call('GET', '/customers/outside/contact-attempts', { key });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(7);
    expect(res.body[0]).toEqual({
      attemptId: 'dialer-6',
      customerId: 'outside',
      loanId: 'debt-1',
      channel: 'call',
      direction: 'outbound',
      purpose: 'collections',
      occurredAt: new Date(NOW.getTime() - 56 * HOUR).toISOString(),
      outcome: 'no_answer',
      conversation: false,
      address: '+12127365001',
      source: 'in-house-dialer',
      recordedAt: NOW.toISOString(),
    });
    expect((await t.call('GET', '/customers/nobody/contact-attempts', { key })).status).toBe(404);
  });

  it('eligibility counts the 7 lender calls: no collections call on debt-1 until the oldest leaves the week', async () => {
    const res = await t.call('GET', '/customers/outside/contact-eligibility?loanId=debt-1', { key });
    expect(res.status).toBe(200);
    const call = res.body.channels.find((c: { channel: string }) => c.channel === 'call');
    expect(call.allowed).toBe(false);
    expect(call.blocking).toContainEqual(
      expect.objectContaining({ rule: 'regf-call-frequency', source: 'Reg F 12 CFR 1006.14(b)(2)(i)(A)' }),
    );
    // The 7 lender calls and the service's own call planned for now.
    expect(call.budgets).toContainEqual(expect.objectContaining({ rule: 'regf-call-frequency', used: 8, limit: 7 }));
  });

  it('the 8th collections call, already planned, is not dialled and says why', { timeout: 120_000 }, async () => {
    const planned = await tables(database.db).scheduledCalls().where({ id: firstCallId }).first();
    const dueAt = new Date(Math.max(new Date(planned!.scheduled_time).getTime(), NOW.getTime()) + 60_000);
    const dispatcher = await startTestService(database.db, {
      now: () => dueAt,
      env: { OUTREACH_CALLS_DISPATCH: 'on', OUTREACH_CALLS_POLL_MS: '50', OUTREACH_VOICE_SIMULATOR_URL: simulator.url },
    });
    try {
      const moved = await eventually(
        async () => {
          const r = await tables(database.db).scheduledCalls().where({ id: firstCallId }).first();
          return r!.status_reason ? r : undefined;
        },
        60_000,
        'the dial-time decision',
      );
      expect(moved.status).toBe('pending');
      expect(moved.status_reason).toMatch(/^Moved at dial time: .*regf-call-frequency/);
      // The oldest lender call (NOW − 56 h) leaves the 7-day window (7 × 24 h + 1 h) at NOW + 113 h.
      expect(new Date(moved.scheduled_time).getTime()).toBeGreaterThanOrEqual(NOW.getTime() + 113 * HOUR);
      expect(simulator.dials()).toEqual({});
    } finally {
      await dispatcher.stop();
    }
  });

  it('a Maryland borrower texted 3 times in 24 h gets no 4th solicitation (Md. Com. Law 14-4501(d))', async () => {
    const { apiKey } = await t.company();
    const res = await t.call('POST', '/customers', {
      key: apiKey,
      body: validCustomer('md-lead', {
        phoneNumber: '(410) 736-5003',
        streetAddress1: '100 Main St',
        city: 'Annapolis',
        state: 'MD',
        zipCode: '21401',
      }),
    });
    expect(res.status).toBe(201);
    const texts = [2, 9, 16].map((h, i) => ({
      attemptId: `md-text-${i}`,
      customerId: 'md-lead',
      channel: 'sms',
      purpose: 'origination',
      occurredAt: new Date(NOW.getTime() - h * HOUR).toISOString(),
      outcome: 'delivered',
      conversation: false,
    }));
    expect(
      (await t.call('POST', '/contact-attempts/batch', { key: apiKey, body: { attempts: texts } })).body,
    ).toMatchObject({ applied: 3, failed: 0 });
    const read = await t.call('GET', '/customers/md-lead/contact-eligibility', { key: apiKey });
    expect(read.body.purpose).toBe('origination');
    for (const channel of ['sms', 'call']) {
      const entry = read.body.channels.find((c: { channel: string }) => c.channel === channel);
      expect(entry.allowed, channel).toBe(false);
      expect(entry.blocking).toContainEqual(
        expect.objectContaining({
          rule: 'state-marketing-frequency-md',
          source: expect.stringContaining('14-4501(d)'),
        }),
      );
    }
  });

  it('an inbound telephone conversation starts the quiet period but counts toward no cap', async () => {
    const { apiKey } = await t.company();
    const enrolled = await t.call('POST', '/customers/schedule/sync', {
      key: apiKey,
      body: replaceBody({ id: 'talked', taskType: 'Collections', loanId: 'debt-2', phoneNumber: '(512) 736-5002' }),
    });
    expect(enrolled.status).toBe(200);
    const res = await t.call('POST', '/contact-attempts', {
      key: apiKey,
      body: {
        attemptId: 'acd-1',
        customerId: 'talked',
        loanId: 'debt-2',
        channel: 'call',
        direction: 'inbound',
        occurredAt: new Date(NOW.getTime() - HOUR).toISOString(),
        outcome: 'connected',
        conversation: true,
      },
    });
    expect(res.status).toBe(200);
    const read = await t.call('GET', '/customers/talked/contact-eligibility?loanId=debt-2', { key: apiKey });
    const call = read.body.channels.find((c: { channel: string }) => c.channel === 'call');
    expect(call.allowed).toBe(false);
    expect(call.blocking).toContainEqual(
      expect.objectContaining({ rule: 'regf-after-conversation', source: 'Reg F 12 CFR 1006.14(b)(2)(i)(B)' }),
    );
    // Only the service's own call planned for now: the inbound call is not one placed to the customer.
    expect(call.budgets).toContainEqual(expect.objectContaining({ rule: 'regf-call-frequency', used: 1 }));
  });
});
