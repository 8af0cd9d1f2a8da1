import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lmsConnectors } from '../../src/adapters/lms/connectors.js';
import { aesGcmBox } from '../../src/adapters/secrets/aes-gcm-box.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import { readSeedFile } from '../../src/simulators/loanpro/seed.js';
import { startLoanProSimulator, type LoanProSimulator } from '../../src/simulators/loanpro/server.js';
import { DIALECTS } from '../support/databases.js';
import { NOW } from '../support/enrollment.js';
import { waitForJob } from '../support/jobs.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

const SEED = new URL('../../src/simulators/loanpro/demo-seed.json', import.meta.url).pathname;
const box = aesGcmBox(() => Buffer.alloc(32, 3));
const LABEL = 'LoanPro (instance 5200776)';

describe.each(DIALECTS)('LMS connector against the LoanPro simulator on %s', (dialect) => {
  let sim: LoanProSimulator;
  beforeAll(async () => void (sim = await startLoanProSimulator(readSeedFile(SEED))));
  afterAll(() => sim.close());
  beforeEach(() => sim.setFault({ mode: 'none' }));

  const suite = useTestService(dialect, {
    now: () => NOW,
    lms: lmsConnectors(box, { backoffMs: 5 }),
    env: { OUTREACH_JOBS_MAX_ATTEMPTS: '2', OUTREACH_JOBS_RETRY_DELAY_SECONDS: '1' },
  });

  /**
   * A company whose configuration points at the simulator (one retry). The timeout is short only
   * where a test waits for it: elsewhere a loaded machine's pause must not become a retry.
   */
  async function lmsCompany(timeoutMs = 5_000) {
    const company = await suite.t.company();
    const lms = {
      kind: 'loanpro',
      baseUrl: sim.baseUrl,
      instanceId: sim.instanceId,
      token: sim.token,
      timeoutMs,
      retries: 1,
    };
    await setCompanyConfig(suite.database.db, company.companyId, { ...defaultCompanyConfig(), lms }, box);
    return company;
  }
  const post = (key: string, body: unknown) => suite.t.call('POST', '/customers', { key, body });
  const rowsOf = async (table: string, companyId: string) => suite.database.db(table).where({ company_id: companyId });
  /** What replacement sync needs with sync: true (the LMS may supply names, phone and time zone there). */
  const minimal = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    taskType: 'PendingLoanNewLead',
    sync: true,
    ...extra,
  });
  /** What POST /customers and customer-create rows need with sync: true: the fields the contract does not relax under sync. */
  const create = (id: string, extra: Record<string, unknown> = {}) =>
    minimal(id, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      timezone: 'America/New_York',
      phoneNumber: '917-555-0123',
      ...extra,
    });

  it('a customer sent with the fields sync does not relax comes back complete; loanIds imports exactly those loans', async () => {
    const { apiKey: key } = await lmsCompany();
    const res = await post(key, create('1001', { loanIds: [9001] }));
    expect(res.status).toBe(201);
    const complete = {
      id: '1001',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      birthday: '1985-12-10',
      ssnLastFour: '6789',
      timezone: 'America/New_York',
      phoneNumber: '+19175550123',
      streetAddress1: '1 Main St',
      streetAddress2: 'Apt 4',
      city: 'New York',
      state: 'NY',
      zipCode: '10001',
      taskType: 'PendingLoanNewLead',
      externalMetadata: {
        cell_phone: '9175550123',
        home_phone: '2127365000',
        employer_name: 'Analytical Engines Ltd',
        employer_phone: '2125550199',
        pay_frequency: 'biWeekly',
        pay_day: '2026-11-27',
      },
    };
    expect(res.body).toMatchObject(complete);
    expect((await suite.t.call('GET', '/customers/1001', { key })).body).toMatchObject(complete);

    const loans = await suite.t.call('GET', '/customers/1001/loans', { key });
    expect(loans.status).toBe(200);
    expect(loans.body).toHaveLength(1); // 9002 is also Ada's, but was not asked for
    expect(loans.body[0]).toMatchObject({
      id: '9001',
      customerId: '1001',
      type: 'installment',
      servicingStatus: 'Open',
      applicationStatus: 'Past Due',
      originationDate: '2026-05-01',
      startDate: '2026-06-01',
      dueDate: '2026-12-01',
      totalBalance: 2011.02,
      amountDue: 212.4,
      originalFundedAmount: 2500,
      interestRate: 24.99,
      apr: 27.31,
      payoffAmount: 2011.02,
      autopayEnabled: true,
      daysPastDueAtBoarding: 12,
      externalLmsMetadata: {
        lms: 'loanpro',
        loanId: 9001,
        displayId: 'LN-9001',
        loanClass: 'consumer',
        statusDate: '2026-11-20',
      },
    });
  });

  it('fields the request sends win (metadata key by key); importing again upserts on (customerId, id)', async () => {
    const { apiKey: key, companyId } = await lmsCompany();
    await post(key, create('1001', { loanIds: [9001] }));
    const res = await post(
      key,
      create('1001', {
        firstName: 'Augusta',
        phoneNumber: '212-736-5000',
        email: 'own@example.com',
        externalMetadata: { employer_name: 'Own Co' },
        loanIds: [9002, 9001],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      phoneNumber: '+12127365000',
      email: 'own@example.com',
      city: 'New York',
    });
    expect(res.body.externalMetadata).toMatchObject({ employer_name: 'Own Co', home_phone: '2127365000' });
    expect((await rowsOf('loans', companyId)).map((l) => l.id).sort()).toEqual(['9001', '9002']);
  });

  it('only the fields the contract relaxes under sync may come from the LMS: the others must be sent, and the LMS is not asked', async () => {
    const { apiKey: key, companyId } = await lmsCompany();
    const before = sim.requests.length;
    const res = await post(key, minimal('1002'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Missing required fields: firstName, lastName, timezone, phoneNumber' });
    expect(sim.requests.length).toBe(before);
    expect(await rowsOf('customers', companyId)).toHaveLength(0);
    const ok = await post(key, create('1002', { firstName: 'Grace', lastName: 'Hopper', phoneNumber: '703-555-0142' }));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      firstName: 'Grace',
      email: 'grace@example.com',
      city: 'Arlington',
      state: 'VA',
      zipCode: '22201',
    });
  });

  it('a write without taskType fails on its required fields without asking the LMS', async () => {
    const { apiKey: key } = await lmsCompany();
    const before = sim.requests.length;
    const res = await post(key, { id: '1001', sync: true });
    expect(res.body).toEqual({
      detail: 'Missing required fields: firstName, lastName, timezone, phoneNumber, taskType',
    });
    expect(sim.requests.length).toBe(before);
  });

  describe('faults answer clearly and write nothing', () => {
    it.each([
      [
        'the LMS times out',
        { mode: 'timeout' as const },
        503,
        /^LoanPro \(instance 5200776\) is unavailable: no answer within 300 ms \(customer 1001; 2 attempts\); retry later$/,
      ],
      ['the LMS answers 5xx', { mode: 'error' as const, status: 500 }, 503, /is unavailable: it answered HTTP 500/],
      [
        'the LMS rejects the credentials',
        { mode: 'unauthorized' as const },
        502,
        /rejected the credentials in this company's LMS configuration \(lms\.token, lms\.instanceId\): HTTP 401/,
      ],
      [
        'the LMS payload is malformed',
        { mode: 'malformed' as const },
        502,
        /returned a malformed customer 1001: d\.firstName must be a string/,
      ],
    ])('%s', async (_, fault, status, message) => {
      const { apiKey: key, companyId } = await lmsCompany(fault.mode === 'timeout' ? 300 : undefined);
      sim.setFault(fault);
      const res = await post(key, create('1001', { loanIds: [9001] }));
      expect(res.status).toBe(status);
      expect(res.body.detail).toMatch(message);
      if (status === 503) expect(res.headers.get('retry-after')).toBe('5');
      expect(await rowsOf('customers', companyId)).toHaveLength(0);
      expect(await rowsOf('loans', companyId)).toHaveLength(0);
    });

    it('a customer the LMS does not have is 404; a loan it does not have for the customer is 400', async () => {
      const { apiKey: key, companyId } = await lmsCompany();
      const missing = await post(key, create('4242'));
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: `Customer 4242 not found in ${LABEL}` });
      const loan = await post(key, create('1001', { loanIds: [9001, 9100] }));
      expect(loan.status).toBe(400);
      expect(loan.body).toEqual({ detail: `loanIds: loan 9100 of customer 1001 not found in ${LABEL}` });
      expect(await rowsOf('customers', companyId)).toHaveLength(0);
      expect(await rowsOf('loans', companyId)).toHaveLength(0);
    });
  });

  describe('replacement sync', () => {
    const sync = (key: string, body: unknown) => suite.t.call('POST', '/customers/schedule/sync', { key, body });

    it('with sync: true creates the schedule from LMS data', async () => {
      const { apiKey: key } = await lmsCompany();
      const res = await sync(key, minimal('1001'));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: '1001',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phoneNumber: '+19175550123',
        timezone: 'America/New_York',
        scheduleCreated: true,
        tasksCreated: 1,
      });
      const calls = await suite.t.call('GET', '/scheduled-calls/customer/1001', { key });
      expect(calls.body.length).toBeGreaterThan(0);
    });

    it('the LMS down is a 503 with Retry-After and nothing written', async () => {
      const { apiKey: key, companyId } = await lmsCompany();
      sim.setFault({ mode: 'error' });
      const res = await sync(key, minimal('1001'));
      expect(res.status).toBe(503);
      expect(res.body.detail.code).toBe('service_unavailable');
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await rowsOf('customers', companyId)).toHaveLength(0);
    });

    it('LMS-fillable fields missing without sync name sync: true as the way to fill them', async () => {
      const { apiKey: key } = await lmsCompany();
      const res = await sync(key, {
        id: '1001',
        taskType: 'PendingLoanNewLead',
        email: 'a@example.com',
        streetAddress1: 'x',
        city: 'y',
        state: 'NY',
        zipCode: '10001',
      });
      expect(res.body.detail.message).toBe(
        "Missing required fields: firstName, lastName, timezone, phoneNumber; send sync: true to take firstName, lastName, timezone, phoneNumber from the company's LMS",
      );
    });
  });

  describe('customer batches', () => {
    const submit = async (key: string, customers: unknown[]) => {
      const res = await suite.t.call('POST', '/customers/batch', { key, body: { customers } });
      expect(res.status).toBe(202);
      return waitForJob(suite.t, key, `/customers/batch/${res.body.jobId}`);
    };

    it('rows with sync and loanIds are filled from the LMS; a row the LMS lacks fails alone with its status', async () => {
      const { apiKey: key, companyId } = await lmsCompany();
      const job = await submit(key, [
        create('1001', { loanIds: [9001] }),
        create('1002', { phoneNumber: '703-555-0142' }),
        create('4242'),
        create('1002b'),
      ]);
      expect(job).toMatchObject({ status: 'completed', processed: 4, failed: 2 });
      expect(job.failures).toEqual([
        { index: 2, customerId: '4242', message: `404: Customer 4242 not found in ${LABEL}` },
        {
          index: 3,
          customerId: '1002b',
          message: `400: id "1002b" is not a LoanPro customer id (a positive integer); sync reads the customer with this id from ${LABEL}`,
        },
      ]);
      expect((await suite.t.call('GET', '/customers/1001', { key })).body).toMatchObject({
        firstName: 'Ada',
        timezone: 'America/New_York',
      });
      expect((await rowsOf('loans', companyId)).map((l) => l.id)).toEqual(['9001']);
    });

    it('a row whose LMS is down is retried with the job backoff and succeeds when the LMS is back', async () => {
      const { apiKey: key } = await lmsCompany();
      sim.setFault({ mode: 'error', times: 2 }); // the first attempt's two requests fail
      const job = await submit(key, [
        create('1001'),
        {
          id: 'plain',
          taskType: 'PendingLoanNewLead',
          firstName: 'P',
          lastName: 'Q',
          timezone: 'America/Chicago',
          phoneNumber: '312-555-0188',
          email: 'p@example.com',
          streetAddress1: 'a',
          city: 'b',
          state: 'IL',
          zipCode: '60601',
        },
      ]);
      expect(job).toMatchObject({ status: 'completed', processed: 2, failed: 0 });
      expect((await suite.t.call('GET', '/customers/1001', { key })).body.firstName).toBe('Ada');
    });

    it('a row whose LMS stays down fails as 503 after the last attempt; other rows are saved', async () => {
      const { apiKey: key, companyId } = await lmsCompany(300);
      sim.setFault({ mode: 'timeout' });
      const job = await submit(key, [
        create('1001'),
        {
          id: 'plain2',
          taskType: 'PendingLoanNewLead',
          firstName: 'P',
          lastName: 'Q',
          timezone: 'America/Chicago',
          phoneNumber: '312-555-0188',
          email: 'p@example.com',
          streetAddress1: 'a',
          city: 'b',
          state: 'IL',
          zipCode: '60601',
        },
      ]);
      expect(job).toMatchObject({ status: 'completed', processed: 2, failed: 1 });
      expect(job.failures).toEqual([
        {
          index: 0,
          customerId: '1001',
          message: `503: ${LABEL} is unavailable: no answer within 300 ms (customer 1001; 2 attempts); retry later`,
        },
      ]);
      expect((await rowsOf('customers', companyId)).map((c) => c.id)).toEqual(['plain2']);
    });
  });

  it('the token is stored encrypted and read back masked', async () => {
    const { companyId } = await lmsCompany();
    const stored = await tables(suite.database.db).companies().where({ id: companyId }).first();
    const raw = typeof stored!.config === 'string' ? stored!.config : JSON.stringify(stored!.config);
    expect(raw).not.toContain(sim.token);
    expect(raw).toMatch(/"token":"enc:v1:/);
    expect((await getCompanyConfig(suite.database.db, companyId)).lms?.token).toBe('********');
  });

  it('a token that cannot be decrypted names the configuration (502), not a 500', async () => {
    const { apiKey: key, companyId } = await lmsCompany();
    const other = aesGcmBox(() => Buffer.alloc(32, 9));
    const lms = { kind: 'loanpro', baseUrl: sim.baseUrl, instanceId: sim.instanceId, token: sim.token };
    await setCompanyConfig(suite.database.db, companyId, { ...defaultCompanyConfig(), lms }, other);
    const res = await post(key, create('1001'));
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/^The secret in this company's configuration \(lms\.token\) cannot be decrypted/);
  });
});
