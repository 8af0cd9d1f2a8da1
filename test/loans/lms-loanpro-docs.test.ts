import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lmsConnectors } from '../../src/adapters/lms/connectors.js';
import { aesGcmBox } from '../../src/adapters/secrets/aes-gcm-box.js';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { NO_DATE } from '../../src/simulators/loanpro/render.js';
import { readSeedFile } from '../../src/simulators/loanpro/seed.js';
import { startLoanProSimulator, type LoanProSimulator } from '../../src/simulators/loanpro/server.js';
import { DIALECTS } from '../support/databases.js';
import { NOW } from '../support/enrollment.js';
import { waitForJob } from '../support/jobs.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

// LoanPro as its documentation describes it (docs/partners/lms.md#loanpro-field-mapping): each rule of the
// mapping that the documentation decides, over HTTP against the LoanPro simulator, on both databases.

const SEED = new URL('../../src/simulators/loanpro/demo-seed.json', import.meta.url).pathname;
const box = aesGcmBox(() => Buffer.alloc(32, 3));
const LABEL = 'LoanPro (instance 5200776)';
const DAY_MS = 86_400_000;

/** A phone LoanPro may dial and text unless the fields say otherwise. */
const phone = (id: number, number: string, fields: Record<string, unknown> = {}) => ({
  id,
  phone: number,
  type: 'customer.phoneType.cell',
  isPrimary: '0',
  sbtActVerified: 1,
  isLandLine: 0,
  dndEnabled: 0,
  active: 1,
  ...fields,
});

/** The demo seed, plus a loan with 120 daily snapshots listed oldest first and customers whose phones test the phone rules. */
function seed() {
  const s = readSeedFile(SEED);
  const newest = Date.parse('2026-11-20T00:00:00Z');
  const StatusArchive = Array.from({ length: 120 }, (_, i) => ({
    id: 80_000 + i,
    date: new Date(newest - (119 - i) * DAY_MS).toISOString().slice(0, 10),
    loanStatusText: 'Open',
    loanSubStatusText: i === 119 ? 'Current' : 'Past Due',
    daysPastDue: 119 - i,
    principalBalance: '900.00',
    payoff: `${1000 + i}.25`,
    amountDue: `${119 - i}.00`,
    nextPaymentDate: '2026-12-01',
  }));
  s.loans.push(
    {
      id: 9200,
      displayId: 'LN-9200',
      customerIds: [1001],
      LoanSetup: { loanType: 'loan.type.installment', loanAmount: '1500.00' },
      StatusArchive,
    },
    {
      id: 9300,
      customerIds: [1001],
      LoanSetup: { contractDate: '2026-05-01' },
      StatusArchive: [{ id: 93_001, date: '2026-11-20', nextPaymentDate: '2026-12-01' }],
    },
  );
  const address = { address1: '1 Lake St', city: 'Chicago', state: 'geo.state.IL', zipcode: '60601' };
  s.customers.push(
    {
      id: 1004,
      firstName: 'Only',
      lastName: 'Dnd',
      email: 'dnd@example.com',
      PrimaryAddress: address,
      Phones: [
        phone(641, '3125550140', { isPrimary: '1', dndEnabled: 1 }),
        phone(642, '3125550141', { type: 'customer.phoneType.home', dndEnabled: '1' }),
      ],
    },
    {
      id: 1005,
      firstName: 'No',
      lastName: 'Consent',
      email: 'nc@example.com',
      PrimaryAddress: address,
      Phones: [phone(651, '3125550150', { isPrimary: '1', sbtActVerified: 0 }), phone(652, '3125550151')],
    },
  );
  return s;
}

describe.each(DIALECTS)('LoanPro as documented, over HTTP on %s', (dialect) => {
  let sim: LoanProSimulator;
  const data = seed(); // the simulator serves this object: a test may change what LoanPro holds
  beforeAll(async () => void (sim = await startLoanProSimulator(data)));
  afterAll(() => sim.close());

  const suite = useTestService(dialect, { now: () => NOW, lms: lmsConnectors(box, { backoffMs: 5 }) });

  async function lmsCompany() {
    const company = await suite.t.company();
    const lms = {
      kind: 'loanpro',
      baseUrl: sim.baseUrl,
      instanceId: sim.instanceId,
      token: sim.token,
      timeoutMs: 1000,
      retries: 1,
    };
    await setCompanyConfig(suite.database.db, company.companyId, { ...defaultCompanyConfig(), lms }, box);
    return company;
  }
  const create = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    taskType: 'PendingLoanNewLead',
    sync: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    timezone: 'America/New_York',
    phoneNumber: '917-555-0123',
    ...extra,
  });
  const post = (key: string, body: unknown) => suite.t.call('POST', '/customers', { key, body });
  const replace = (key: string, id: string) =>
    suite.t.call('POST', '/customers/schedule/sync', { key, body: { id, taskType: 'PendingLoanNewLead', sync: true } });
  const loansOf = async (key: string, id: string) =>
    (await suite.t.call('GET', `/customers/${id}/loans`, { key })).body as Record<string, unknown>[];
  /** A GET to the simulator as the adapter would send it. */
  const raw = (path: string) =>
    fetch(`${sim.baseUrl}/odata.svc/${path}`, {
      headers: { Authorization: `Bearer ${sim.token}`, 'Autopal-Instance-Id': sim.instanceId },
    });

  it('current loan values come from the newest daily snapshot, beyond the first page of 50', async () => {
    const { apiKey: key } = await lmsCompany();
    // The simulator lists snapshots oldest first and cuts an $expand-ed list at 50, as a page would be.
    const expanded = await (await raw('Loans(9200)?$expand=StatusArchive')).json();
    expect(expanded.d.StatusArchive.results).toHaveLength(50);
    const res = await post(key, create('1001', { loanIds: [9200] }));
    expect(res.status).toBe(201);
    const [loan] = await loansOf(key, '1001');
    expect(loan).toMatchObject({
      id: '9200',
      applicationStatus: 'Current',
      daysPastDueAtBoarding: 0,
      totalBalance: 1119.25,
      payoffAmount: 1119.25,
      amountDue: 0,
      externalLmsMetadata: { statusDate: '2026-11-20' },
    });
  });

  it('balances mean what their names say: totalBalance is the payoff (not principalBalance), amountDue the amount due', async () => {
    const { apiKey: key } = await lmsCompany();
    expect((await post(key, create('1001', { loanIds: [9001] }))).status).toBe(201);
    const [loan] = await loansOf(key, '1001');
    expect(loan).toMatchObject({ totalBalance: 2011.02, payoffAmount: 2011.02, amountDue: 212.4 });
  });

  describe('a missing id, answered 409 as LoanPro documents, is not found', () => {
    it('the simulator answers 409 for a missing customer and loan', async () => {
      expect((await raw('Customers(4242)')).status).toBe(409);
      expect((await raw('Loans(4242)')).status).toBe(409);
      expect((await raw('Loans(4242)/StatusArchive?nopaging')).status).toBe(409);
    });

    it('POST /customers: 404 for the customer, 400 naming the loanIds entry; nothing written', async () => {
      const { apiKey: key, companyId } = await lmsCompany();
      const customer = await post(key, create('4242'));
      expect(customer.status).toBe(404);
      expect(customer.body).toEqual({ detail: `Customer 4242 not found in ${LABEL}` });
      const loan = await post(key, create('1001', { loanIds: [9001, 4242] }));
      expect(loan.status).toBe(400);
      expect(loan.body).toEqual({ detail: `loanIds: loan 4242 of customer 1001 not found in ${LABEL}` });
      expect(await tables(suite.database.db).customers().where({ company_id: companyId })).toHaveLength(0);
    });

    it('customer-create rows fail alone with the same status and message', async () => {
      const { apiKey: key } = await lmsCompany();
      const submitted = await suite.t.call('POST', '/customers/batch', {
        key,
        body: {
          customers: [
            create('4242'),
            create('1001', { loanIds: [4242] }),
            create('1002', { firstName: 'Grace', lastName: 'Hopper' }),
          ],
        },
      });
      expect(submitted.status).toBe(202);
      const job = await waitForJob(suite.t, key, `/customers/batch/${submitted.body.jobId}`);
      expect(job).toMatchObject({ status: 'completed', processed: 3, failed: 2 });
      expect(job.failures).toEqual([
        { index: 0, customerId: '4242', message: `404: Customer 4242 not found in ${LABEL}` },
        { index: 1, customerId: '1001', message: `400: loanIds: loan 4242 of customer 1001 not found in ${LABEL}` },
      ]);
    });
  });

  it('the "no date" value becomes null: a birthday and a due date LoanPro does not have', async () => {
    const { apiKey: key } = await lmsCompany();
    expect((await (await raw('Customers(1002)')).json()).d.birthDate).toBe(NO_DATE);
    expect((await (await raw('Loans(9002)/StatusArchive?nopaging')).json()).d.results[0].nextPaymentDate).toBe(NO_DATE);
    const grace = await post(key, create('1002', { firstName: 'Grace', lastName: 'Hopper' }));
    expect(grace.status).toBe(201);
    expect(grace.body).toMatchObject({ birthday: null, state: 'VA' });
    const ada = await post(key, create('1001', { loanIds: [9002] }));
    expect(ada.status).toBe(201);
    expect((await loansOf(key, '1001'))[0]).toMatchObject({ id: '9002', servicingStatus: 'Paid Off', dueDate: null });
  });

  it('a date LoanPro no longer has is cleared when the loan is imported again', async () => {
    const { apiKey: key } = await lmsCompany();
    const snapshot = (data.loans.find((l) => l.id === 9300)!.StatusArchive as Record<string, unknown>[])[0];
    snapshot.nextPaymentDate = '2026-12-01';
    expect((await post(key, create('1001', { loanIds: [9300] }))).status).toBe(201);
    expect((await loansOf(key, '1001'))[0]).toMatchObject({ dueDate: '2026-12-01', originationDate: '2026-05-01' });
    snapshot.nextPaymentDate = '0000-00-00';
    expect((await post(key, create('1001', { loanIds: [9300] }))).status).toBe(200);
    expect((await loansOf(key, '1001'))[0]).toMatchObject({ dueDate: null, originationDate: '2026-05-01' });
  });

  describe('phones marked Do Not Call are never dialed or texted; SMS fields decide texting', () => {
    it('a Do Not Call primary phone is passed over for the next eligible one, everywhere', async () => {
      const { apiKey: key } = await lmsCompany();
      const res = await replace(key, '1003');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ phoneNumber: '+17575550101', scheduleCreated: true });
      const customer = (await suite.t.call('GET', '/customers/1003', { key })).body;
      expect(customer.externalMetadata).toEqual({ cell_phone: '7575550101', home_phone: '7575550102' });
      const calls = (await suite.t.call('GET', '/scheduled-calls/customer/1003', { key })).body;
      expect(calls.length).toBeGreaterThan(0);
      expect(JSON.stringify([customer, calls])).not.toContain('7575550100');
    });

    it('with only Do Not Call phones there is no number: the required-field rule answers', async () => {
      const { apiKey: key, companyId } = await lmsCompany();
      const res = await replace(key, '1004');
      expect(res.status).toBe(400);
      expect(res.body.detail.message).toBe(`Missing required fields: phoneNumber; not in the request nor in ${LABEL}`);
      expect(await tables(suite.database.db).customers().where({ company_id: companyId })).toHaveLength(0);
    });

    it('a primary phone not verified for texts is not the number we text: it is dialed in rotation only', async () => {
      const { apiKey: key } = await lmsCompany();
      const res = await replace(key, '1005');
      expect(res.status).toBe(200);
      expect(res.body.phoneNumber).toBe('+13125550151');
      expect((await suite.t.call('GET', '/customers/1005', { key })).body.externalMetadata).toEqual({
        cell_phone: '3125550150',
      });
    });

    it('POST /customers: rotation numbers from LoanPro skip Do Not Call phones', async () => {
      const { apiKey: key } = await lmsCompany();
      const res = await post(key, create('1004', { firstName: 'Only', lastName: 'Dnd' }));
      expect(res.status).toBe(201);
      expect(res.body.externalMetadata ?? {}).toEqual({});
    });
  });
});
