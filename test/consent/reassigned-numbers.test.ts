import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { RndSimulator } from '../../src/simulators/rnd/server.js';
import { startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { startLocalChannels, type LocalChannels } from '../support/channels.js';
import { DIALECTS } from '../support/databases.js';
import { replaceBody } from '../support/enrollment.js';
import { eventually } from '../support/eventually.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** 12:00 New York, 11:00 Chicago on Tuesday 2026-12-08: calls and texts are inside every window. */
const NOON = new Date('2026-12-08T17:00:00Z');
/** 01:00 Chicago the same day: a customer enrolled then has nothing due, so the dispatchers wait for the test. */
const EARLY = new Date('2026-12-08T07:00:00Z');

/**
 * The Reassigned Numbers Database before a call or text (docs/operators/compliance.md#reassigned-numbers)
 * and New York City's consent to electronic communications, end to end through the dispatchers, with
 * the RND simulator as the sandbox's database: a "yes" number is never dialled and never texted, a
 * "no" proceeds, "no data" holds, every answer is kept; a New York City collections text waits for
 * the consent to texts and goes once it is recorded.
 */
describe.each(DIALECTS)('reassigned numbers and New York City consent on %s', (dialect) => {
  const rnd = new RndSimulator();
  let voice: VoiceSimulator;
  let local: LocalChannels;
  let clock = EARLY;

  beforeAll(async () => {
    await rnd.start();
    voice = await startVoiceSimulator();
    local = await startLocalChannels();
  });
  afterAll(async () => {
    await local?.stop();
    await voice?.close();
    await rnd.stop();
  });

  const { t, database } = useTestService(dialect, () => ({
    now: () => clock,
    env: {
      ...local.env,
      OUTREACH_CALLS_DISPATCH: 'on',
      OUTREACH_CALLS_POLL_MS: '50',
      OUTREACH_VOICE_SIMULATOR_URL: voice.url,
      OUTREACH_SANDBOX_RND_URL: rnd.url,
    },
  }));
  const db = () => database.db;
  let stepIndex = 50;

  /** A company whose test customers' consent is always old enough to ask about (queryAfterDays 0), unless `config` says otherwise. */
  const company = async (consent: Record<string, unknown> = { reassignedNumbers: { queryAfterDays: 0 } }) => {
    const { apiKey: key, companyId } = await t.company();
    await setCompanyConfig(db(), companyId, {
      ...defaultCompanyConfig(),
      templates: { nudge: { body: 'Please call us about your account.' } },
      consent,
    });
    return { key, companyId };
  };

  /**
   * A collections test customer with the number, enrolled when nothing is due; its calls are moved a
   * month on, so only the one a test makes due is dialled. The clock then reads noon.
   */
  const enroll = async (key: string, phone: string, over: Record<string, unknown> = {}) => {
    const id = `rnd-${randomUUID().slice(0, 8)}`;
    clock = EARLY;
    const res = await t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({
        id,
        taskType: 'Collections',
        loanId: `debt-${id}`,
        isTest: true,
        phoneNumber: phone,
        ...over,
      }),
    });
    expect(res.status).toBe(200);
    await tables(db())
      .scheduledCalls()
      .where({ customer_id: id, status: 'pending' })
      .update({ scheduled_time: new Date(NOON.getTime() + 30 * 86_400_000).toISOString() });
    clock = NOON;
    return id;
  };

  /** Makes the customer's first pending call due now and waits until the dial-time decision is made. */
  const dial = async (companyId: string, customerId: string) => {
    const first = (await tables(db())
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: customerId, status: 'pending' })
      .orderBy('scheduled_time')
      .first())!;
    await tables(db())
      .scheduledCalls()
      .where({ id: first.id })
      .update({ scheduled_time: new Date(clock.getTime() - 60_000).toISOString() });
    return eventually(
      async () => {
        const row = (await tables(db()).scheduledCalls().where({ id: first.id }).first())!;
        const decided = row.provider_call_id || (row.status !== 'pending' && row.status !== 'dialing');
        const held = row.status === 'pending' && /^(Held|Moved)/.test(row.status_reason ?? '');
        return decided || held ? row : undefined;
      },
      30_000,
      'the dial-time decision',
    );
  };

  /** A text due now to the customer's number (collections), sent or decided by the message dispatcher. */
  const text = async (companyId: string, customerId: string) => {
    const call = (await tables(db())
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: customerId })
      .first())!;
    const id = randomUUID();
    await tables(db())
      .scheduledMessages()
      .insert({
        id,
        company_id: companyId,
        customer_id: customerId,
        schedule_id: call.schedule_id,
        loan_id: call.loan_id,
        task_type: 'Collections',
        purpose: 'collections',
        channel: 'sms',
        step: 'sms',
        step_index: ++stepIndex,
        template: 'nudge',
        scheduled_time: new Date(clock.getTime() - 60_000).toISOString(),
        status: 'pending',
        created_at: clock.toISOString(),
        updated_at: clock.toISOString(),
      });
    return waitMessage(id);
  };
  const waitMessage = (id: string) =>
    eventually(
      async () => {
        const row = (await tables(db()).scheduledMessages().where({ id }).first())!;
        const decided = row.status !== 'pending' && row.status !== 'sending';
        return decided || (row.status === 'pending' && row.status_reason) ? row : undefined;
      },
      30_000,
      'the send-time decision',
    );
  const answers = (companyId: string, customerId: string) =>
    tables(db())
      .reassignedNumberAnswers()
      .where({ company_id: companyId, customer_id: customerId })
      .orderBy('queried_at');
  const textsTo = (phone: string) => local.sms.messages.filter((m) => m.to === phone);

  it('a "yes" number is never dialled and never texted; the answer is kept and eligibility says why', async () => {
    const { key, companyId } = await company();
    const phone = '+15125550140';
    const customerId = await enroll(key, phone);
    const call = await dial(companyId, customerId);
    expect(call).toMatchObject({ status: 'skipped', provider_call_id: null });
    expect(call.status_reason).toMatch(/tcpa-reassigned-number: the Reassigned Numbers Database answered "yes"/);
    expect(voice.dials()[call.id]).toBeUndefined();
    const kept = await answers(companyId, customerId);
    expect(kept).toMatchObject([
      { phone_number: phone, answer: 'yes', database: 'sandbox', channel: 'call', subject_id: call.id },
    ]);
    expect(kept[0].consent_date).toBe(NOON.toISOString().slice(0, 10));

    // The stored "yes" stops the text too, without asking again.
    const asked = rnd.queries.length;
    const message = await text(companyId, customerId);
    expect(message).toMatchObject({ status: 'skipped' });
    expect(message.status_reason).toMatch(/tcpa-reassigned-number/);
    expect(rnd.queries.length).toBe(asked);
    expect(textsTo(phone)).toEqual([]);

    const eligibility = await t.call('GET', `/customers/${customerId}/contact-eligibility`, { key });
    expect(eligibility.status).toBe(200);
    const calls = eligibility.body.channels.find((c: any) => c.channel === 'call');
    expect(calls).toMatchObject({ allowed: false, nextAllowedAt: null });
    expect(calls.blocking.map((b: any) => b.rule)).toContain('tcpa-reassigned-number');
    const texts = eligibility.body.channels.find((c: any) => c.channel === 'sms');
    expect(texts).toMatchObject({ allowed: false, nextAllowedAt: null });
    expect(texts.blocking.map((b: any) => b.rule)).toContain('tcpa-reassigned-number');
    const decision = await tables(db()).contactDecisions().where({ subject_id: call.id }).first();
    expect(decision).toMatchObject({ verdict: 'refused' });
    expect(JSON.stringify(decision!.rules)).toContain('tcpa-reassigned-number');
  });

  it('a text to a "yes" number asks the database first and is never sent', async () => {
    const { key, companyId } = await company();
    const phone = '+12125550140';
    const customerId = await enroll(key, phone);
    const message = await text(companyId, customerId);
    expect(message).toMatchObject({ status: 'skipped' });
    expect(textsTo(phone)).toEqual([]);
    expect(await answers(companyId, customerId)).toMatchObject([
      { phone_number: phone, answer: 'yes', channel: 'sms', subject_id: message.id },
    ]);
  });

  it('"no" proceeds: the call is placed and the text sent, on the one kept answer', async () => {
    const { key, companyId } = await company();
    const phone = '+15125550141';
    const customerId = await enroll(key, phone);
    const call = await dial(companyId, customerId);
    expect(call.provider_call_id).toBeTruthy();
    const message = await text(companyId, customerId);
    // Sent (then delivered, as the simulator reports at once).
    expect(['sent', 'delivered']).toContain(message.status);
    expect(message.sent_at).toBeTruthy();
    expect(textsTo(phone)).toHaveLength(1);
    // Asked once: the fresh "no" answers the text too (ANSWER_FRESH_DAYS).
    expect(await answers(companyId, customerId)).toMatchObject([
      { phone_number: phone, answer: 'no', channel: 'call', subject_id: call.id },
    ]);
    const decision = (await tables(db()).contactDecisions().where({ subject_id: call.id }).first())!;
    const rules = (typeof decision.rules === 'string' ? JSON.parse(decision.rules) : decision.rules) as any[];
    expect(rules.find((r) => r.rule === 'tcpa-reassigned-number')).toMatchObject({
      verdict: 'pass',
      detail: expect.stringContaining('Reassigned Numbers Database: "no"'),
    });
  });

  it('"no data" holds the call for consent (the default policy); a company may proceed without the safe harbor', async () => {
    const held = await company();
    const phone = '+15125550142';
    const heldCustomer = await enroll(held.key, phone);
    const call = await dial(held.companyId, heldCustomer);
    expect(call).toMatchObject({ status: 'pending', provider_call_id: null });
    const read = await t.call('GET', `/scheduled-calls/${call.id}`, { key: held.key });
    expect(read.body.hold).toMatchObject({ reason: 'consent-required', rule: 'tcpa-reassigned-number' });
    expect((await answers(held.companyId, heldCustomer)).map((a) => a.answer)).toEqual(['no_data']);

    const proceeding = await company({ reassignedNumbers: { queryAfterDays: 0, noData: 'proceed' } });
    const customerId = await enroll(proceeding.key, '+13125550142');
    expect((await dial(proceeding.companyId, customerId)).provider_call_id).toBeTruthy();
    expect((await answers(proceeding.companyId, customerId)).map((a) => a.answer)).toEqual(['no_data']);
  });

  it('an unreachable database moves the call a few minutes on, asked again then; nothing is kept', async () => {
    const { key, companyId } = await company();
    const customerId = await enroll(key, '+15125550144');
    const call = await dial(companyId, customerId);
    expect(call).toMatchObject({ status: 'pending', provider_call_id: null });
    expect(call.status_reason).toMatch(
      /^Moved at dial time: Reassigned Numbers Database unavailable: the RND answered 503/,
    );
    expect(new Date(call.scheduled_time).getTime()).toBe(NOON.getTime() + 5 * 60_000);
    expect(await answers(companyId, customerId)).toEqual([]);
  });

  it('consent younger than queryAfterDays (default 45) is not asked about', async () => {
    const { key, companyId } = await company({});
    const phone = '+16175550140';
    const customerId = await enroll(key, phone);
    const call = await dial(companyId, customerId);
    expect(call.provider_call_id).toBeTruthy();
    expect(rnd.queries.some((q) => q.tn === '6175550140')).toBe(false);
    expect(await answers(companyId, customerId)).toEqual([]);
  });

  it('a New York City collections text waits for the consent to texts, and goes once it is recorded', async () => {
    const { key, companyId } = await company({});
    const phone = '+12127365088';
    // A real customer: test customers are exempt, as from the law floor of calls.
    const customerId = await enroll(key, phone, {
      isTest: false,
      timezone: 'America/New_York',
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
    });
    const message = await text(companyId, customerId);
    expect(message).toMatchObject({ status: 'pending' });
    expect(message.status_reason).toMatch(/^consent-required: nyc-electronic-consent-required: /);
    expect(textsTo(phone)).toEqual([]);
    const eligibility = await t.call('GET', `/customers/${customerId}/contact-eligibility`, { key });
    const sms = eligibility.body.channels.find((c: any) => c.channel === 'sms');
    expect(sms).toMatchObject({ allowed: false });
    expect(sms.blocking.map((b: any) => b.rule)).toContain('nyc-electronic-consent-required');

    const granted = await t.call('PUT', `/customers/${customerId}/consents`, {
      key,
      body: {
        events: [{ action: 'grant', address: phone, channel: 'sms', type: 'express', source: 'borrower_portal' }],
      },
    });
    expect(granted.status).toBe(200);
    // Recording the consent releases the held text: it is due again at once, and goes.
    const sent = await eventually(
      async () => {
        const row = (await tables(db()).scheduledMessages().where({ id: message.id }).first())!;
        return row.sent_at ? row : undefined;
      },
      30_000,
      'the released text',
    );
    expect(sent.recipient).toBe(phone);
    expect(textsTo(phone)).toHaveLength(1);
  });
});
