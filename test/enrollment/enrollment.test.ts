import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { BEFORE_SUNSET, enrollBody, insideCallingRules, newKey, NOW } from '../support/enrollment.js';
import { tables } from '../support/tables.js';
import { getApplication, findLiveCadence, setCadenceStatus } from '../../src/store/planning/cadences.js';
import { insertRestriction } from '../../src/store/borrowers/contact-restrictions.js';
import { recordCallOutcome } from '../../src/store/scheduled-calls/scheduled-calls.js';

describe.each(DIALECTS)('enrollment on %s', (dialect) => {
  let clock = NOW;
  let key: string;
  let companyId: string;

  const suite = useTestService(dialect, { now: () => clock });
  // A company per test: every test starts with a fresh 60/min quota and no data.
  beforeEach(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
  });
  afterEach(() => {
    clock = NOW;
  });

  const enroll = (body: Record<string, unknown>, idempotencyKey = newKey(), apiKey = key) =>
    suite.t.call('POST', '/customers/schedule/sync', {
      key: apiKey,
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
  const calls = async (customerId: string) =>
    (await suite.t.call('GET', `/scheduled-calls/customer/${customerId}`, { key })).body as any[];
  const cadenceOf = async (customerId: string, loanId: string) => {
    const app = await getApplication(suite.database.db, companyId, customerId, loanId);
    return app ? findLiveCadence(suite.database.db, companyId, app.id) : null;
  };

  it('schedules the new-lead cadence: receipt, counts and calls inside the calling rules', async () => {
    const res = await enroll(enrollBody({ daysInApplied: 400 }));
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotency-replayed')).toBeNull();
    expect(res.headers.get('ratelimit-policy')).toBe('"schedule-sync";q=60;w=60');
    const { origination, ...customer } = res.body;
    expect(customer).toEqual({
      id: 'cust-1',
      firstName: 'Maria',
      lastName: 'Alvarez',
      birthday: null,
      ssnLastFour: null,
      phoneNumber: '+12127365000',
      timezone: 'America/New_York',
      taskType: 'PendingLoanNewLead',
      doNotCall: false,
      isTest: false,
      scheduleCreated: true,
      tasksCreated: 5,
      existingTasksRemoved: 0,
    });
    expect(origination).toMatchObject({
      status: 'scheduled',
      customerId: 'cust-1',
      loanId: 'loan-1',
      scheduledCallCount: 5,
      scheduledTime: '2026-12-08T15:00:00.000Z',
    });
    const list = await calls('cust-1');
    // daysInApplied is context only: all five steps, days 0, 0 + 4 h, 1, 3 and 7.
    expect(list.map((c) => c.scheduledTime)).toEqual([
      '2026-12-08T15:00:00.000Z',
      '2026-12-08T19:00:00.000Z',
      '2026-12-09T15:00:00.000Z',
      '2026-12-11T18:00:00.000Z',
      '2026-12-15T22:30:00.000Z',
    ]);
    expect(list.every((c) => c.status === 'pending' && c.postProcessingFlags.length === 0 && !('callId' in c))).toBe(
      true,
    );
    expect(list[0].id).toBe(origination.scheduledCallId);
    expect(list.every((c) => insideCallingRules(c.scheduledTime, 'America/New_York'))).toBe(true);
    const stored = await suite.t.call('GET', '/customers/cust-1', { key });
    expect(stored.body).toMatchObject({
      firstName: 'Maria',
      phoneNumber: '+12127365000',
      isTest: false,
      doNotCall: false,
      taskType: 'PendingLoanNewLead',
    });
  });

  it('moves calls out of Sunday and the night: enrolled Saturday 21:30 local, first call Monday 08:00', async () => {
    clock = new Date('2026-12-13T02:30:00Z'); // Saturday 2026-12-12 21:30 in New York
    const res = await enroll(enrollBody({ oneOff: true, taskType: 'PendingLoanReturning' }));
    expect(res.body.origination.scheduledTime).toBe('2026-12-14T13:00:00.000Z');
  });

  it('keeps calls inside the window of a western zone', async () => {
    await enroll(enrollBody({ id: 'cust-la', phoneNumber: '+1 213 555 0100', timezone: 'America/Los_Angeles' }));
    const list = await calls('cust-la');
    expect(list).toHaveLength(5);
    expect(list.every((c) => insideCallingRules(c.scheduledTime, 'America/Los_Angeles'))).toBe(true);
    expect(list[0].scheduledTime).toBe('2026-12-08T16:00:00.000Z'); // 08:00 Pacific
  });

  it('oneOff creates exactly one call, no fallback', async () => {
    const res = await enroll(
      enrollBody({
        taskType: 'PendingLoanReturning',
        oneOff: true,
        mobilePhone: '+1 917 555 0100',
        daysSincePaidOff: 10,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.origination.scheduledCallCount).toBe(1);
    expect(res.body.tasksCreated).toBe(1);
    const list = await calls('cust-1');
    expect(list).toHaveLength(1);
  });

  it('returning without daysSincePaidOff: initial call, then the mobile fallback 30 minutes later', async () => {
    const res = await enroll(enrollBody({ taskType: 'PendingLoanReturning', mobilePhone: '917-555-0100' }));
    expect(res.body.origination.scheduledCallCount).toBe(2);
    const rows = await tables(suite.database.db)
      .scheduledCalls()
      .where({ company_id: companyId })
      .orderBy('scheduled_time');
    expect(rows.map((r) => [r.phone_number, r.step])).toEqual([
      ['+12127365000', 'initial'],
      ['+19175550100', 'mobile-fallback'],
    ]);
    expect(rows.map((r) => new Date(r.scheduled_time).toISOString())).toEqual([
      '2026-12-08T15:00:00.000Z',
      '2026-12-08T15:30:00.000Z',
    ]);
  });

  it('phoneNumber falls back to mobilePhone in the response and for the new customer', async () => {
    const res = await enroll(
      enrollBody({ taskType: 'PendingLoanReturning', phoneNumber: undefined, mobilePhone: '(704) 555-0188' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.phoneNumber).toBe('+17045550188');
    expect((await suite.t.call('GET', '/customers/cust-1', { key })).body.phoneNumber).toBe('+17045550188');
  });

  it.each([
    [10, 'returning-0-30', 3],
    [45, 'returning-31-90', 3],
    [200, 'returning-91-plus', 2],
  ])('returning with daysSincePaidOff %i runs %s (%i calls)', async (days, cadence, count) => {
    const res = await enroll(enrollBody({ taskType: 'PendingLoanReturning', daysSincePaidOff: days }));
    expect(res.body.origination.scheduledCallCount).toBe(count);
    expect((await cadenceOf('cust-1', 'loan-1'))?.cadence).toBe(cadence);
  });

  it('replays the stored response with Idempotency-Replayed and runs nothing twice', async () => {
    const k = newKey();
    const first = await enroll(enrollBody(), k);
    const again = await enroll({ ...enrollBody(), firstName: 'Maria' }, k); // same body, keys in another order
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await calls('cust-1')).toHaveLength(5);
  });

  it('answers already_scheduled for an active cadence: no calls, customer not updated', async () => {
    const first = await enroll(enrollBody());
    clock = new Date('2026-12-08T17:00:00Z'); // after the first call, before the follow-up
    const res = await enroll(enrollBody({ firstName: 'Other', daysInApplied: 3 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Other',
      scheduleCreated: false,
      tasksCreated: 0,
      existingTasksRemoved: 0,
    });
    const list = await calls('cust-1');
    expect(res.body.origination).toMatchObject({
      status: 'already_scheduled',
      scheduleId: first.body.origination.scheduleId,
      scheduledCallCount: 0,
      scheduledCallId: list[1].id,
      scheduledTime: '2026-12-08T19:00:00.000Z',
    });
    expect(res.body.origination.id).not.toBe(first.body.origination.id);
    expect(list).toHaveLength(5);
    expect((await suite.t.call('GET', '/customers/cust-1', { key })).body.firstName).toBe('Maria');
  });

  it('409 existing_application for another application with an active cadence; stored under the key', async () => {
    await enroll(enrollBody());
    const k = newKey();
    const res = await enroll(enrollBody({ loanId: 'loan-2' }), k);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      detail: { code: 'existing_application', message: 'Customer cust-1 has an active cadence for application loan-1' },
    });
    const replay = await enroll(enrollBody({ loanId: 'loan-2' }), k);
    expect(replay.status).toBe(409);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(replay.body).toEqual(res.body);
    expect((await enroll(enrollBody({ loanId: 'loan-2' }))).body.detail.code).toBe('existing_application'); // a new key does not bypass it
  });

  it.each([
    ['finished', 'cadence_finished'],
    ['paused', 'cadence_paused'],
  ] as const)('409 for a %s cadence of this application, whatever the key', async (status, code) => {
    await enroll(enrollBody());
    const cadence = (await cadenceOf('cust-1', 'loan-1'))!;
    await setCadenceStatus(suite.database.db, companyId, cadence.id, status, NOW.toISOString());
    for (const k of [newKey(), newKey()]) {
      const res = await enroll(enrollBody(), k);
      expect(res.status).toBe(409);
      expect(res.body.detail.code).toBe(code);
    }
    expect(await calls('cust-1')).toHaveLength(5);
  });

  it('409 contact_restricted for a Do Not Call customer or an active restriction; a restriction on another loan does not block', async () => {
    await suite.t.call('POST', '/customers', {
      key,
      body: {
        id: 'dnc',
        firstName: 'D',
        lastName: 'N',
        timezone: 'America/New_York',
        phoneNumber: '2127365000',
        taskType: 'PendingLoanNewLead',
        email: 'd@example.com',
        streetAddress1: 'x',
        city: 'y',
        state: 'NY',
        zipCode: '10001',
        doNotCall: true,
      },
    });
    const dnc = await enroll(enrollBody({ id: 'dnc' }));
    expect(dnc.status).toBe(409);
    expect(dnc.body.detail).toEqual({
      code: 'contact_restricted',
      message: 'Customer dnc has an active contact restriction (do_not_call)',
    });

    await enroll(enrollBody({ id: 'att' }));
    await suite.t.call('PUT', '/customers/att', { key, body: { doNotCall: true } }); // stops the cadence
    await suite.t.call('PUT', '/customers/att', { key, body: { doNotCall: false } });
    await insertRestriction(suite.database.db, companyId, {
      id: randomUUID(),
      customerId: 'att',
      loanId: 'loan-9',
      kind: 'bankruptcy',
      source: 'operator',
      at: NOW.toISOString(),
    });
    expect((await enroll(enrollBody({ id: 'att', loanId: 'loan-5' }))).status).toBe(200);
    await suite.t.call('PUT', '/customers/att', { key, body: { doNotCall: true } });
    await suite.t.call('PUT', '/customers/att', { key, body: { doNotCall: false } });
    await insertRestriction(suite.database.db, companyId, {
      id: randomUUID(),
      customerId: 'att',
      loanId: null,
      kind: 'attorney_representation',
      source: 'operator',
      at: NOW.toISOString(),
    });
    const att = await enroll(enrollBody({ id: 'att', loanId: 'loan-6' }));
    expect(att.status).toBe(409);
    expect(att.body.detail).toEqual({
      code: 'contact_restricted',
      message: 'Customer att has an active contact restriction (attorney_representation)',
    });
  });

  it('reads the stored call history: a DNC call outcome blocks a new enrollment (409 contact_restricted)', async () => {
    await enroll(enrollBody());
    const [first] = await calls('cust-1');
    await recordCallOutcome(
      suite.database.db,
      companyId,
      first.id,
      { status: 'completed', callId: randomUUID(), flags: ['CONNECT', 'DNC'] },
      NOW.toISOString(),
    );
    const cadence = (await cadenceOf('cust-1', 'loan-1'))!;
    await setCadenceStatus(suite.database.db, companyId, cadence.id, 'finished', NOW.toISOString());
    const res = await enroll(enrollBody({ loanId: 'loan-2' }));
    expect(res.status).toBe(409);
    expect(res.body.detail.code).toBe('contact_restricted');
    expect(res.body.detail.message).toContain('call outcome DNC');
  });

  it('409 test_mode_mismatch when isTest (default false) differs from the stored customer', async () => {
    await enroll(enrollBody({ isTest: true }));
    const res = await enroll(enrollBody({ loanId: 'loan-2' }));
    expect(res.status).toBe(409);
    expect(res.body.detail).toEqual({
      code: 'test_mode_mismatch',
      message: 'isTest is false but customer cust-1 is a test customer',
    });
    expect((await enroll(enrollBody({ isTest: true }))).body.origination.status).toBe('already_scheduled');
  });

  it('honours test before its sunset, with Deprecation and Sunset headers', async () => {
    clock = BEFORE_SUNSET;
    const res = await enroll(enrollBody({ test: true }));
    expect(res.status).toBe(200);
    expect(res.body.isTest).toBe(true);
    expect(res.headers.get('deprecation')).toBe('@1790294400');
    expect(res.headers.get('sunset')).toBe('Sun, 25 Oct 2026 00:00:00 GMT');
  });

  it('reuses an existing customer as stored: a minimal body enrolls it and the response echoes the request', async () => {
    await enroll(
      enrollBody({
        id: 'known',
        loanId: 'old',
        taskType: 'PendingLoanReturning',
        oneOff: true,
        mobilePhone: '917 555 0100',
      }),
    );
    await tables(suite.database.db).cadences().where({ company_id: companyId }).update({ status: 'finished' });
    const res = await enroll({ scheduleMode: 'enroll', taskType: 'PendingLoanNewLead', id: 'known', loanId: 'new' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'known',
      firstName: null,
      lastName: null,
      phoneNumber: null,
      timezone: null,
      doNotCall: false,
      isTest: false,
      tasksCreated: 5,
    });
    const rows = await tables(suite.database.db).scheduledCalls().where({ company_id: companyId, loan_id: 'new' });
    expect(new Set(rows.map((r) => r.phone_number))).toEqual(new Set(['+12127365000'])); // the stored number; mobilePhone was never stored
    expect((await suite.t.call('GET', '/customers/known', { key })).body).toMatchObject({
      firstName: 'Maria',
      taskType: 'PendingLoanReturning',
    });
  });

  it("counts the customer's stored pending calls toward caps: at most 3 calls in any 24 h in Florida", async () => {
    const florida = {
      id: 'fl',
      taskType: 'PendingLoanNewLead',
      firstName: 'F',
      lastName: 'L',
      timezone: 'America/New_York',
      phoneNumber: '(305) 555-0100',
      email: 'f@example.com',
      streetAddress1: 'x',
      city: 'Miami',
      state: 'FL',
      zipCode: '33101',
    };
    expect((await suite.t.call('POST', '/customers/schedule/sync', { key, body: florida })).body.scheduleCreated).toBe(
      true,
    );
    // Without the stored calls, the initial call and its mobile fallback would join the two calls already due today: 4 in 24 h.
    const res = await enroll(
      enrollBody({
        id: 'fl',
        taskType: 'PendingLoanReturning',
        mobilePhone: '(305) 555-0199',
        firstName: undefined,
        lastName: undefined,
        phoneNumber: undefined,
        timezone: undefined,
      }),
    );
    expect(res.status).toBe(200);
    const times = (await calls('fl')).map((c) => Date.parse(c.scheduledTime)).sort((a, b) => a - b);
    expect(times).toHaveLength(5 + res.body.origination.scheduledCallCount);
    for (const start of times)
      expect(times.filter((x) => x >= start && x < start + 86_400_000).length).toBeLessThanOrEqual(3);
    // The fallback (due 10:30 local) moved to when the FL window frees up, and says which rule moved it.
    const fallback = await tables(suite.database.db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: 'fl', step: 'mobile-fallback' })
      .first();
    expect(new Date(fallback!.scheduled_time).toISOString()).toBe('2026-12-09T15:00:00.000Z');
    expect(
      String(typeof fallback!.explanation === 'string' ? fallback!.explanation : JSON.stringify(fallback!.explanation)),
    ).toContain('state-marketing-frequency-fl');
  });

  it('a re-enrollment after Do Not Call was set and cleared starts a new cadence (the old one was cancelled)', async () => {
    const first = await enroll(enrollBody());
    await suite.t.call('PUT', '/customers/cust-1', { key, body: { doNotCall: true } });
    await suite.t.call('PUT', '/customers/cust-1', { key, body: { doNotCall: false } });
    const again = await enroll(enrollBody());
    expect(again.body.origination.status).toBe('scheduled');
    expect(again.body.origination.scheduleId).not.toBe(first.body.origination.scheduleId);
    const list = await calls('cust-1');
    expect(list.filter((c) => c.status === 'cancelled')).toHaveLength(5);
    expect(list.filter((c) => c.status === 'pending')).toHaveLength(5);
  });
});
