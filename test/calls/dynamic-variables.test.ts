import Retell from 'retell-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import { SIMULATOR_DEFAULTS, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { startCallStack } from '../support/calls.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey, replaceBody } from '../support/enrollment.js';
import { eventually } from '../support/eventually.js';
import type { TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/**
 * The agent's context end to end (docs/operators/voice-provider.md#dynamic-variables): an
 * origination and a collections test customer are dialed through retell-sdk against the sandbox
 * simulator, and the simulator's call (read back with retell-sdk's `call.retrieve`) carries exactly
 * the documented variables of each purpose (the collections call's payment link too: the company has
 * a payment page). Tuesday 2026-12-08, 09:59:50 in New York.
 */
const CLOCK = '2026-12-08T14:59:50Z';
const VOICEMAIL = { businessName: 'Acme Lending', agentName: 'Sam Rivera', callbackNumber: '+12025550199' };

describe.each(DIALECTS)('dynamic variables sent to the agent on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let t: TestService;
  let sandbox: VoiceSimulator;
  let live: VoiceSimulator;
  let key: string;
  let companyId: string;
  const first: Record<string, string> = {};

  beforeAll(async () => {
    ({ sandbox, live, t } = await startCallStack(database.db, CLOCK));
    ({ apiKey: key, companyId } = await t.company());
    const config = await getCompanyConfig(database.db, companyId);
    await setCompanyConfig(database.db, companyId, {
      ...config,
      calls: { ...config.calls, voicemail: VOICEMAIL },
      paymentLinks: { urlTemplate: 'https://pay.example.com/{loanId}?amount={amount}' },
    });
    const orig = await t.call('POST', '/customers/schedule/sync', {
      key,
      headers: { 'Idempotency-Key': newKey() },
      body: enrollBody({ id: 'orig', loanId: 'loan-orig', phoneNumber: '(212) 736-5000', isTest: true }),
    });
    expect(orig.status, JSON.stringify(orig.body)).toBe(200);
    first.orig = orig.body.origination.scheduledCallId;
    const coll = await t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({
        id: 'coll',
        taskType: 'Collections',
        loanId: 'debt-1',
        firstName: 'Ada',
        timezone: 'America/New_York',
        state: 'NY',
        phoneNumber: '(212) 736-5001',
        ssnLastFour: '1234',
        isTest: true,
      }),
    });
    expect(coll.status, JSON.stringify(coll.body)).toBe(200);
    const loan = await t.call('POST', '/loans', {
      key,
      body: { id: 'debt-1', customerId: 'coll', amountDue: 412.5, dueDate: '2026-11-20' },
    });
    expect(loan.status, JSON.stringify(loan.body)).toBeLessThan(300);
    first.coll = (await tables(database.db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: 'coll', loan_id: 'debt-1' })
      .orderBy('scheduled_time')
      .first())!.id;
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

  const variablesAtSimulator = async (id: string) => {
    const row = await eventually(
      async () => {
        const r = await tables(database.db).scheduledCalls().where({ id }).first();
        return r?.provider_call_id ? r : undefined;
      },
      60_000,
      `scheduled call ${id} to be placed`,
    );
    const client = new Retell({ apiKey: SIMULATOR_DEFAULTS.apiKey, baseURL: sandbox.url, maxRetries: 0 });
    return (await client.call.retrieve(String(row.provider_call_id))).retell_llm_dynamic_variables;
  };

  it('an origination call carries the common variables and nothing of the loan', async () => {
    expect(await variablesAtSimulator(first.orig)).toEqual({
      transfer_destination: 'queue:new-lead-loan-officers',
      borrower_first_name: 'Maria',
      lender_name: 'Acme Lending',
      language: 'en',
      callback_number: '+12025550199',
    });
  });

  it('a collections call adds amount due, due date, days past due and its payment link, and never the SSN digits', async () => {
    const vars = await variablesAtSimulator(first.coll);
    const [link] = (await t.call('GET', '/customers/coll/payment-links', { key })).body.paymentLinks;
    expect(link).toMatchObject({ loanId: 'debt-1', amount: '412.50', channel: 'call', source: 'call' });
    expect(link.scheduledCallId).toBe(first.coll);
    expect(vars).toEqual({
      transfer_destination: 'queue:collections-agents',
      borrower_first_name: 'Ada',
      lender_name: 'Acme Lending',
      language: 'en',
      callback_number: '+12025550199',
      amount_due: '412.5',
      due_date: '2026-11-20',
      days_past_due: '18',
      payment_link: expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:\d+\/pay\/[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/,
      ),
    });
    expect(JSON.stringify(vars)).not.toContain('1234');
  });
});
