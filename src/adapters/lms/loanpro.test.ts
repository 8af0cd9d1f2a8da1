import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidInputError, NotFoundError, UnavailableError, UpstreamError } from '../../domain/shared/errors.js';
import { parseSeed, readSeedFile } from '../../simulators/loanpro/seed.js';
import { startLoanProSimulator, type LoanProSimulator } from '../../simulators/loanpro/server.js';
import { perCompanyLimit } from './http-reader.js';
import { loanProConnector } from './loanpro.js';

const SEED = new URL('../../simulators/loanpro/demo-seed.json', import.meta.url).pathname;

let sim: LoanProSimulator;
beforeAll(async () => void (sim = await startLoanProSimulator(readSeedFile(SEED))));
afterAll(() => sim.close());
beforeEach(() => {
  sim.setFault({ mode: 'none' });
  sim.requests.length = 0;
});

const connector = (o: { token?: string; retries?: number; max?: number; timeoutMs?: number } = {}) =>
  loanProConnector(
    { baseUrl: sim.baseUrl, instanceId: sim.instanceId, token: o.token ?? sim.token },
    // A short timeout only where a test waits for it: elsewhere a loaded machine's pause would be a retry.
    { timeoutMs: o.timeoutMs ?? 5_000, retries: o.retries ?? 2, backoffMs: 5, limit: perCompanyLimit(o.max ?? 4) },
  );

describe('LoanPro adapter against the simulator', () => {
  it('reads a customer with its address, phones and employer', async () => {
    const c = await connector().getCustomer('1001');
    expect(c).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthday: '1985-12-10',
      ssnLastFour: '6789',
      phoneNumber: '9175550123',
      state: 'NY',
      zipCode: '10001',
    });
    expect(c.externalMetadata).toMatchObject({
      cell_phone: '9175550123',
      home_phone: '2127365000',
      employer_name: 'Analytical Engines Ltd',
    });
    // The entity with its single nested objects, then its list from the list's own endpoint, unpaged.
    expect(sim.requests.map((r) => r.path)).toEqual([
      '/api/public/api/1/odata.svc/Customers(1001)?$expand=PrimaryAddress,Employer',
      '/api/public/api/1/odata.svc/Customers(1001)/Phones?nopaging',
    ]);
  });

  it('reads a loan: the entity, then its customers and daily snapshots from their own endpoints, unpaged', async () => {
    await connector().getLoan('1001', 9001);
    expect(sim.requests.map((r) => r.path).sort()).toEqual([
      '/api/public/api/1/odata.svc/Loans(9001)/Customers?nopaging',
      '/api/public/api/1/odata.svc/Loans(9001)/StatusArchive?nopaging',
      '/api/public/api/1/odata.svc/Loans(9001)?$expand=LoanSetup,LoanSettings',
    ]);
  });

  it('reads a loan of that customer', async () => {
    expect(await connector().getLoan('1001', 9001)).toMatchObject({
      id: '9001',
      originalFundedAmount: 2500,
      daysPastDueAtBoarding: 12,
      servicingStatus: 'Open',
    });
  });

  it('a customer missing in LoanPro is NotFound naming it', async () => {
    await expect(connector().getCustomer('4242')).rejects.toThrow(
      new NotFoundError('Customer 4242 not found in LoanPro (instance 5200776)'),
    );
  });

  it('LoanPro answers 409 for a missing id (as documented), and only that answer reads as not found', async () => {
    const raw = await fetch(`${sim.baseUrl}/odata.svc/Customers(4242)`, {
      headers: { Authorization: `Bearer ${sim.token}`, 'Autopal-Instance-Id': sim.instanceId },
    });
    expect(raw.status).toBe(409);
    expect((await raw.json()).error.code).toBe(409);
    await expect(connector().getLoan('1001', 4242)).rejects.toThrow(
      new InvalidInputError('loanIds: loan 4242 of customer 1001 not found in LoanPro (instance 5200776)'),
    );
    // A 404 whose body is not about an id (here the fault's "Service Unavailable") is not "not found".
    sim.setFault({ mode: 'error', status: 404, times: 1 });
    await expect(connector().getCustomer('1001')).rejects.toMatchObject({
      code: 'lms_request_rejected',
      message: expect.stringContaining('"Service Unavailable"'),
    });
  });

  it('answers 409 for each other documented cause, and the adapter names it instead of "not found"', async () => {
    const headers = { Authorization: `Bearer ${sim.token}`, 'Autopal-Instance-Id': sim.instanceId };
    const answer = async (path: string, method = 'GET') => {
      const res = await fetch(`${sim.baseUrl}/odata.svc/${path}`, { method, headers });
      return { status: res.status, message: ((await res.json()) as { error: { message: string } }).error.message };
    };
    // Typos within the endpoint; mismatching payload and endpoint; missing required payload fields.
    expect(await answer('Customers(1001)/Phonez')).toEqual({
      status: 409,
      message: "Resource not found for the segment '/odata.svc/Customers(1001)/Phonez'",
    });
    expect(await answer('Loans(9001)?$expand=PrimaryAddress')).toEqual({
      status: 409,
      message: "Property 'PrimaryAddress' is not a navigation property of Loans",
    });
    expect(await answer('Customers(1001)', 'POST')).toEqual({
      status: 409,
      message: 'Missing required payload fields',
    });
    // A base URL with a typo reaches no entity: a configuration error naming lms.baseUrl, not a missing customer.
    const typo = loanProConnector(
      { baseUrl: `${sim.baseUrl}/x`, instanceId: sim.instanceId, token: sim.token },
      { timeoutMs: 5_000, retries: 0, backoffMs: 5, limit: perCompanyLimit(1) },
    );
    const err = await typo.getCustomer('1001').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ code: 'lms_request_rejected', message: expect.stringContaining('lms.baseUrl') });
    expect(err).not.toBeInstanceOf(NotFoundError);
  });

  it('test controls change a loan status and a phone flag between reads', async () => {
    const local = await startLoanProSimulator(readSeedFile(SEED));
    try {
      const c = loanProConnector(
        { baseUrl: local.baseUrl, instanceId: local.instanceId, token: local.token },
        { timeoutMs: 5_000, retries: 0, backoffMs: 5, limit: perCompanyLimit(2) },
      );
      expect(await c.getLoan('1001', 9001)).toMatchObject({ servicingStatus: 'Open', applicationStatus: 'Past Due' });
      local.setLoanStatus(9001, { loanStatusText: 'Open', loanSubStatusText: 'Bankruptcy' });
      expect(await c.getLoan('1001', 9001)).toMatchObject({ applicationStatus: 'Bankruptcy' });
      expect((await c.getCustomer('1001')).phoneNumber).toBe('9175550123');
      local.setPhoneDnd(1001, '9175550123', true);
      expect((await c.getCustomer('1001')).phoneNumber).not.toBe('9175550123');
    } finally {
      await local.close();
    }
  });

  it('dial-time reads: the newest status and sub-status, every phone with its flags; each follows the test controls', async () => {
    const local = await startLoanProSimulator(readSeedFile(SEED));
    try {
      const c = loanProConnector(
        { baseUrl: local.baseUrl, instanceId: local.instanceId, token: local.token },
        { timeoutMs: 5_000, retries: 0, backoffMs: 5, limit: perCompanyLimit(2) },
      );
      expect(await c.loanStanding(9001)).toEqual({ status: 'Open', subStatus: 'Past Due' });
      local.setLoanStatus(9001, { loanStatusText: 'Open', loanSubStatusText: 'Open-bankruptcy' });
      expect(await c.loanStanding(9001)).toEqual({ status: 'Open', subStatus: 'Open-bankruptcy' });
      expect(local.requests.at(-1)?.path).toBe('/api/public/api/1/odata.svc/Loans(9001)/StatusArchive?nopaging');
      const phones = await c.customerPhones('1001');
      expect(phones).toContainEqual({ number: '6465550111', doNotCall: true, active: true });
      expect(phones).toContainEqual({ number: '2125550100', doNotCall: false, active: false });
      expect(phones).toContainEqual({ number: '9175550123', doNotCall: false, active: true });
      local.setPhoneDnd(1001, '9175550123', true);
      expect(await c.customerPhones('1001')).toContainEqual({ number: '9175550123', doNotCall: true, active: true });
      // A missing id is LoanPro's 409 about the id: not found, not a configuration error.
      await expect(c.loanStanding(4242)).rejects.toBeInstanceOf(NotFoundError);
      await expect(c.customerPhones('4242')).rejects.toBeInstanceOf(NotFoundError);
      await expect(c.customerPhones('cust-1')).rejects.toBeInstanceOf(InvalidInputError);
    } finally {
      await local.close();
    }
  });

  it('a customer id that cannot be a LoanPro id is refused before any request', async () => {
    await expect(connector().getCustomer('cust-1')).rejects.toBeInstanceOf(InvalidInputError);
    expect(sim.requests).toHaveLength(0);
  });

  it('a missing loan, or a loan of another customer, is invalid input naming the loan', async () => {
    await expect(connector().getLoan('1001', 777)).rejects.toThrow(
      new InvalidInputError('loanIds: loan 777 of customer 1001 not found in LoanPro (instance 5200776)'),
    );
    await expect(connector().getLoan('1001', 9100)).rejects.toThrow('loanIds: loan 9100 of customer 1001 not found');
  });

  it('rejected credentials name the configuration and are not retried', async () => {
    const err = await connector({ token: 'wrong' })
      .getCustomer('1001')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).code).toBe('lms_credentials_rejected');
    expect((err as Error).message).toContain(
      "rejected the credentials in this company's LMS configuration (lms.token, lms.instanceId): HTTP 401",
    );
    expect(sim.requests).toHaveLength(1);
  });

  it('a timeout is retried, then Unavailable with Retry-After', async () => {
    sim.setFault({ mode: 'timeout' });
    const err = await connector({ retries: 2, timeoutMs: 300 })
      .getCustomer('1001')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnavailableError);
    expect((err as Error).message).toBe(
      'LoanPro (instance 5200776) is unavailable: no answer within 300 ms (customer 1001; 3 attempts); retry later',
    );
    expect((err as UnavailableError).retryAfterSeconds).toBe(5);
    expect(sim.requests).toHaveLength(3);
  });

  it('a 5xx is retried and a later success wins', async () => {
    sim.setFault({ mode: 'error', status: 502, times: 2 });
    expect((await connector({ retries: 2 }).getCustomer('1001')).firstName).toBe('Ada');
    expect(sim.requests).toHaveLength(4); // the customer three times, then its Phones
  });

  it('5xx on every attempt is Unavailable', async () => {
    sim.setFault({ mode: 'error' });
    await expect(connector({ retries: 1 }).getLoan('1001', 9001)).rejects.toThrow(
      'is unavailable: it answered HTTP 503 (loan 9001; 2 attempts)',
    );
  });

  it('an unreachable LMS is Unavailable', async () => {
    const down = loanProConnector(
      { baseUrl: 'http://127.0.0.1:9/api', instanceId: '1', token: 't' },
      { timeoutMs: 300, retries: 1, backoffMs: 5, limit: perCompanyLimit(1) },
    );
    await expect(down.getCustomer('1')).rejects.toThrow('is unavailable: connection failed (customer 1; 2 attempts)');
  });

  it('a malformed payload is a clear error naming the path', async () => {
    sim.setFault({ mode: 'malformed' });
    const err = await connector()
      .getCustomer('1001')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as Error).message).toBe(
      'LoanPro (instance 5200776) returned a malformed customer 1001: d.firstName must be a string (got 42)',
    );
  });

  it('keeps at most maxConcurrency requests in flight', async () => {
    const c = connector({ max: 2 });
    await Promise.all(['1001', '1002', '1001', '1002', '1001'].map((id) => c.getCustomer(id)));
    expect(sim.requests).toHaveLength(10); // each customer and its Phones
    expect(sim.peakInFlight()).toBeLessThanOrEqual(2);
  });
});

/** A loan of customer 1 with one daily snapshot per day, oldest first (as LoanPro lists them), the newest on 2026-11-20. */
function longLoanSeed(days: number) {
  const newest = Date.parse('2026-11-20T00:00:00Z');
  const StatusArchive = Array.from({ length: days }, (_, i) => ({
    id: i + 1,
    date: new Date(newest - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    loanStatusText: 'Open',
    daysPastDue: i,
    payoff: `${1000 + i}.00`,
    principalBalance: '900.00',
    amountDue: '10.00',
  }));
  return parseSeed({
    instanceId: '7',
    token: 't',
    customers: [{ id: 1, firstName: 'A', Phones: [] }],
    loans: [{ id: 50, customerIds: [1], StatusArchive }],
  });
}

describe('LoanPro lists are read whole', () => {
  it.each([
    ['nopaging is honoured: one request per list', true, ['Loans(50)/StatusArchive?nopaging']],
    [
      'nopaging is not honoured: the summary is followed with $skip',
      false,
      [
        'Loans(50)/StatusArchive?nopaging',
        'Loans(50)/StatusArchive?nopaging&$skip=50',
        'Loans(50)/StatusArchive?nopaging&$skip=100',
      ],
    ],
  ])('the current values are those of the newest of 120 daily snapshots (%s)', async (_, nopaging, archiveRequests) => {
    const sim = await startLoanProSimulator(longLoanSeed(120), { nopaging });
    try {
      const c = loanProConnector(
        { baseUrl: sim.baseUrl, instanceId: '7', token: 't' },
        { timeoutMs: 1000, retries: 0, backoffMs: 5, limit: perCompanyLimit(4) },
      );
      const loan = await c.getLoan('1', 50);
      expect(loan).toMatchObject({
        daysPastDueAtBoarding: 119,
        totalBalance: 1119,
        externalLmsMetadata: { statusDate: '2026-11-20' },
      });
      const paths = sim.requests
        .map((r) => r.path.replace('/api/public/api/1/odata.svc/', ''))
        .filter((p) => p.includes('StatusArchive'));
      expect(paths).toEqual(archiveRequests);
    } finally {
      await sim.close();
    }
  });

  it('an $expand-ed list stops at LoanPro’s default page of 50 (why lists are not read through $expand)', async () => {
    const sim = await startLoanProSimulator(longLoanSeed(120));
    try {
      const res = await fetch(`${sim.baseUrl}/odata.svc/Loans(50)?$expand=StatusArchive`, {
        headers: { Authorization: 'Bearer t', 'Autopal-Instance-Id': '7' },
      });
      const body = await res.json();
      expect(body.d.StatusArchive.results).toHaveLength(50);
      const list = await (
        await fetch(`${sim.baseUrl}/odata.svc/Loans(50)/StatusArchive?$top=20&$skip=40`, {
          headers: { Authorization: 'Bearer t', 'Autopal-Instance-Id': '7' },
        })
      ).json();
      expect(list.d.summary).toEqual({ start: 40, pageSize: 20, total: 120 });
      expect(list.d.results).toHaveLength(20);
      expect(list.d).not.toHaveProperty('__next');
    } finally {
      await sim.close();
    }
  });
});
