import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { enrollBody, newKey, NOW } from '../support/enrollment.js';
import { findActiveCadenceOfCustomer } from '../../src/store/planning/cadences.js';
import { recordCallOutcome } from '../../src/store/scheduled-calls/scheduled-calls.js';

describe.each(DIALECTS)('scheduled calls and task types on %s', (dialect) => {
  let key: string;
  let companyId: string;

  const suite = useTestService(dialect, { now: () => NOW });
  beforeEach(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: enrollBody(),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.body.origination.scheduledCallCount).toBe(5);
  });

  const list = (query = '', apiKey = key, customerId = 'cust-1') =>
    suite.t.call('GET', `/scheduled-calls/customer/${customerId}${query}`, { key: apiKey });

  it('lists by scheduledTime ascending with limit and offset', async () => {
    const all = (await list()).body as any[];
    expect(all.map((c) => c.scheduledTime)).toEqual([...all.map((c) => c.scheduledTime)].sort());
    expect(all.every((c) => c.customerId === 'cust-1')).toBe(true);
    const page = await list('?limit=2&offset=1');
    expect(page.status).toBe(200);
    expect(page.body.map((c: any) => c.id)).toEqual(all.slice(1, 3).map((c) => c.id));
    expect((await list('?offset=5')).body).toEqual([]);
  });

  it.each([['?limit=0'], ['?limit=501'], ['?offset=-1'], ['?limit=abc']])('400 for %s', async (query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(400);
  });

  it('404 for an unknown customer', async () => {
    const res = await list('', key, 'nobody');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 404, message: 'Customer nobody not found' });
  });

  it('GET /scheduled-calls/{id} returns the current status; callId and flags once executed', async () => {
    const [first] = (await list()).body;
    const pending = await suite.t.call('GET', `/scheduled-calls/${first.id}`, { key });
    expect(pending.body).toEqual({
      id: first.id,
      customerId: 'cust-1',
      scheduledTime: '2026-12-08T15:00:00.000Z',
      status: 'pending',
      postProcessingFlags: [],
    });
    const callId = randomUUID();
    await recordCallOutcome(
      suite.database.db,
      companyId,
      first.id,
      { status: 'completed', callId, flags: ['CONNECT', 'RPC'] },
      NOW.toISOString(),
    );
    const done = await suite.t.call('GET', `/scheduled-calls/${first.id}`, { key });
    expect(done.body).toEqual({
      ...pending.body,
      status: 'completed',
      callId,
      postProcessingFlags: ['CONNECT', 'RPC'],
    });
    expect((await suite.t.call('GET', `/scheduled-calls/${randomUUID()}`, { key })).status).toBe(404);
  });

  it("another company's scheduled calls and customer are 404", async () => {
    const other = await suite.t.company('Other');
    const [first] = (await list()).body;
    const res = await suite.t.call('GET', `/scheduled-calls/${first.id}`, { key: other.apiKey });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 404, message: `Scheduled call ${first.id} not found` });
    expect((await list('', other.apiKey)).status).toBe(404);
  });

  it('PUT doNotCall true cancels the pending calls and the active cadence; calls already executed keep their status', async () => {
    const [first] = (await list()).body;
    await recordCallOutcome(
      suite.database.db,
      companyId,
      first.id,
      { status: 'completed', callId: randomUUID(), flags: ['NO_ANSWER'] },
      NOW.toISOString(),
    );
    const res = await suite.t.call('PUT', '/customers/cust-1', { key, body: { doNotCall: true } });
    expect(res.status).toBe(200);
    const statuses = (await list()).body.map((c: any) => c.status);
    expect(statuses).toEqual(['completed', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(await findActiveCadenceOfCustomer(suite.database.db, companyId, 'cust-1')).toBeNull();
  });

  it('PUT without doNotCall leaves pending calls alone', async () => {
    await suite.t.call('PUT', '/customers/cust-1', { key, body: { firstName: 'Other', doNotCall: false } });
    expect((await list()).body.every((c: any) => c.status === 'pending')).toBe(true);
  });

  it('GET /origination/task-types lists the catalog names, whatever the company enabled', async () => {
    const res = await suite.t.call('GET', '/origination/task-types', { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ taskTypes: ['PendingLoanNewLead', 'PendingLoanReturning'] });
    expect((await suite.t.call('GET', '/origination/task-types', { key: 'ok_wrong' })).status).toBe(401);
  });
});
