import { beforeEach, describe, expect, it } from 'vitest';
import { setCompanyConfig } from '../../src/domain/companies/companies.js';
import { defaultCompanyConfig } from '../../src/domain/shared/company-config.js';
import { validCustomer } from '../support/customers.js';
import { DIALECTS } from '../support/databases.js';
import { insideCallingRules, NOW } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Legacy POST /customers/{customerId}/scheduled-calls: integrations from company configuration. */
describe.each(DIALECTS)('legacy create scheduled calls on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => NOW });
  let key: string;
  let companyId: string;

  beforeEach(async () => {
    ({ apiKey: key, companyId } = await suite.t.company());
    await setCompanyConfig(suite.database.db, companyId, {
      ...defaultCompanyConfig(),
      scheduleTypes: ['default', 'lms-welcome-call'],
      integrations: [
        {
          scheduleType: 'lms-welcome-call',
          taskType: 'Collections',
          steps: [
            { id: 'first', day: 0 },
            { id: 'second', day: 1, at: '10:00' },
          ],
        },
      ],
    });
    expect((await suite.t.call('POST', '/customers', { key, body: validCustomer('cust-1') })).status).toBe(201);
  });

  const create = (scheduleType: unknown, customerId = 'cust-1', k = key) =>
    suite.t.call('POST', `/customers/${customerId}/scheduled-calls`, { key: k, body: { scheduleType } });

  it('creates the calls the integration defines, planned inside the calling rules, and lists them', async () => {
    const res = await create('lms-welcome-call');
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(2);
    for (const call of res.body) {
      expect(Object.keys(call).sort()).toEqual(['customerId', 'id', 'scheduledTime', 'status']);
      expect(call).toMatchObject({ customerId: 'cust-1', status: 'pending' });
      expect(insideCallingRules(call.scheduledTime, 'America/New_York')).toBe(true);
    }
    expect(res.body[0].scheduledTime).toBe('2026-12-08T15:00:00.000Z'); // now is allowed
    expect(res.body[1].scheduledTime).toBe('2026-12-09T15:00:00.000Z'); // day 1 at 10:00 New York
    const listed = await suite.t.call('GET', '/scheduled-calls/customer/cust-1', { key });
    expect(listed.body.map((c: { id: string }) => c.id)).toEqual(res.body.map((c: { id: string }) => c.id));
    const row = await tables(suite.database.db).scheduledCalls().where({ id: res.body[0].id }).first();
    expect(row).toMatchObject({
      task_type: 'Collections',
      purpose: 'collections',
      transfer_destination: 'queue:collections-agents',
    });
    const schedule = await tables(suite.database.db).schedules().where({ id: row!.schedule_id }).first();
    expect(schedule).toMatchObject({ source: 'integration', cadence: 'lms-welcome-call', channel: 'call' });
  });

  it('an integration without a definition places one call; a second request adds calls the caps account for', async () => {
    const first = await create('default');
    expect(first.status).toBe(201);
    expect(first.body).toHaveLength(1);
    const second = await create('default');
    expect(second.status).toBe(201);
    // minimum gaps apply within one plan only; both calls are allowed and distinct
    expect(second.body[0].id).not.toBe(first.body[0].id);
    expect((await suite.t.call('GET', '/scheduled-calls/customer/cust-1', { key })).body).toHaveLength(2);
  });

  it('an unsupported scheduleType is 400 naming the supported ones; a task type is not a scheduleType', async () => {
    for (const bad of ['lms-welcome-cal', 'Collections']) {
      const res = await create(bad);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 400,
        message: `Unsupported scheduleType: ${bad}; supported: default, lms-welcome-call`,
      });
    }
    expect((await create('')).status).toBe(400);
    expect((await create(7)).status).toBe(400);
    expect(await tables(suite.database.db).scheduledCalls().where({ company_id: companyId })).toHaveLength(0);
  });

  it("an unknown customer, or another company's, is 404", async () => {
    expect(await create('default', 'nobody')).toMatchObject({
      status: 404,
      body: { error: 404, message: 'Customer nobody not found' },
    });
    const other = await suite.t.company('Other');
    expect((await create('default', 'cust-1', other.apiKey)).status).toBe(404);
  });

  it('a Do Not Call customer gets 409 and nothing is created', async () => {
    await suite.t.call('PUT', '/customers/cust-1', { key, body: { doNotCall: true } });
    const res = await create('lms-welcome-call');
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^No call can be scheduled for customer cust-1: /);
    expect(await tables(suite.database.db).scheduledCalls().where({ company_id: companyId })).toHaveLength(0);
  });

  it('rejects a configuration whose integration is not listed or names an unknown task type', async () => {
    const bad = (integrations: unknown[]) =>
      setCompanyConfig(suite.database.db, companyId, { ...defaultCompanyConfig(), integrations });
    await expect(bad([{ scheduleType: 'x', taskType: 'Collections', steps: [{ id: 'a' }] }])).rejects.toThrow(
      /not listed in scheduleTypes/,
    );
    await expect(bad([{ scheduleType: 'default', taskType: 'Nope', steps: [{ id: 'a' }] }])).rejects.toThrow(
      /unknown task type "Nope"/,
    );
    await expect(
      bad([{ scheduleType: 'default', taskType: 'Collections', steps: [{ id: 'a', at: '25:00' }] }]),
    ).rejects.toThrow(/at must be HH:mm/);
  });
});
