import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { BEFORE_SUNSET, enrollBody, insideCallingRules, newKey, NOW, replaceBody } from '../support/enrollment.js';
import { tables } from '../support/tables.js';

describe.each(DIALECTS)('replacement schedule sync on %s', (dialect) => {
  let clock = NOW;
  let key: string;

  const suite = useTestService(dialect, { now: () => clock });
  beforeEach(async () => {
    ({ apiKey: key } = await suite.t.company());
  });
  afterEach(() => {
    clock = NOW;
  });

  const sync = (body: unknown) => suite.t.call('POST', '/customers/schedule/sync', { key, body });
  const calls = async (id = 'cust-r') =>
    (await suite.t.call('GET', `/scheduled-calls/customer/${id}`, { key })).body as any[];
  const customer = async (id = 'cust-r') => (await suite.t.call('GET', `/customers/${id}`, { key })).body;

  it('creates the customer and a schedule (scheduleMode omitted, no Idempotency-Key needed)', async () => {
    const res = await sync(
      replaceBody({ loanIds: [1], mobilePhone: 'ignored', oneOff: true, daysSincePaidOff: 3, unknownField: 'ignored' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 'cust-r',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      birthday: null,
      ssnLastFour: null,
      timezone: 'America/Chicago',
      phoneNumber: '+15125550143',
      streetAddress1: '1200 Congress Ave',
      streetAddress2: null,
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      doNotCall: false,
      isTest: false,
      taskType: 'PendingLoanNewLead',
      externalMetadata: {},
      scheduleCreated: true,
      tasksCreated: 1,
      existingTasksRemoved: 0,
    });
    const list = await calls();
    expect(list).toHaveLength(5); // the task type's configured cadence; oneOff is ignored in this mode
    expect(list.every((c) => c.status === 'pending' && insideCallingRules(c.scheduledTime, 'America/Chicago'))).toBe(
      true,
    );
    expect((await tables(suite.database.db).customers().where({ id: 'cust-r' }).first())!.loan_ids).toBeNull(); // loanIds ignored in this mode
  });

  it('the ignored enrollment fields keep their documented types: another type is 400 naming the field, nothing written', async () => {
    for (const [field, value] of [
      ['oneOff', 'yes'],
      ['loanIds', ['12']],
      ['daysInApplied', -1],
      ['mobilePhone', 5551234],
    ] as const) {
      const res = await sync(replaceBody({ id: `typed-${field}`, [field]: value }));
      expect(res.status, field).toBe(400);
      expect(res.body.detail.message, field).toContain(field);
      expect((await suite.t.call('GET', `/customers/typed-${field}`, { key })).status).toBe(404);
    }
  });

  it('a second sync cancels the pending calls and builds a new schedule (a Collections task type here)', async () => {
    await sync(replaceBody({ scheduleMode: 'replace' }));
    const res = await sync(replaceBody({ scheduleMode: 'replace', taskType: 'Collections', firstName: 'Augusta' }));
    expect(res.body).toMatchObject({
      firstName: 'Augusta',
      taskType: 'Collections',
      scheduleCreated: true,
      tasksCreated: 1,
    });
    const list = await calls();
    expect(list.filter((c) => c.status === 'cancelled')).toHaveLength(5);
    expect(list.filter((c) => c.status === 'pending')).toHaveLength(3);
    const reasons = await tables(suite.database.db)
      .scheduledCalls()
      .where({ customer_id: 'cust-r', status: 'cancelled' })
      .distinct('status_reason');
    expect(reasons).toEqual([{ status_reason: "Replaced: a schedule sync (replace) rebuilt the customer's outreach" }]);
  });

  it('replacing cancels an enrollment cadence; enrolling that application again starts a new one', async () => {
    const enrolled = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: enrollBody({ id: 'cust-r' }),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(enrolled.body.origination.status).toBe('scheduled');
    await sync(replaceBody());
    expect((await calls()).filter((c) => c.status === 'cancelled')).toHaveLength(5);
    const again = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: enrollBody({ id: 'cust-r' }),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(again.status).toBe(200);
    expect(again.body.origination.status).toBe('scheduled');
    expect(again.body.origination.scheduleId).not.toBe(enrolled.body.origination.scheduleId);
  });

  it('lists the missing required fields in field-table order, saying no LMS connector can supply them', async () => {
    const res = await sync({ id: 'cust-r', email: 'x@example.com', sync: false });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: {
        code: 'missing_required_fields',
        message:
          'Missing required fields: firstName, lastName, timezone, phoneNumber, taskType, streetAddress1, city, state, zipCode; no LMS connector is configured for this company to supply firstName, lastName, timezone, phoneNumber',
      },
    });
  });

  it('with sync: true and no LMS connector: 400 lms_not_configured, nothing written', async () => {
    const res = await sync({
      id: 'cust-nolms',
      taskType: 'PendingLoanNewLead',
      sync: true,
      firstName: 'Ada',
      lastName: 'L',
      timezone: 'America/New_York',
      phoneNumber: '2127365000',
    });
    expect(res.status).toBe(400);
    expect(res.body.detail.code).toBe('lms_not_configured');
    expect(await tables(suite.database.db).customers().where({ id: 'cust-nolms' }).first()).toBeUndefined();
  });

  it('without the LMS-fillable fields missing, the message is the plain list', async () => {
    const res = await sync(replaceBody({ email: undefined, zipCode: '' }));
    expect(res.body.detail.message).toBe('Missing required fields: email, zipCode');
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }, 'email: must match format "email"'],
    ['a non-boolean doNotCall', { doNotCall: 'yes' }, 'doNotCall: must be boolean'],
    [
      'an unknown timezone',
      { timezone: 'Mars/Olympus' },
      'timezone "Mars/Olympus" is not an IANA time zone name (e.g. America/New_York)',
    ],
    ['an unparseable phone', { phoneNumber: '12' }, 'phoneNumber "12" is not a valid phone number'],
    [
      'a task type outside the catalog',
      { taskType: 'Marketing' },
      'taskType "Marketing" is not configured for this company; allowed values: PendingLoanNewLead, PendingLoanReturning, Collections',
    ],
  ])('400 invalid_request for %s', async (_what, patch, message) => {
    const res = await sync(replaceBody(patch));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: { code: 'invalid_request', message } });
  });

  it('400 for conflicting test and isTest (before the sunset); equal string forms are accepted', async () => {
    clock = BEFORE_SUNSET;
    const res = await sync(replaceBody({ test: true, isTest: false }));
    expect(res.status).toBe(400);
    expect(res.body.detail).toEqual({
      code: 'invalid_request',
      message: '"test" and "isTest" have different values; send only "isTest"',
    });
    const ok = await sync(replaceBody({ test: 'true', isTest: true }));
    expect(ok.status).toBe(200);
    expect(ok.body.isTest).toBe(true);
    expect(ok.headers.get('deprecation')).toBe('@1790294400');
  });

  it('omitted isTest and doNotCall keep the stored values', async () => {
    await sync(replaceBody({ isTest: true }));
    const res = await sync(replaceBody({ firstName: 'Augusta' }));
    expect(res.body).toMatchObject({ isTest: true, doNotCall: false, firstName: 'Augusta' });
  });

  describe('the Do Not Call table', () => {
    const markDnc = async () => {
      await sync(replaceBody());
      await suite.t.call('PUT', '/customers/cust-r', { key, body: { doNotCall: true } });
    };

    it('Do Not Call set, doNotCall omitted → 400 do_not_call, nothing changes', async () => {
      await markDnc();
      const res = await sync(replaceBody({ firstName: 'Changed' }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        detail: {
          code: 'do_not_call',
          message: 'Customer cust-r is marked Do Not Call; send doNotCall false to clear it',
        },
      });
      expect((await customer()).firstName).toBe('Ada');
    });

    it('Do Not Call set, doNotCall true → 400 do_not_call', async () => {
      await markDnc();
      const res = await sync(replaceBody({ doNotCall: true }));
      expect(res.status).toBe(400);
      expect(res.body.detail.code).toBe('do_not_call');
    });

    it('Do Not Call set, doNotCall false → flag cleared and schedule created', async () => {
      await markDnc();
      const res = await sync(replaceBody({ doNotCall: false }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ doNotCall: false, scheduleCreated: true, tasksCreated: 1 });
      expect((await calls()).filter((c) => c.status === 'pending')).toHaveLength(5);
    });

    it('not set, doNotCall omitted → success, existing state kept', async () => {
      await sync(replaceBody());
      const res = await sync(replaceBody());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ doNotCall: false, scheduleCreated: true });
    });

    it('not set, doNotCall true → the customer is saved as Do Not Call, pending calls cancelled, no schedule', async () => {
      await sync(replaceBody());
      const res = await sync(replaceBody({ doNotCall: true }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        doNotCall: true,
        scheduleCreated: false,
        tasksCreated: 0,
        existingTasksRemoved: 0,
      });
      expect((await calls()).every((c) => c.status === 'cancelled')).toBe(true);
    });
  });
});
