import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lmsConnectors } from '../../src/adapters/lms/connectors.js';
import { aesGcmBox } from '../../src/adapters/secrets/aes-gcm-box.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
import { dialScheduledCalls } from '../../src/domain/calls/dial.js';
import { getCompanyConfig, setCompanyConfig } from '../../src/domain/companies/companies.js';
import type { VoiceProvider } from '../../src/domain/ports/voice-provider.js';
import { parseSeed } from '../../src/simulators/loanpro/seed.js';
import { startLoanProSimulator, type LoanProSimulator } from '../../src/simulators/loanpro/server.js';
import { useSandboxAgentsLive } from '../support/calls.js';
import { DIALECTS } from '../support/databases.js';
import { NOW, replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

const box = aesGcmBox(() => Buffer.alloc(32, 7));
const LABEL = 'LoanPro (instance 5200776)';

/** Customers 2001–2005, each with one textable cell phone (512-555-01NN) and one loan 92NN, open and repaying. */
function seed() {
  const ids = [1, 2, 3, 4, 5];
  return parseSeed({
    instanceId: '5200776',
    token: 'sim-token-not-a-secret',
    customers: ids.map((i) => ({
      id: 2000 + i,
      firstName: 'Ada',
      lastName: 'Lovelace',
      Phones: [
        {
          id: 700 + i,
          phone: `51255501${40 + i}`,
          type: 'customer.phoneType.cell',
          isPrimary: '1',
          sbtActVerified: 1,
          isLandLine: 0,
          dndEnabled: 0,
          active: 1,
        },
      ],
    })),
    loans: ids.map((i) => ({
      id: 9200 + i,
      displayId: `L-92${i}`,
      customerIds: [2000 + i],
      StatusArchive: [
        { date: '2026-12-07', loanStatusText: 'Open', loanSubStatusText: 'Open-repaying', amountDue: '120.00' },
      ],
    })),
  });
}

const placing = {
  name: 'live',
  createCall: async () => ({ providerCallId: `call_${randomUUID()}` }),
  findCall: async () => ({ kind: 'none' }),
} as unknown as VoiceProvider;

/**
 * Collections calls of customers enrolled from LoanPro, dialed through the domain's dial path after
 * LoanPro changed behind the enrollment's back (the simulator's test controls). The clock is a
 * parameter of the call services, so the cache's bound is crossed without waiting.
 */
describe.each(DIALECTS)('LoanPro read again at dial time on %s', (dialect) => {
  let sim: LoanProSimulator;
  beforeAll(async () => void (sim = await startLoanProSimulator(seed())));
  afterAll(() => sim.close());

  const lms = lmsConnectors(box, { backoffMs: 5 });
  const suite = useTestService(dialect, { now: () => NOW, lms });
  let clock = NOW;
  let services: CallServices;
  let key: string;
  let companyId: string;

  beforeAll(async () => {
    const db = suite.database.db;
    ({ apiKey: key, companyId } = await suite.t.company());
    await useSandboxAgentsLive(db, companyId);
    const config = await getCompanyConfig(db, companyId);
    const lmsConfig = {
      kind: 'loanpro',
      baseUrl: sim.baseUrl,
      instanceId: sim.instanceId,
      token: sim.token,
      retries: 0,
    };
    await setCompanyConfig(db, companyId, { ...config, lms: lmsConfig }, box);
    const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as CallServices['log'];
    // One services object for the file: the dial-time cache lives with it.
    services = {
      db,
      now: () => clock,
      log,
      voice: { live: placing, sandbox: placing },
      recordings: {} as CallServices['recordings'],
      queue: {} as CallServices['queue'],
      lms,
      settings: {
        publicBaseUrl: 'http://127.0.0.1:9',
        fromNumber: '+12025550199',
        signingSecret: 'x'.repeat(32),
        dialLeaseMs: 60_000,
        maxCallbacksInFlight: 8,
      },
    };
    for (const i of [1, 2, 3, 4, 5]) {
      // Enrolled from LoanPro: the customer and its loan imported (loanIds), then its collections calls planned.
      const customer = replaceBody({
        id: `200${i}`,
        taskType: 'Collections',
        sync: true,
        phoneNumber: `(512) 555-01${40 + i}`,
        loanIds: [9200 + i],
      });
      expect((await suite.t.call('POST', '/customers', { key, body: customer })).status).toBe(201);
      const res = await suite.t.call('POST', '/customers/schedule/sync', {
        key,
        body: replaceBody({
          id: `200${i}`,
          taskType: 'Collections',
          loanId: `920${i}`,
          sync: true,
          phoneNumber: `(512) 555-01${40 + i}`,
        }),
      });
      expect(res.status).toBe(200);
    }
  });

  const pending = (customerId: string) =>
    tables(suite.database.db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: customerId, status: 'pending' })
      .orderBy('scheduled_time');
  /** The customer's next pending call, claimed (dialing) as the dispatcher's claim leaves it. */
  async function claimed(customerId: string) {
    const call = (await pending(customerId))[0];
    await tables(suite.database.db).scheduledCalls().where({ id: call.id }).update({ status: 'dialing' });
    return { id: String(call.id), at: new Date(call.scheduled_time) };
  }
  const dial = async (id: string, at: Date) => {
    clock = at;
    return (await dialScheduledCalls(services, [{ scheduledCallId: id, companyId }], [false]))[0];
  };
  const get = async (path: string) => (await suite.t.call('GET', path, { key })).body;
  const statusReads = (loanId: number) =>
    sim.requests.filter((r) => r.path.startsWith(`/api/public/api/1/odata.svc/Loans(${loanId})/StatusArchive`)).length;

  it('a loan moved to a bankruptcy sub-status is not called and says why; the restriction comes back with source lms after the lender clears it', async () => {
    sim.setLoanStatus(9201, { loanStatusText: 'Open', loanSubStatusText: 'Open-bankruptcy' });
    const call = await claimed('2001');
    expect(await dial(call.id, call.at)).toEqual({ outcome: 'skipped' });
    const shown = await get(`/scheduled-calls/${call.id}`);
    expect(shown.status).toBe('skipped');
    expect(shown.endReason).toMatchObject({
      rule: 'restriction-bankruptcy',
      source: expect.stringContaining('11 U.S.C. 362(a)'),
      detail: expect.stringContaining(
        `asserted by the LMS at dial time: ${LABEL} shows loan 9201 with sub-status "Open-bankruptcy"`,
      ),
    });
    const first = await get('/customers/2001/restrictions');
    expect(first.restrictions).toMatchObject([{ kind: 'bankruptcy', source: 'lms', loanId: null, liftedAt: null }]);
    expect(await pending('2001')).toEqual([]); // outreach stopped, as for the same restriction reported on a call

    // The lender clears it; LoanPro still says bankruptcy: the next call re-asserts it, again from the LMS.
    const cleared = await suite.t.call(
      'DELETE',
      `/customers/2001/restrictions/${first.restrictions[0].id}?reason=${encodeURIComponent('reviewed')}`,
      { key },
    );
    expect(cleared.status).toBe(200);
    const again = randomUUID();
    const row = await tables(suite.database.db).scheduledCalls().where({ id: call.id }).first();
    // Json columns come back parsed on Postgres: written back as text.
    const copy = Object.fromEntries(
      Object.entries(row!).map(([k, v]) => [
        k,
        v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v,
      ]),
    );
    await tables(suite.database.db)
      .scheduledCalls()
      .insert({ ...copy, id: again, step_index: 50, step: 'again', status: 'dialing', status_reason: null });
    expect(await dial(again, new Date(call.at.getTime() + 1_000))).toEqual({ outcome: 'skipped' });
    const after = await get('/customers/2001/restrictions');
    expect(after.restrictions).toMatchObject([
      { kind: 'bankruptcy', source: 'lms', liftedBy: expect.any(String) },
      { kind: 'bankruptcy', source: 'lms', liftedAt: null },
    ]);
  });

  it('a phone switched to Do Not Call in LoanPro is not called', async () => {
    sim.setPhoneDnd(2002, '5125550142', true);
    const call = await claimed('2002');
    expect(await dial(call.id, call.at)).toEqual({ outcome: 'skipped' });
    const shown = await get(`/scheduled-calls/${call.id}`);
    expect(shown.endReason).toMatchObject({
      rule: 'lms-dial-check',
      detail: `${LABEL} marks +15125550142 Do Not Call (dndEnabled): not called`,
    });
  });

  it("a paid-off loan cancels the loan's pending collections calls", async () => {
    sim.setLoanStatus(9203, { loanStatusText: 'Paid Off', loanSubStatusText: 'Paid Off - Paid in Full' });
    const others = (await pending('2003')).length - 1;
    expect(others).toBeGreaterThan(0);
    const call = await claimed('2003');
    expect(await dial(call.id, call.at)).toEqual({ outcome: 'skipped' });
    expect((await get(`/scheduled-calls/${call.id}`)).endReason).toMatchObject({
      rule: 'lms-dial-check',
      detail: expect.stringContaining('sub-status "Paid Off - Paid in Full" (status "Paid Off"): paid off'),
    });
    expect(await pending('2003')).toEqual([]);
    const cancelled = await tables(suite.database.db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: '2003', status: 'cancelled' })
      .where('status_reason', 'like', 'LMS at dial time: %');
    expect(cancelled).toHaveLength(others);
    expect((await get('/customers/2003/restrictions')).restrictions).toEqual([]);
  });

  it('a read is reused within lms.dialCheckCacheSeconds (300 s by default) and read again after', async () => {
    const enrolled = statusReads(9204); // the import read it too
    const first = await claimed('2004');
    expect(await dial(first.id, first.at)).toEqual({ outcome: 'placed' });
    expect(statusReads(9204)).toBe(enrolled + 1);
    sim.setLoanStatus(9204, { loanStatusText: 'Open', loanSubStatusText: 'Open-bankruptcy' });

    // 299 s later the cached answer (repaying) stands: the calling rules decide, not LoanPro.
    const second = await claimed('2004');
    expect(await dial(second.id, new Date(first.at.getTime() + 299_000))).not.toEqual({ outcome: 'skipped' });
    expect(statusReads(9204)).toBe(enrolled + 1);
    // At 300 s it is read again and the bankruptcy stops the next call.
    const third = await claimed('2004');
    expect(await dial(third.id, new Date(first.at.getTime() + 300_000))).toEqual({ outcome: 'skipped' });
    expect(statusReads(9204)).toBe(enrolled + 2);
  });

  it('LoanPro unreadable: the call is not placed; it waits with the reason and is looked at again later', async () => {
    sim.setFault({ mode: 'error', status: 503 });
    try {
      const call = await claimed('2005');
      expect(await dial(call.id, call.at)).toEqual({ outcome: 'moved' });
      const row = await tables(suite.database.db).scheduledCalls().where({ id: call.id }).first();
      expect(row).toMatchObject({ status: 'pending', provider_call_id: null });
      expect(new Date(row!.scheduled_time).getTime()).toBe(call.at.getTime() + 5 * 60_000);
      const shown = await get(`/scheduled-calls/${call.id}`);
      expect(shown.timingReasons).toContainEqual(
        expect.objectContaining({
          rule: 'lms-dial-check',
          detail: expect.stringContaining(`${LABEL} could not be read`),
        }),
      );
    } finally {
      sim.setFault({ mode: 'none' });
    }
  });

  it("a dial batch's calls of one loan share one read (after a failed read, none was kept)", async () => {
    const before = statusReads(9205);
    const calls = [await claimed('2005'), await claimed('2005')];
    // claimed() takes the earliest pending call: the second pick is the next one.
    expect(calls[0].id).not.toBe(calls[1].id);
    clock = calls[0].at;
    const results = await dialScheduledCalls(
      services,
      calls.map((c) => ({ scheduledCallId: c.id, companyId })),
      [false, false],
    );
    expect(results).not.toContainEqual({ outcome: 'skipped' });
    expect(statusReads(9205)).toBe(before + 1);
  });
});
