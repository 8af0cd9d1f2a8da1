import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { settledScheduledCall, startCallStack, type CallStack } from '../support/calls.js';
import { DIALECTS } from '../support/databases.js';
import { collectionsSyncBody } from '../support/enrollment.js';
import { eventually } from '../support/eventually.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/** Tuesday 2026-12-08, 09:59:40 in New York: the replacement syncs made at start are called at 10:00 (10:01 on a slow machine). */
const CLOCK = '2026-12-08T14:59:40Z';

/**
 * Collections customers, one per outcome magic number (src/simulators/voice/scenarios.ts), each
 * with a loan: what the call's flag does to their restrictions, their pending calls and the events.
 */
const PEOPLE = {
  'dispute-0151': { phone: '(212) 555-0151', flag: 'DEBT_DISPUTE' },
  'hardship-0152': { phone: '(212) 555-0152', flag: 'HARDSHIP_REQUEST' },
  'fraud-0153': { phone: '(212) 555-0153', flag: 'FRAUD_CLAIM' },
  'military-0154': { phone: '(212) 555-0154', flag: 'MILITARY' },
  'prison-0155': { phone: '(212) 555-0155', flag: 'INCARCERATED' },
  'complaint-0156': { phone: '(212) 555-0156', flag: 'COMPLAINT' },
  'abuse-0157': { phone: '(212) 555-0157', flag: 'THREAT_OR_ABUSE' },
  'access-0158': { phone: '(212) 555-0158', flag: 'ACCESSIBILITY_ISSUE' },
} as const;
type Person = keyof typeof PEOPLE;

describe.each(DIALECTS)('call outcomes act: restrictions, paused outreach and routed events on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let stack: CallStack;
  let key: string;
  let companyId: string;
  const done: Partial<Record<Person, { id: string; callId: string; postProcessingFlags: string[] }>> = {};

  const scheduledOf = async (customerId: string) =>
    (await stack.t.call('GET', `/scheduled-calls/customer/${customerId}`, { key })).body as Array<{
      id: string;
      status: string;
    }>;
  const restrictionsOf = async (customerId: string) => {
    const res = await stack.t.call('GET', `/customers/${customerId}/restrictions`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.restrictions as Array<Record<string, unknown> & { id: string; kind: string }>;
  };
  const deliveries = (type: string) =>
    tables(database.db).webhookDeliveries().where({ company_id: companyId, event_type: type }).pluck('subject_id');

  beforeAll(async () => {
    stack = await startCallStack(database.db, CLOCK);
    ({ apiKey: key, companyId } = await stack.t.company());
    // A closed port: the deliveries are written (what is asserted), their attempts fail.
    await addWebhookEndpoint(database.db, companyId, 'http://127.0.0.1:9/hooks', new Date());
    // All at once: the first calls are planned for the next whole minute, so the sooner the better.
    const synced = await Promise.all(
      Object.entries(PEOPLE).map(([id, p]) =>
        stack.t.call('POST', '/customers/schedule/sync', {
          key,
          body: collectionsSyncBody(id, p.phone),
        }),
      ),
    );
    for (const res of synced) expect(res.status, JSON.stringify(res.body)).toBe(200);
    await Promise.all(
      (Object.keys(PEOPLE) as Person[]).map(async (id) => {
        const [first] = await scheduledOf(id);
        done[id] = await settledScheduledCall(stack.t, key, first.id);
      }),
    );
  }, 150_000);

  afterAll(async () => {
    await stack?.t.stop();
    await stack?.sandbox.close();
    await stack?.live.close();
  });

  it('each call carries its flag', () => {
    for (const [id, p] of Object.entries(PEOPLE)) expect(done[id as Person]!.postProcessingFlags).toContain(p.flag);
  });

  it('a dispute pauses collections on that loan: a debt_dispute restriction, the later calls skipped, dispute.received', async () => {
    const [r] = await restrictionsOf('dispute-0151');
    expect(r).toMatchObject({
      customerId: 'dispute-0151',
      loanId: 'loan-dispute-0151',
      kind: 'debt_dispute',
      source: 'call_outcome',
      callId: done['dispute-0151']!.callId,
      liftedAt: null,
    });
    expect(r.reason).toBe(`DEBT_DISPUTE on call ${done['dispute-0151']!.callId}`);
    const later = (await scheduledOf('dispute-0151')).slice(1);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((c) => c.status === 'skipped')).toBe(true);
    const reasons = await tables(database.db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: 'dispute-0151', status: 'skipped' })
      .pluck('status_reason');
    expect(reasons.every((x) => typeof x === 'string' && x.includes('restriction-debt-dispute'))).toBe(true);
    expect(await deliveries('dispute.received')).toEqual([r.id]);
  });

  it.each([
    ['hardship-0152', 'hardship_review', 'hardship.requested', 'loan-hardship-0152', 'skipped'],
    ['military-0154', 'military_review', 'military.reported', null, 'skipped'],
    ['fraud-0153', 'fraud_claim', 'fraud.claimed', null, 'cancelled'],
    ['prison-0155', 'incarcerated', 'incarceration.reported', null, 'cancelled'],
    ['abuse-0157', 'threat_or_abuse', 'abuse.reported', null, 'cancelled'],
    ['access-0158', 'accessibility', 'accessibility.reported', null, 'cancelled'],
  ] as const)(
    '%s: a %s restriction (loan %s), its event %s, later calls %s',
    async (id, kind, event, loanId, status) => {
      const list = await restrictionsOf(id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ kind, loanId, source: 'call_outcome', callId: done[id]!.callId });
      const later = (await scheduledOf(id)).slice(1);
      expect(later.length).toBeGreaterThan(0);
      expect(later.map((c) => c.status)).toEqual(later.map(() => status));
      expect(await deliveries(event)).toEqual([list[0].id]);
    },
  );

  it('a complaint is routed (complaint.received about the call) and outreach goes on', async () => {
    expect(await restrictionsOf('complaint-0156')).toEqual([]);
    expect(await deliveries('complaint.received')).toEqual([done['complaint-0156']!.callId]);
    const later = (await scheduledOf('complaint-0156')).slice(1);
    expect(later.length).toBeGreaterThan(0);
    // The conversation's Reg F quiet period moves them; nothing ends them.
    expect(later.every((c) => c.status === 'pending')).toBe(true);
  });

  it('the lender clears a dispute with a reason: recorded with who and why, listed as lifted, calls allowed again', async () => {
    const [r] = await restrictionsOf('dispute-0151');
    const path = `/customers/dispute-0151/restrictions/${r.id}`;
    expect((await stack.t.call('DELETE', path, { key })).status).toBe(400); // reason is required
    const cleared = await stack.t.call(
      'DELETE',
      `${path}?reason=${encodeURIComponent('Debt verified; notice mailed')}`,
      {
        key,
      },
    );
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ id: r.id, liftedBy: 'api_key', liftReason: 'Debt verified; notice mailed' });
    expect(cleared.body.liftedAt).not.toBeNull();
    // Again: unchanged (the first who and why stand).
    const again = await stack.t.call('DELETE', `${path}?reason=other`, { key });
    expect(again.body).toEqual(cleared.body);
    expect(await restrictionsOf('dispute-0151')).toEqual([cleared.body]);
    // The eligibility read no longer names the dispute.
    const eligibility = await eventually(async () => {
      const res = await stack.t.call('GET', '/customers/dispute-0151/contact-eligibility?loanId=loan-dispute-0151', {
        key,
      });
      return res.status === 200 ? res.body : undefined;
    });
    expect(JSON.stringify(eligibility)).not.toContain('restriction-debt-dispute');
  });

  it('Do Not Call and a cease request cannot be cleared (409); unknown ones are 404', async () => {
    await tables(database.db).contactRestrictions().insert({
      id: 'cease-1',
      company_id: companyId,
      customer_id: 'complaint-0156',
      loan_id: null,
      kind: 'cease_request',
      source: 'operator',
      created_at: new Date().toISOString(),
      lifted_at: null,
      reason: null,
      call_id: null,
      lifted_by: null,
      lift_reason: null,
    });
    const refused = await stack.t.call('DELETE', '/customers/complaint-0156/restrictions/cease-1?reason=x', { key });
    expect(refused.status).toBe(409);
    expect((await restrictionsOf('complaint-0156'))[0]).toMatchObject({ id: 'cease-1', liftedAt: null });
    expect((await stack.t.call('DELETE', '/customers/complaint-0156/restrictions/nope?reason=x', { key })).status).toBe(
      404,
    );
    expect((await stack.t.call('GET', '/customers/nobody/restrictions', { key })).status).toBe(404);
  });
});
