import { describe, expect, it } from 'vitest';
import { FEDERAL_HOLIDAYS } from '../../src/scheduler/rules/catalog.js';
import { RESTRICTION_RULES } from '../../src/scheduler/index.js';
import { webhookPayloads } from '../../src/handlers/webhook-payloads.js';
import { DIALECTS } from '../support/databases.js';
import { validCustomer } from '../support/customers.js';
import { enrollBody, newKey } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Thanksgiving 2026, 10:00 in New York: a federal holiday. */
const THANKSGIVING = new Date('2026-11-26T15:00:00Z');

/** Every scheduled call explains itself: the rules that moved it, and why it ended (extension fields). */
describe.each(DIALECTS)('scheduled-call reasons on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => THANKSGIVING });

  async function enrolled(id: string): Promise<{ key: string; companyId: string; calls: any[] }> {
    const { apiKey: key, companyId } = await suite.t.company();
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: enrollBody({ id, loanId: `loan-${id}` }),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(200);
    const list = await suite.t.call('GET', `/scheduled-calls/customer/${id}`, { key });
    expect(list.status).toBe(200);
    return { key, companyId, calls: list.body };
  }

  it('a customer enrolled on Thanksgiving: the first call names the holiday rule and its source', async () => {
    const { key, calls } = await enrolled('turkey');
    const first = await suite.t.call('GET', `/scheduled-calls/${calls[0].id}`, { key });
    expect(first.status).toBe(200);
    expect(first.body.scheduledTime).toBe('2026-11-27T13:00:00.000Z'); // Friday 08:00 EST
    expect(first.body.timingReasons[0]).toEqual({
      rule: 'federal-holiday',
      source: FEDERAL_HOLIDAYS.source,
      detail: expect.stringContaining('Thanksgiving Day'),
    });
    expect(first.body.timingReasons.map((r: { rule: string }) => r.rule)).toEqual([
      'federal-holiday',
      'calling-window',
    ]);
    expect(first.body).not.toHaveProperty('endReason');
    expect(calls[0]).toEqual(first.body); // the list says the same
  });

  it('a call no rule moved carries no timingReasons; the contract fields keep their meaning', async () => {
    const { key, calls } = await enrolled('plain');
    const later = calls.find((c) => !c.timingReasons);
    expect(later).toBeDefined();
    const res = await suite.t.call('GET', `/scheduled-calls/${later.id}`, { key });
    expect(Object.keys(res.body).sort()).toEqual([
      'customerId',
      'id',
      'postProcessingFlags',
      'scheduledTime',
      'status',
    ]);
  });

  it('a cancelled call names the rule that ended it, in the read and in the webhook payload', async () => {
    const { key, companyId, calls } = await enrolled('dnc');
    const res = await suite.t.call('POST', '/customers', { key, body: validCustomer('dnc', { doNotCall: true }) });
    expect(res.status).toBe(200);
    const read = await suite.t.call('GET', `/scheduled-calls/${calls[0].id}`, { key });
    expect(read.body.status).toBe('cancelled');
    expect(read.body.endReason).toEqual({
      rule: RESTRICTION_RULES.do_not_call.id,
      source: RESTRICTION_RULES.do_not_call.source,
      detail: 'Do Not Call: set on the customer record',
    });
    const payload = await webhookPayloads({} as never)['scheduled_call.updated']!(
      suite.database.db,
      companyId,
      calls[0].id,
    );
    expect(payload).toEqual(read.body);
  });

  it('a call skipped at dial time names the rule that ruled it out; an old row without a reason stays readable', async () => {
    const { key, calls } = await enrolled('skip');
    const db = suite.database.db;
    await tables(db)
      .scheduledCalls()
      .where({ id: calls[0].id })
      .update({
        status: 'skipped',
        status_reason: `Not allowed at dial time: restriction-cease-request: contact restriction cease_request since 2026-11-26T15:00:00.000Z: all outreach stopped (${RESTRICTION_RULES.cease_request.source})`,
      });
    const skipped = await suite.t.call('GET', `/scheduled-calls/${calls[0].id}`, { key });
    expect(skipped.body.endReason).toEqual({
      rule: 'restriction-cease-request',
      source: RESTRICTION_RULES.cease_request.source,
      detail: 'contact restriction cease_request since 2026-11-26T15:00:00.000Z: all outreach stopped',
    });
    await tables(db).scheduledCalls().where({ id: calls[1].id }).update({ status: 'failed', status_reason: null });
    const old = await suite.t.call('GET', `/scheduled-calls/${calls[1].id}`, { key });
    expect(old.status).toBe(200);
    expect(old.body.endReason).toMatchObject({ rule: 'unrecorded' });
  });
});
