import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lmsConnectors } from '../../src/adapters/lms/connectors.js';
import { aesGcmBox } from '../../src/adapters/secrets/aes-gcm-box.js';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { readSeedFile } from '../../src/simulators/loanpro/seed.js';
import { startLoanProSimulator, type LoanProSimulator } from '../../src/simulators/loanpro/server.js';
import { DIALECTS } from '../support/databases.js';
import { NOW } from '../support/enrollment.js';
import { waitForJob } from '../support/jobs.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

// `sync: true` keeps the contract's required fields (interface specification, POST /customers: "`phoneNumber`
// and `timezone` are always required"): on POST /customers and customer-create rows only the fields the
// contract relaxes under sync (email, streetAddress1, city, state, zipCode) may come from the LMS, with or
// without an LMS configured. Replacement sync keeps its own rule ("available after the optional LMS fill").

const SEED = new URL('../../src/simulators/loanpro/demo-seed.json', import.meta.url).pathname;
const box = aesGcmBox(() => Buffer.alloc(32, 3));
const MISSING = 'Missing required fields: timezone, phoneNumber';

describe.each(DIALECTS)('sync: true keeps the required fields on %s', (dialect) => {
  let sim: LoanProSimulator;
  beforeAll(async () => void (sim = await startLoanProSimulator(readSeedFile(SEED))));
  afterAll(() => sim.close());

  const suite = useTestService(dialect, { now: () => NOW, lms: lmsConnectors(box, { backoffMs: 5 }) });

  /** A company with the LoanPro simulator as its LMS, or (lms false) without any LMS. */
  async function company(lms: boolean, contract: 'current' | 'announced' = 'current') {
    const c = await suite.t.company();
    const section = lms
      ? {
          lms: {
            kind: 'loanpro',
            baseUrl: sim.baseUrl,
            instanceId: sim.instanceId,
            token: sim.token,
            timeoutMs: 1000,
            retries: 1,
          },
        }
      : {};
    await setCompanyConfig(
      suite.database.db,
      c.companyId,
      { ...defaultCompanyConfig(), customerContract: contract, ...section },
      box,
    );
    return c;
  }
  /** Names and task type sent, phone and time zone not: everything else is relaxed under sync. */
  const withoutPhoneAndZone = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    taskType: 'PendingLoanNewLead',
    sync: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...extra,
  });
  const customersOf = async (companyId: string) =>
    tables(suite.database.db).customers().where({ company_id: companyId });
  async function batch(key: string, rows: unknown[]) {
    const res = await suite.t.call('POST', '/customers/batch', { key, body: { customers: rows } });
    expect(res.status).toBe(202);
    return waitForJob(suite.t, key, `/customers/batch/${res.body.jobId}`);
  }

  describe.each([
    ['without an LMS', false],
    ['with an LMS that has the phone and the address', true],
  ])('%s', (_, lms) => {
    it('POST /customers without phoneNumber and timezone: 400 naming them, nothing written, the LMS not asked', async () => {
      const { apiKey: key, companyId } = await company(lms);
      const before = sim.requests.length;
      const res = await suite.t.call('POST', '/customers', { key, body: withoutPhoneAndZone('1001') });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: MISSING });
      expect(sim.requests.length).toBe(before);
      expect(await customersOf(companyId)).toHaveLength(0);
    });

    it('POST /customers without timezone alone: 400 naming it', async () => {
      const { apiKey: key } = await company(lms);
      const res = await suite.t.call('POST', '/customers', {
        key,
        body: withoutPhoneAndZone('1001', { phoneNumber: '917-555-0123' }),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Missing required fields: timezone' });
    });

    it('a customer-create row without them fails alone with the same message; the other rows are saved', async () => {
      const { apiKey: key, companyId } = await company(lms);
      const complete = withoutPhoneAndZone('1001', {
        phoneNumber: '917-555-0123',
        timezone: 'America/New_York',
        sync: false,
        email: 'a@example.com',
        streetAddress1: '1 Main St',
        city: 'New York',
        state: 'NY',
        zipCode: '10001',
      });
      const job = await batch(key, [
        withoutPhoneAndZone('1001'),
        complete,
        withoutPhoneAndZone('1002', { phoneNumber: '703-555-0142' }),
      ]);
      expect(job).toMatchObject({ status: 'completed', processed: 3, failed: 2 });
      expect(job.failures).toEqual([
        { index: 0, customerId: '1001', message: `400: ${MISSING}` },
        { index: 2, customerId: '1002', message: '400: Missing required fields: timezone' },
      ]);
      expect((await customersOf(companyId)).map((c) => c.id)).toEqual(['1001']);
    });
  });

  it('with an LMS, a row missing required fields fails on them without the LMS being asked (even for a customer it lacks)', async () => {
    const { apiKey: key } = await company(true);
    const before = sim.requests.length;
    const job = await batch(key, [withoutPhoneAndZone('4242')]);
    expect(job.failures).toEqual([{ index: 0, customerId: '4242', message: `400: ${MISSING}` }]);
    expect(sim.requests.length).toBe(before);
  });

  it('without an LMS, a write that has every required field still hears that sync: true needs one', async () => {
    const { apiKey: key } = await company(false);
    const body = withoutPhoneAndZone('1001', { phoneNumber: '917-555-0123', timezone: 'America/New_York' });
    const res = await suite.t.call('POST', '/customers', { key, body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(
      /^sync: true fetches missing customer data from the company's LMS, but no LMS connector is configured/,
    );
    const job = await batch(key, [body]);
    expect(job.failures).toEqual([
      {
        index: 0,
        customerId: '1001',
        message: expect.stringMatching(/^400: sync: true fetches missing customer data/),
      },
    ]);
  });

  it('with an LMS, the fields relaxed under sync come from it (single and batch row)', async () => {
    const { apiKey: key } = await company(true);
    const body = withoutPhoneAndZone('1001', { phoneNumber: '917-555-0123', timezone: 'America/New_York' });
    const res = await suite.t.call('POST', '/customers', { key, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'ada@example.com',
      streetAddress1: '1 Main St',
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
    });
    const job = await batch(key, [
      { ...body, id: '1002', firstName: 'Grace', lastName: 'Hopper', timezone: 'America/New_York' },
    ]);
    expect(job).toMatchObject({ status: 'completed', failed: 0 });
    expect((await suite.t.call('GET', '/customers/1002', { key })).body).toMatchObject({
      email: 'grace@example.com',
      state: 'VA',
      zipCode: '22201',
    });
  });

  it('the announced contract: its required fields are not relaxed under sync either', async () => {
    const { apiKey: key } = await company(true, 'announced');
    const res = await suite.t.call('POST', '/customers', { key, body: withoutPhoneAndZone('1001') });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: 'Missing required fields: timezone or zipCode, phoneNumber or email, birthday, ssnLastFour, state',
    });
  });

  it('replacement sync keeps its own rule: phone and time zone may come from the LMS', async () => {
    const { apiKey: key } = await company(true);
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: { id: '1001', taskType: 'PendingLoanNewLead', sync: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phoneNumber: '+19175550123', timezone: 'America/New_York' });
  });
});
