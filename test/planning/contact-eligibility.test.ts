import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/databases.js';
import { NOW, replaceBody } from '../support/enrollment.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';
import { checkCallAt } from '../../src/domain/calls/call-rules.js';
import { getCompanyConfig } from '../../src/domain/companies/companies.js';
import { getCustomer } from '../../src/store/borrowers/customers.js';
import { optOutSms } from '../../src/store/messages/channel-stops.js';
import { callFromRow } from '../../src/store/scheduled-calls/scheduled-calls.js';

const HOUR = 3600_000;
const TEXAS = {
  timezone: 'America/Chicago',
  state: 'TX',
  city: 'Austin',
  zipCode: '78701',
  phoneNumber: '(512) 555-0143',
};

/** GET /customers/{customerId}/contact-eligibility answers with the dial-time rules (docs/partners/calls.md#contact-eligibility). */
describe.each(DIALECTS)('contact eligibility on %s', (dialect) => {
  const suite = useTestService(dialect, { now: () => NOW });

  /** A collections customer whose planned calls are cancelled, with `past` calls made before NOW. */
  async function customer(
    id: string,
    past: Array<{ hoursAgo: number; flags?: string[] }> = [],
    address: Record<string, string> = TEXAS,
  ) {
    const { apiKey: key, companyId } = await suite.t.company();
    const res = await suite.t.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({ id, taskType: 'Collections', loanId: 'debt-1', ...address }),
    });
    expect(res.status).toBe(200);
    const db = suite.database.db;
    const template = await tables(db).scheduledCalls().where({ company_id: companyId, customer_id: id }).first();
    await tables(db).scheduledCalls().where({ company_id: companyId, customer_id: id }).update({ status: 'cancelled' });
    if (past.length > 0) {
      await tables(db)
        .scheduledCalls()
        .insert(
          past.map((p, i) => {
            const at = new Date(NOW.getTime() - p.hoursAgo * HOUR).toISOString();
            return {
              ...template,
              id: randomUUID(),
              step_index: 100 + i,
              step: `past-${i}`,
              status: 'completed',
              scheduled_time: at,
              dialed_at: at,
              post_processing_flags: JSON.stringify(p.flags ?? ['NO_ANSWER']),
              explanation: JSON.stringify(null),
            };
          }),
        );
    }
    return { key, companyId };
  }

  const ask = (key: string, id: string, query = '') =>
    suite.t.call('GET', `/customers/${id}/contact-eligibility${query}`, { key });
  const channel = (body: any, name: string) => body.channels.find((c: { channel: string }) => c.channel === name);

  it('at the Reg F cap: the call waits until the oldest attempt leaves the window; the budget says 7 of 7', async () => {
    const { key } = await customer(
      'capped',
      Array.from({ length: 7 }, (_, i) => ({ hoursAgo: 10 + i * 20 })),
    );
    const res = await ask(key, 'capped', '?loanId=debt-1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customerId: 'capped',
      at: NOW.toISOString(),
      loanId: 'debt-1',
      purpose: 'collections',
    });
    const call = channel(res.body, 'call');
    const frees = new Date(NOW.getTime() - 130 * HOUR + 169 * HOUR).toISOString(); // 7 × 24 h + 1 h after the oldest
    // Frees at midnight in Chicago; the calling window then opens at 08:00 CST.
    expect(call).toMatchObject({ address: '+15125550143', allowed: false, nextAllowedAt: '2026-12-10T14:00:00.000Z' });
    expect(call.blocking).toEqual([
      expect.objectContaining({
        rule: 'regf-call-frequency',
        source: 'Reg F 12 CFR 1006.14(b)(2)(i)(A)',
        until: frees,
      }),
    ]);
    expect(call.budgets).toContainEqual({
      rule: 'regf-call-frequency',
      source: 'Reg F 12 CFR 1006.14(b)(2)(i)(A)',
      used: 7,
      limit: 7,
      window: '7-day',
      nextFreesAt: frees,
    });
    expect(channel(res.body, 'sms')).toMatchObject({ allowed: true, blocking: [] }); // Reg F counts telephone calls only
  });

  it('in the quiet period after a conversation: blocked by Reg F (i)(B) until 7 days later', async () => {
    const { key } = await customer('quiet', [{ hoursAgo: 24, flags: ['CONNECT', 'RPC'] }]);
    const call = channel((await ask(key, 'quiet', '?loanId=debt-1')).body, 'call');
    expect(call.allowed).toBe(false);
    expect(call.blocking.map((b: { rule: string }) => b.rule)).toEqual(['regf-after-conversation']);
    expect(call.blocking[0].source).toBe('Reg F 12 CFR 1006.14(b)(2)(i)(B)');
    expect(Date.parse(call.nextAllowedAt)).toBeGreaterThanOrEqual(NOW.getTime() + 6 * 24 * HOUR);
  });

  it('with a number that opted out of SMS, and Do Not Call: texts and calls stop with no end of their own', async () => {
    const { key, companyId } = await customer('revoked');
    await optOutSms(suite.database.db, [companyId], '+15125550143', 'STOP', NOW.toISOString());
    const sms = channel((await ask(key, 'revoked')).body, 'sms');
    expect(sms).toMatchObject({ allowed: false, nextAllowedAt: null });
    expect(sms.blocking).toContainEqual(expect.objectContaining({ rule: 'sms-opt-out', until: null }));
    await tables(suite.database.db)
      .customers()
      .where({ company_id: companyId, id: 'revoked' })
      .update({ do_not_call: true });
    const body = (await ask(key, 'revoked')).body;
    expect(channel(body, 'call')).toMatchObject({
      allowed: false,
      nextAllowedAt: null,
      blocking: [expect.objectContaining({ rule: 'restriction-do-not-call', until: null })],
    });
    expect(channel(body, 'email')).toMatchObject({ allowed: true }); // Do Not Call is a telephone rule
  });

  it('outside the window in one of two plausible zones: waits for 08:00 in the later one', async () => {
    // A Chicago customer with a Los Angeles number; 14:30Z is 08:30 in Chicago but 06:30 in Los Angeles.
    const { key } = await customer('two-zones', [], { ...TEXAS, phoneNumber: '(213) 555-0143' });
    const call = channel((await ask(key, 'two-zones', '?at=2026-12-08T14:30:00Z')).body, 'call');
    expect(call).toMatchObject({ allowed: false, nextAllowedAt: '2026-12-08T16:00:00.000Z' });
    expect(call.blocking).toEqual([
      expect.objectContaining({ rule: 'calling-window', until: '2026-12-08T16:00:00.000Z' }),
    ]);
  });

  it('on a federal holiday: the holiday rule, and the next business morning', async () => {
    const { key } = await customer('holiday');
    const res = await ask(key, 'holiday', '?at=2026-11-26T16:00:00Z'); // Thanksgiving 10:00 in Chicago
    for (const name of ['call', 'sms', 'email']) {
      const entry = channel(res.body, name);
      expect(entry.allowed).toBe(false);
      expect(entry.blocking[0]).toMatchObject({
        rule: 'federal-holiday',
        detail: expect.stringContaining('Thanksgiving Day'),
      });
      expect(entry.nextAllowedAt).toBe('2026-11-27T14:00:00.000Z'); // Friday 08:00 CST
    }
  });

  it("another company's customer is 404; a bad `at` is 400 in the ErrorMessage shape", async () => {
    await customer('mine');
    const other = await suite.t.company('Other');
    const res = await ask(other.apiKey, 'mine');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 404, message: 'Customer mine not found' });
    const { key } = await customer('bad-at');
    for (const query of ['?at=tomorrow', '?at=2026-13-45T10:00:00Z', '?loanId=']) {
      const bad = await ask(key, 'bad-at', query);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 400, message: expect.any(String) });
    }
  });

  it('agrees with the dial-time decision for random states', { timeout: 120_000 }, async () => {
    let seed = 27;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const zones = [
      TEXAS,
      { timezone: 'America/New_York', state: 'MA', city: 'Boston', zipCode: '02108', phoneNumber: '(617) 555-0100' },
      {
        timezone: 'America/Los_Angeles',
        state: 'WA',
        city: 'Seattle',
        zipCode: '98101',
        phoneNumber: '(206) 555-0100',
      },
    ];
    const kinds = new Set<string>();
    for (let n = 0; n < 16; n++) {
      const id = `agree-${n}`;
      const past = Array.from({ length: Math.floor(random() * 9) }, () => ({
        hoursAgo: 1 + Math.floor(random() * 200),
        flags: random() < 0.15 ? ['CONNECT', 'RPC'] : ['NO_ANSWER'],
      }));
      const { key, companyId } = await customer(id, past, zones[n % zones.length]);
      if (random() < 0.2)
        await tables(suite.database.db).customers().where({ company_id: companyId, id }).update({ do_not_call: true });
      const at = new Date(NOW.getTime() + Math.floor(random() * 96) * HOUR + Math.floor(random() * 4) * 15 * 60_000);
      const db = suite.database.db;
      const row = callFromRow(
        (await tables(db).scheduledCalls().where({ company_id: companyId, customer_id: id }).first())!,
      );
      const probe = { ...row, id: 'not-stored', status: 'pending' as const };
      const verdict = await checkCallAt(
        db,
        await getCompanyConfig(db, companyId),
        (await getCustomer(db, companyId, id))!,
        probe,
        at,
      );
      const answer = channel((await ask(key, id, `?at=${at.toISOString()}&loanId=debt-1`)).body, 'call');
      expect(answer.allowed, `${id} at ${at.toISOString()}`).toBe(verdict.kind === 'allowed');
      expect(answer.nextAllowedAt).toBe(
        verdict.kind === 'later' ? verdict.time : verdict.kind === 'never' ? null : at.toISOString(),
      );
      expect(answer.blocking.length > 0).toBe(verdict.kind !== 'allowed');
      kinds.add(verdict.kind);
    }
    expect([...kinds].sort()).toEqual(['allowed', 'later', 'never']); // every answer was exercised
  });
});
