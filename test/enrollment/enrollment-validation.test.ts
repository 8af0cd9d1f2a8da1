import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { requestFingerprint } from '../../src/domain/shared/idempotency.js';
import { ENROLLMENT_OPERATION } from '../../src/domain/enrollment/sync.js';
import { getRecord, insertClaim } from '../../src/store/shared/idempotency.js';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { BEFORE_SUNSET, enrollBody, newKey, NOW } from '../support/enrollment.js';
import { tables } from '../support/tables.js';

describe.each(DIALECTS)('enrollment validation and idempotency on %s', (dialect) => {
  let clock = NOW;
  let key: string;
  let companyId: string;

  const suite = useTestService(dialect, { now: () => clock });
  beforeEach(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
  });
  afterEach(() => {
    clock = NOW;
  });

  // `null` sends no Idempotency-Key header.
  const enroll = (body: unknown, idempotencyKey: string | null = newKey(), apiKey = key) =>
    suite.t.call('POST', '/customers/schedule/sync', {
      key: apiKey,
      body,
      headers: idempotencyKey === null ? {} : { 'Idempotency-Key': idempotencyKey },
    });
  const scheduledCallCount = async () =>
    Number((await tables(suite.database.db).scheduledCalls().where({ company_id: companyId }).count({ n: '*' }))[0].n);

  it.each([
    ['an unrecognized field', { streetAddress1: '1 Main St' }, 'Unrecognized field: streetAddress1'],
    ['a null flag', { oneOff: null, taskType: 'PendingLoanReturning' }, 'oneOff: must be boolean'],
    ['a null isTest', { isTest: null }, 'isTest: must be boolean'],
    ['oneOff with PendingLoanNewLead', { oneOff: true }, 'oneOff: only allowed with taskType PendingLoanReturning'],
    [
      'oneOff false with PendingLoanNewLead',
      { oneOff: false },
      'oneOff: only allowed with taskType PendingLoanReturning',
    ],
    [
      'daysSincePaidOff with PendingLoanNewLead',
      { daysSincePaidOff: 3 },
      'daysSincePaidOff: only allowed with taskType PendingLoanReturning',
    ],
    ['a negative daysInApplied', { daysInApplied: -1 }, 'daysInApplied: must be >= 0'],
    [
      'an out-of-bounds daysSincePaidOff',
      { taskType: 'PendingLoanReturning', daysSincePaidOff: 40000 },
      'daysSincePaidOff: must be <= 36500',
    ],
    ['a fractional daysInApplied', { daysInApplied: 1.5 }, 'daysInApplied: must be integer'],
    [
      'an unknown task type',
      { taskType: 'Collections' },
      'taskType: must be one of "PendingLoanNewLead", "PendingLoanReturning"',
    ],
    ['no loanId', { loanId: undefined }, 'loanId: is required'],
    ['an empty loanId', { loanId: '' }, 'loanId: must NOT have fewer than 1 characters'],
    ['a bad birthday', { birthday: '1990-13-45' }, 'birthday: must match format "date"'],
    ['test after its sunset', { test: false }, 'The "test" field was removed on 2026-10-25; send "isTest" instead'],
    ['an unparseable phone number', { phoneNumber: '12' }, 'phoneNumber "12" is not a valid phone number'],
    [
      'an unknown timezone',
      { timezone: 'Mars/Olympus' },
      'timezone "Mars/Olympus" is not an IANA time zone name (e.g. America/New_York)',
    ],
    [
      'a new customer without the data to create it',
      { firstName: undefined, timezone: undefined, phoneNumber: undefined },
      'firstName, timezone, phoneNumber or mobilePhone: required to create customer cust-1, which does not exist yet',
    ],
  ])('422 invalid_request for %s, not stored under the key', async (_what, patch, message) => {
    const k = newKey();
    const res = await enroll(enrollBody(patch), k);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: { code: 'invalid_request', message } });
    expect(await getRecord(suite.database.db, companyId, k)).toBeNull();
    const fixed = await enroll(enrollBody(), k); // a validation failure is safe to retry with the same key
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotency-replayed')).toBeNull();
  });

  it('422 for conflicting test and isTest before the sunset', async () => {
    clock = BEFORE_SUNSET;
    const res = await enroll(enrollBody({ test: true, isTest: false }));
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual({
      code: 'invalid_request',
      message: '"test" and "isTest" have different values; send only "isTest"',
    });
  });

  it('422 for a task type the company has not enabled', async () => {
    const config = defaultCompanyConfig();
    config.taskTypes = config.taskTypes.filter((x) => x.name !== 'PendingLoanReturning');
    await setCompanyConfig(suite.database.db, companyId, config);
    const res = await enroll(enrollBody({ taskType: 'PendingLoanReturning' }));
    expect(res.status).toBe(422);
    expect(res.body.detail.message).toBe(
      'taskType: PendingLoanReturning is not enabled for this company (enabled: PendingLoanNewLead, Collections)',
    );
  });

  it('422 when the configured returning cadences do not cover daysSincePaidOff', async () => {
    const config = {
      ...defaultCompanyConfig(),
      scheduler: {
        taskTypes: {
          PendingLoanReturning: {
            purpose: 'origination',
            cadence: { id: 'r', steps: [{ id: 'a', day: 0 }] },
            byDaysSincePaidOff: [{ min: 0, max: 30, cadence: { id: 'r30', steps: [{ id: 'a', day: 0 }] } }],
            transfer: [],
          },
        },
      },
    };
    await setCompanyConfig(suite.database.db, companyId, config);
    const res = await enroll(enrollBody({ taskType: 'PendingLoanReturning', daysSincePaidOff: 31 }));
    expect(res.status).toBe(422);
    expect(res.body.detail.message).toMatch(
      /^daysSincePaidOff: no PendingLoanReturning cadence covers daysSincePaidOff 31/,
    );
  });

  it('rejects an unreadable scheduler section at config time', async () => {
    const bad = {
      ...defaultCompanyConfig(),
      scheduler: {
        taskTypes: { PendingLoanNewLead: { purpose: 'origination', cadence: { id: 'x', steps: [] }, transfer: [] } },
      },
    };
    await expect(setCompanyConfig(suite.database.db, companyId, bad)).rejects.toThrow(
      /Invalid company configuration: scheduler: taskTypes.PendingLoanNewLead.cadence: a cadence needs at least one step/,
    );
  });

  it.each([
    [
      'no Idempotency-Key',
      null,
      'missing_idempotency_key',
      'Idempotency-Key header is required when scheduleMode is enroll',
    ],
    [
      'an empty Idempotency-Key',
      '',
      'missing_idempotency_key',
      'Idempotency-Key header is required when scheduleMode is enroll',
    ],
    [
      'a key with a space',
      'has space',
      'invalid_idempotency_key',
      'Idempotency-Key must be 1 to 128 characters matching ^[A-Za-z0-9._:-]{1,128}$',
    ],
    [
      'a 129-character key',
      'a'.repeat(129),
      'invalid_idempotency_key',
      'Idempotency-Key must be 1 to 128 characters matching ^[A-Za-z0-9._:-]{1,128}$',
    ],
  ])('400 for %s', async (_what, k, code, message) => {
    const res = await enroll(enrollBody(), k);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: { code, message } });
    expect(await scheduledCallCount()).toBe(0);
  });

  it('accepts a 128-character key of every allowed character class', async () => {
    expect((await enroll(enrollBody(), `Aa0._:-${'x'.repeat(121)}`)).status).toBe(200);
  });

  it.each([
    ['an array', '[]', 'Request body must be a JSON object'],
    ['null', 'null', 'Request body must be a JSON object'],
    [
      'an unknown scheduleMode',
      JSON.stringify({ scheduleMode: 'later', id: 'x' }),
      'scheduleMode: must be "enroll", "replace" or omitted (got "later")',
    ],
    ['malformed JSON', '{"scheduleMode": "enroll",', 'Request body is not valid JSON'],
  ])('400 invalid_request for %s', async (_what, rawBody, message) => {
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      rawBody,
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: { code: 'invalid_request', message } });
  });

  it('422 idempotency_key_reused for the same key with a different body; the original stays', async () => {
    const k = newKey();
    const first = await enroll(enrollBody(), k);
    const res = await enroll(enrollBody({ loanId: 'loan-other' }), k);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      detail: {
        code: 'idempotency_key_reused',
        message: 'Idempotency-Key was already used with a different request body',
      },
    });
    const replay = await enroll(enrollBody(), k);
    expect(replay.body).toEqual(first.body);
    expect(await scheduledCallCount()).toBe(5);
  });

  it('409 request_in_progress with Retry-After while the same request is running; a dead claim is taken over after its lease', async () => {
    const k = newKey();
    const body = enrollBody();
    const fingerprint = requestFingerprint(ENROLLMENT_OPERATION, body);
    const claim = {
      key: k,
      operation: ENROLLMENT_OPERATION,
      fingerprint,
      lockToken: randomUUID(),
      at: NOW.toISOString(),
      expiresAt: '2027-01-08T00:00:00.000Z',
    };
    await insertClaim(suite.database.db, companyId, { ...claim, lockedUntil: '2026-12-08T15:00:30.000Z' });
    const res = await enroll(body, k);
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.body.detail.code).toBe('request_in_progress');
    expect((await enroll(enrollBody({ loanId: 'x' }), k)).body.detail.code).toBe('idempotency_key_reused');
    expect(await scheduledCallCount()).toBe(0);

    clock = new Date('2026-12-08T15:00:31Z'); // the claimant's lease ran out: its process is presumed dead
    const taken = await enroll(body, k);
    expect(taken.status).toBe(200);
    expect(taken.body.origination.status).toBe('scheduled');
    expect((await getRecord(suite.database.db, companyId, k))?.state).toBe('completed');
  });

  it('keeps records 30 days; an expired record no longer answers for its key', async () => {
    const k = newKey();
    await enroll(enrollBody(), k);
    expect((await getRecord(suite.database.db, companyId, k))?.expiresAt).toBe('2027-01-07T15:00:00.000Z');
    clock = new Date('2027-01-07T15:00:01Z');
    const res = await enroll(enrollBody(), k);
    expect(res.headers.get('idempotency-replayed')).toBeNull();
    expect(res.body.origination.status).toBe('already_scheduled');
  });

  it('scopes keys to the company: another company can use the same key', async () => {
    const k = newKey();
    await enroll(enrollBody(), k);
    const other = await suite.t.company('Other Lending');
    const res = await enroll(enrollBody({ loanId: 'different' }), k, other.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.origination.status).toBe('scheduled');
  });

  it('429 rate_limited after 60 schedule sync requests a minute, with Retry-After and RateLimit headers', async () => {
    for (let i = 0; i < 60; i++) expect((await enroll(enrollBody(), null)).status).toBe(400);
    const res = await enroll(enrollBody());
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      detail: {
        code: 'rate_limited',
        message: 'Rate limit of 60 schedule sync requests per 60 seconds exceeded; retry after 60 seconds',
      },
    });
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.headers.get('ratelimit')).toBe('"schedule-sync";r=0;t=60');
    clock = new Date(NOW.getTime() + 60_000);
    expect((await enroll(enrollBody())).status).toBe(200);
  });

  it('counts every request once, whichever path it takes (stored at once, replayed, an existing customer, a reused key, a key in progress)', async () => {
    const hits = async () =>
      Number(
        (await tables(suite.database.db).rateLimits().where({ company_id: companyId, policy: 'schedule-sync' }).first())
          ?.hits ?? 0,
      );
    const remaining = (res: { headers: Headers }) => res.headers.get('ratelimit');
    const k = newKey();
    const first = await enroll(enrollBody(), k);
    expect([first.status, first.body.origination.status, remaining(first), await hits()]).toEqual([
      200,
      'scheduled',
      '"schedule-sync";r=59;t=60',
      1,
    ]);
    const replay = await enroll(enrollBody(), k);
    expect([replay.status, replay.headers.get('idempotency-replayed'), remaining(replay), await hits()]).toEqual([
      200,
      'true',
      '"schedule-sync";r=58;t=60',
      2,
    ]);
    const known = await enroll(enrollBody(), newKey()); // the customer exists: the one statement stores nothing, the full path runs
    expect([known.status, known.body.origination.status, remaining(known), await hits()]).toEqual([
      200,
      'already_scheduled',
      '"schedule-sync";r=57;t=60',
      3,
    ]);
    const reused = await enroll(enrollBody({ loanId: 'another' }), k);
    expect([reused.status, reused.body.detail.code, await hits()]).toEqual([422, 'idempotency_key_reused', 4]);
    const busy = newKey();
    await insertClaim(suite.database.db, companyId, {
      key: busy,
      operation: ENROLLMENT_OPERATION,
      fingerprint: requestFingerprint(ENROLLMENT_OPERATION, enrollBody({ id: 'cust-2' })),
      lockToken: randomUUID(),
      lockedUntil: '2026-12-08T15:00:30.000Z',
      at: NOW.toISOString(),
      expiresAt: '2027-01-08T00:00:00.000Z',
    });
    const running = await enroll(enrollBody({ id: 'cust-2' }), busy);
    expect([running.status, running.body.detail.code, await hits()]).toEqual([409, 'request_in_progress', 5]);
    expect(
      await tables(suite.database.db).customers().where({ company_id: companyId, id: 'cust-2' }).first(),
    ).toBeUndefined();
  });

  it('401 in the detail-object shape without a valid key', async () => {
    const res = await enroll(enrollBody(), newKey(), 'ok_wrong');
    expect(res.status).toBe(401);
    expect(res.body.detail.code).toBe('unauthorized');
  });
});
