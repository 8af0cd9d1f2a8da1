import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { DIALECTS } from '../support/databases.js';
import { validCustomer } from '../support/customers.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

const BEFORE_SUNSET = new Date('2026-10-01T12:00:00Z');
const AFTER_SUNSET = new Date('2026-11-21T12:00:00Z');

describe.each(DIALECTS)('customers on %s', (dialect) => {
  let clock = AFTER_SUNSET;
  let key: string;
  let companyId: string;

  const suite = useTestService(dialect, { now: () => clock });
  beforeAll(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
  });
  afterEach(() => {
    clock = AFTER_SUNSET;
  });

  describe('POST /customers', () => {
    it('creates (201), normalizes the phone to E.164 and never returns loanId', async () => {
      const res = await suite.t.call('POST', '/customers', {
        key,
        body: validCustomer('c-create', { loanId: 'L-1', extra: 'ignored' }),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: 'c-create',
        phoneNumber: '+12127365000',
        doNotCall: false,
        isTest: false,
        streetAddress2: null,
      });
      expect(res.body).not.toHaveProperty('loanId');
      expect(res.body).not.toHaveProperty('extra');
      expect(res.headers.get('deprecation')).toBe('@1790294400');
      expect(res.headers.get('sunset')).toBeNull();
    });

    it('upserts by id: a second POST updates (200) and keeps fields it did not send', async () => {
      await suite.t.call('POST', '/customers', { key, body: validCustomer('c-upsert', { streetAddress2: 'Apt 4' }) });
      const res = await suite.t.call('POST', '/customers', {
        key,
        body: validCustomer('c-upsert', { firstName: 'Augusta' }),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ firstName: 'Augusta', streetAddress2: 'Apt 4' });
      const read = await suite.t.call('GET', '/customers/c-upsert', { key });
      expect(read.body.firstName).toBe('Augusta');
    });

    it('lists every missing required field in field-table order', async () => {
      const res = await suite.t.call('POST', '/customers', { key, body: { id: 'c-missing', email: 'x@example.com' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        detail:
          'Missing required fields: firstName, lastName, timezone, phoneNumber, taskType, streetAddress1, city, state, zipCode',
      });
    });

    it.each([
      ['id'],
      ['firstName'],
      ['lastName'],
      ['timezone'],
      ['phoneNumber'],
      ['taskType'],
      ['email'],
      ['streetAddress1'],
      ['city'],
      ['state'],
      ['zipCode'],
    ])('requires %s without sync', async (field) => {
      const body: Record<string, unknown> = validCustomer(`c-req-${field}`);
      delete body[field];
      const res = await suite.t.call('POST', '/customers', { key, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: `Missing required fields: ${field}` });
    });

    it('sync: true without an LMS connector is a 400 that says so, and writes nothing', async () => {
      const body = {
        id: 'c-sync',
        firstName: 'S',
        lastName: 'Y',
        taskType: 'PendingLoanNewLead',
        timezone: 'America/Chicago',
        phoneNumber: '312-555-0188',
        sync: true,
      };
      const res = await suite.t.call('POST', '/customers', { key, body });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(
        /^sync: true fetches missing customer data from the company's LMS, but no LMS connector is configured for this company/,
      );
      expect(await tables(suite.database.db).customers().where({ id: 'c-sync' }).first()).toBeUndefined();
    });

    it('loanIds without an LMS connector are stored and import nothing', async () => {
      const res = await suite.t.call('POST', '/customers', {
        key,
        body: validCustomer('c-noimport', { loanIds: [5] }),
      });
      expect(res.status).toBe(201);
      expect(await tables(suite.database.db).loans().where({ customer_id: 'c-noimport' })).toHaveLength(0);
    });

    it('rejects an unparseable phone number and a non-IANA timezone with 400', async () => {
      const phone = await suite.t.call('POST', '/customers', {
        key,
        body: validCustomer('c-phone', { phoneNumber: '555-1234' }),
      });
      expect(phone.status).toBe(400);
      expect(phone.body.detail).toMatch(/phoneNumber "555-1234" is not a valid phone number/);
      const tz = await suite.t.call('POST', '/customers', {
        key,
        body: validCustomer('c-tz', { timezone: 'Eastern' }),
      });
      expect(tz.status).toBe(400);
      expect(tz.body.detail).toMatch(/timezone "Eastern" is not an IANA time zone/);
      expect((await suite.t.call('GET', '/customers/c-phone', { key })).status).toBe(404);
    });

    it('rejects a task type outside the company catalog, naming the allowed values', async () => {
      const res = await suite.t.call('POST', '/customers', {
        key,
        body: validCustomer('c-task', { taskType: 'Marketing' }),
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(
        'taskType "Marketing" is not configured for this company; allowed values: PendingLoanNewLead, PendingLoanReturning, Collections',
      );
    });

    it('rejects type errors from the schema in the {detail} shape', async () => {
      const res = await suite.t.call('POST', '/customers', {
        key,
        body: validCustomer('c-type', { email: 'not-an-email', loanIds: ['7'] }),
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain('email: must match format "email"');
      expect(res.body.detail).toContain('loanIds.0: must be integer');
    });

    it('stores loanIds as integers and honours isTest', async () => {
      const res = await suite.t.call('POST', '/customers', {
        key,
        body: validCustomer('c-loans', { loanIds: [11, 12], isTest: true }),
      });
      expect(res.status).toBe(201);
      expect(res.body.isTest).toBe(true);
    });

    describe('the deprecated test alias', () => {
      it('before the sunset: honoured, equal string form accepted, conflicts rejected, Sunset header sent', async () => {
        clock = BEFORE_SUNSET;
        const alone = await suite.t.call('POST', '/customers', { key, body: validCustomer('c-test1', { test: true }) });
        expect(alone.status).toBe(201);
        expect(alone.body.isTest).toBe(true);
        expect(alone.headers.get('sunset')).toBe('Sun, 25 Oct 2026 00:00:00 GMT');
        const equal = await suite.t.call('POST', '/customers', {
          key,
          body: validCustomer('c-test2', { test: 'true', isTest: true }),
        });
        expect(equal.status).toBe(201);
        expect(equal.body.isTest).toBe(true);
        const conflict = await suite.t.call('POST', '/customers', {
          key,
          body: validCustomer('c-test3', { test: false, isTest: true }),
        });
        expect(conflict.status).toBe(400);
        expect(conflict.body).toEqual({ detail: '"test" and "isTest" have different values; send only "isTest"' });
      });

      it('from the sunset on: rejected with a message naming isTest, nothing stored', async () => {
        const res = await suite.t.call('POST', '/customers', { key, body: validCustomer('c-test4', { test: true }) });
        expect(res.status).toBe(400);
        expect(res.body.detail).toBe('The "test" field was removed on 2026-10-25; send "isTest" instead');
        expect((await suite.t.call('GET', '/customers/c-test4', { key })).status).toBe(404);
      });
    });

    describe('announced contract (company opt-in)', () => {
      let announcedKey: string;
      beforeAll(async () => {
        const c = await suite.t.company('Early Adopter');
        announcedKey = c.apiKey;
        await setCompanyConfig(suite.database.db, c.companyId, {
          ...defaultCompanyConfig(),
          customerContract: 'announced',
        });
      });

      it('requires birthday, ssnLastFour, state and one of phone/email and timezone/zip', async () => {
        const res = await suite.t.call('POST', '/customers', {
          key: announcedKey,
          body: { id: 'a-1', firstName: 'A', lastName: 'B', taskType: 'Collections', streetAddress1: 'x', city: 'y' },
        });
        expect(res.body).toEqual({
          detail: 'Missing required fields: timezone or zipCode, phoneNumber or email, birthday, ssnLastFour, state',
        });
      });

      it('derives the timezone from the ZIP code and rejects an unresolvable ZIP', async () => {
        const body = {
          id: 'a-2',
          firstName: 'A',
          lastName: 'B',
          taskType: 'Collections',
          streetAddress1: 'x',
          city: 'Phoenix',
          state: 'AZ',
          email: 'a@example.com',
          birthday: '1990-02-03',
          ssnLastFour: '1234',
        };
        const ok = await suite.t.call('POST', '/customers', { key: announcedKey, body: { ...body, zipCode: '85001' } });
        expect(ok.status).toBe(201);
        expect(ok.body).toMatchObject({ timezone: 'America/Phoenix', phoneNumber: null, birthday: '1990-02-03' });
        const bad = await suite.t.call('POST', '/customers', {
          key: announcedKey,
          body: { ...body, id: 'a-3', zipCode: '00000' },
        });
        expect(bad.status).toBe(400);
        expect(bad.body).toEqual({ detail: 'zipCode "00000" cannot be resolved to a time zone' });
      });
    });
  });

  describe('PUT /customers/{id}', () => {
    it('changes only the fields sent', async () => {
      await suite.t.call('POST', '/customers', { key, body: validCustomer('c-put', { streetAddress2: 'Unit 9' }) });
      const res = await suite.t.call('PUT', '/customers/c-put', {
        key,
        body: { lastName: 'Byron', phoneNumber: '+1 415 555 2671', doNotCall: true },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        firstName: 'Ada',
        lastName: 'Byron',
        phoneNumber: '+14155552671',
        doNotCall: true,
        streetAddress2: 'Unit 9',
        email: 'ada@example.com',
      });
      const empty = await suite.t.call('PUT', '/customers/c-put', { key, body: {} });
      expect(empty.body).toEqual(res.body);
    });

    it('answers bad input and unknown ids in the {error, message} shape', async () => {
      const bad = await suite.t.call('PUT', '/customers/c-put', { key, body: { birthday: '1990-13-45' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 400, message: 'birthday: must match format "date"' });
      const tz = await suite.t.call('PUT', '/customers/c-put', { key, body: { timezone: 'Mars/Olympus' } });
      expect(tz.body).toEqual({
        error: 400,
        message: 'timezone "Mars/Olympus" is not an IANA time zone name (e.g. America/New_York)',
      });
      const missing = await suite.t.call('PUT', '/customers/nobody', { key, body: { firstName: 'X' } });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 404, message: 'Customer nobody not found' });
    });
  });

  describe('tenancy and authentication', () => {
    it('another company sees 404 on GET and PUT and cannot change the customer', async () => {
      await suite.t.call('POST', '/customers', { key, body: validCustomer('c-mine') });
      const other = await suite.t.company('Other Lender');
      expect((await suite.t.call('GET', '/customers/c-mine', { key: other.apiKey })).status).toBe(404);
      expect(
        (await suite.t.call('PUT', '/customers/c-mine', { key: other.apiKey, body: { firstName: 'Eve' } })).status,
      ).toBe(404);
      expect((await suite.t.call('GET', '/customers/c-mine', { key })).body.firstName).toBe('Ada');
      // The same reference in another company is another customer.
      const theirs = await suite.t.call('POST', '/customers', {
        key: other.apiKey,
        body: validCustomer('c-mine', { firstName: 'Eve' }),
      });
      expect(theirs.status).toBe(201);
      expect((await suite.t.call('GET', '/customers/c-mine', { key })).body.firstName).toBe('Ada');
    });

    it('answers 401 in each family shape for a missing, unknown or revoked key', async () => {
      const revoked = await suite.t.company('Revoked Co');
      const { revokeKey } = await import('../../src/domain/companies/api-keys.js');
      await revokeKey(suite.database.db, revoked.companyId, revoked.apiKey.slice(0, 11), new Date());
      for (const k of [undefined, 'ok_nope', revoked.apiKey]) {
        const create = await suite.t.call('POST', '/customers', { key: k, body: validCustomer() });
        expect(create.status).toBe(401);
        expect(create.body).toEqual({ detail: 'Missing or invalid X-API-Key header' });
        const read = await suite.t.call('GET', '/customers/c-mine', { key: k });
        expect(read.body).toEqual({ error: 401, message: 'Missing or invalid X-API-Key header' });
        const batch = await suite.t.call('POST', '/customers/batch', {
          key: k,
          body: { customers: [validCustomer()] },
        });
        expect(batch.body).toEqual({
          detail: { code: 'unauthorized', message: 'Missing or invalid X-API-Key header' },
        });
      }
    });

    it('a company with several keys sees the same data through each', async () => {
      const { issueApiKey } = await import('../../src/domain/companies/api-keys.js');
      const second = await issueApiKey(suite.database.db, companyId, new Date());
      await suite.t.call('POST', '/customers', { key, body: validCustomer('c-shared') });
      expect((await suite.t.call('GET', '/customers/c-shared', { key: second.apiKey })).status).toBe(200);
    });
  });

  describe('malformed requests', () => {
    it('malformed JSON is 400 in the operation family shape', async () => {
      const a = await suite.t.call('POST', '/customers', { key, rawBody: '{"id": ' });
      expect(a.status).toBe(400);
      expect(a.body).toEqual({ detail: 'Request body is not valid JSON' });
      const b = await suite.t.call('PUT', '/customers/x', { key, rawBody: '{' });
      expect(b.body).toEqual({ error: 400, message: 'Request body is not valid JSON' });
      const c = await suite.t.call('POST', '/customers/schedule/sync', { key, rawBody: 'nope' });
      expect(c.body).toEqual({ detail: { code: 'invalid_request', message: 'Request body is not valid JSON' } });
    });

    it('JSON that is not an object, and a non-JSON content type, are 400', async () => {
      const arr = await suite.t.call('POST', '/customers', { key, body: [1, 2] });
      expect(arr.status).toBe(400);
      const form = await suite.t.call('POST', '/customers', {
        key,
        rawBody: 'id=1',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(400);
      expect(form.body).toEqual({ detail: 'Content-Type must be application/json' });
    });

    it('a body over the limit is 413 and nothing is stored', async () => {
      const huge = validCustomer('c-huge', { externalMetadata: { employer_name: 'x'.repeat(11 * 1024 * 1024) } });
      const res = await suite.t.call('POST', '/customers', { key, body: huge });
      expect(res.status).toBe(413);
      expect(res.body.detail).toMatch(/exceeds the \d+ byte limit/);
      expect((await suite.t.call('GET', '/customers/c-huge', { key })).status).toBe(404);
    });
  });
});
