import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCallAt } from '../../src/domain/calls/call-rules.js';
import { findCompanies } from '../../src/domain/shared/company-config.js';
import { getCustomer } from '../../src/store/borrowers/customers.js';
import { getScheduledCall } from '../../src/store/scheduled-calls/scheduled-calls.js';
import { settledScheduledCall, startCallStack, type CallStack } from '../support/calls.js';
import { DIALECTS } from '../support/databases.js';
import { collectionsSyncBody } from '../support/enrollment.js';
import { eventually } from '../support/eventually.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Tuesday 2026-12-08, 09:59:40 in New York: the sync made at start is called at 10:00 (10:01 on a slow machine). */
const CLOCK = '2026-12-08T14:59:40Z';
/** 555-0150 asks to be called back the next day at 17:30 its own time: Wednesday 17:30 New York. */
const ASKED = '2026-12-09T22:30:00.000Z';

describe.each(DIALECTS)('a callback request is honoured at the asked time on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let stack: CallStack;
  let key: string;
  let companyId: string;
  let done: { id: string; callId: string; postProcessingFlags: string[] };
  let failed: { id: string; postProcessingFlags: string[] };
  const scheduledOf = async (customerId = 'cb-0150') =>
    (await stack.t.call('GET', `/scheduled-calls/customer/${customerId}`, { key })).body as Array<{
      id: string;
      status: string;
      scheduledTime: string;
    }>;
  const sync = (id = 'cb-0150', digits = '0150') =>
    stack.t.call('POST', '/customers/schedule/sync', {
      key,
      body: collectionsSyncBody(id, `(212) 555-${digits}`),
    });

  beforeAll(async () => {
    stack = await startCallStack(database.db, CLOCK);
    ({ apiKey: key, companyId } = await stack.t.company());
    const synced = await Promise.all([sync(), sync('tf-0159', '0159')]);
    for (const res of synced) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first] = await scheduledOf();
    const [other] = await scheduledOf('tf-0159');
    [done, failed] = await Promise.all([
      settledScheduledCall(stack.t, key, first.id),
      settledScheduledCall(stack.t, key, other.id),
    ]);
  }, 150_000);

  afterAll(async () => {
    await stack?.t.stop();
    await stack?.sandbox.close();
    await stack?.live.close();
  });

  const callbackRow = () =>
    eventually(() =>
      tables(database.db)
        .scheduledCalls()
        .where({ company_id: companyId, customer_id: 'cb-0150', step: 'callback' })
        .first(),
    );

  it('the conversation asked for a callback: the call keeps the asked time, a pending call of step callback is at exactly that time', async () => {
    expect(done.postProcessingFlags).toEqual(expect.arrayContaining(['RPC', 'CALLBACK_REQUEST']));
    const call = await tables(database.db).calls().where({ id: done.callId }).first();
    const values = call!.outcome_values; // text on SQLite, jsonb on Postgres
    expect(typeof values === 'string' ? JSON.parse(values) : values).toMatchObject({
      callbackTime: '2026-12-09T17:30',
    });
    const row = await callbackRow();
    expect(row.status).toBe('pending');
    expect(new Date(row.scheduled_time as string).toISOString()).toBe(ASKED);
    expect(row.loan_id).toBe('loan-cb-0150');
    expect(row.status_reason).toBe('Callback asked for 2026-12-09T17:30 America/New_York');
  });

  it('the Reg F quiet period moves the cadence calls, not the callback (12 CFR 1006.14(b)(3)); the dial-time check allows it then', async () => {
    const calls = await scheduledOf();
    const cadence = calls.filter((c) => c.status === 'pending' && c.scheduledTime !== ASKED);
    expect(cadence.length).toBeGreaterThan(0);
    for (const c of cadence)
      expect(Date.parse(c.scheduledTime)).toBeGreaterThanOrEqual(Date.parse('2026-12-15T05:00:00Z'));
    const row = await callbackRow();
    const scheduled = (await getScheduledCall(database.db, companyId, row.id))!;
    const customer = (await getCustomer(database.db, companyId, 'cb-0150'))!;
    const config = (await findCompanies(database.db, [companyId])).get(companyId)!.config;
    expect(await checkCallAt(database.db, config, customer, scheduled, new Date(ASKED))).toMatchObject({
      kind: 'allowed',
    });
    // An ordinary call at the same instant is held by the quiet period.
    const ordinary = { ...scheduled, step: 'day2' };
    expect(await checkCallAt(database.db, config, customer, ordinary, new Date(ASKED))).toMatchObject({
      kind: 'later',
    });
    // Calling hours still apply to the callback: 21:30 New York is refused until the next morning.
    expect(await checkCallAt(database.db, config, customer, scheduled, new Date('2026-12-10T02:30:00Z'))).toMatchObject(
      { kind: 'later', time: '2026-12-10T13:00:00.000Z' },
    );
  });

  it('after a failed transfer (555-0159) the next attempt transfers to the company fallback', async () => {
    expect(failed.postProcessingFlags).toContain('TRANSFER_FAILED');
    const next = (await scheduledOf('tf-0159')).find((c) => c.status === 'pending')!;
    const scheduled = (await getScheduledCall(database.db, companyId, next.id))!;
    const customer = (await getCustomer(database.db, companyId, 'tf-0159'))!;
    const config = (await findCompanies(database.db, [companyId])).get(companyId)!.config;
    const verdict = await checkCallAt(database.db, config, customer, scheduled, new Date(next.scheduledTime));
    expect(verdict).toMatchObject({ kind: 'allowed', transferDestination: 'voicemail:callback-request' });
    expect(scheduled.transferDestination).not.toBe('voicemail:callback-request');
  });

  it('a replacement sync cancels the pending callback like every other pending call', async () => {
    const res = await sync();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await tables(database.db)
      .scheduledCalls()
      .where({ id: (await callbackRow()).id })
      .first();
    expect(row!.status).toBe('cancelled');
  });
});
