import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledScheduledCall, startCallStack, type CallStack } from '../support/calls.js';
import { consoleCall, consoleUser, signIn } from '../support/console.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey } from '../support/enrollment.js';
import { eventually } from '../support/eventually.js';
import { useTestDatabase } from '../support/suite.js';

/** Tuesday 2026-12-08, 09:59:50 in New York: the first calls go at 10:00 (10:01 on a slow machine). */
const CLOCK = '2026-12-08T14:59:50Z';
const PEOPLE = {
  'transfer-0100': '(212) 555-0100',
  'voicemail-0101': '(212) 555-0101',
  'noanswer-0102': '(212) 555-0102',
  'dnc-0104': '(212) 555-0104',
};

describe.each(DIALECTS)('GET /activity/daily on %s', { timeout: 120_000 }, (dialect) => {
  const database = useTestDatabase(dialect);
  let stack: CallStack;
  let key: string;
  let companyId: string;

  beforeAll(async () => {
    stack = await startCallStack(database.db, CLOCK);
    ({ apiKey: key, companyId } = await stack.t.company());
    const enrolled = await Promise.all(
      Object.entries(PEOPLE).map(([id, phone]) =>
        stack.t.call('POST', '/customers/schedule/sync', {
          key,
          headers: { 'Idempotency-Key': newKey() },
          body: enrollBody({ id, loanId: `loan-${id}`, phoneNumber: phone, isTest: true }),
        }),
      ),
    );
    for (const res of enrolled) expect(res.status, JSON.stringify(res.body)).toBe(200);
    await Promise.all(enrolled.map((res) => settledScheduledCall(stack.t, key, res.body.origination.scheduledCallId)));
  }, 120_000);
  afterAll(async () => {
    await stack?.t.stop();
    await stack?.sandbox.close();
    await stack?.live.close();
  });

  it('counts the calls placed by local hour and outcome, the rates, what was held back by rule and what is due next', async () => {
    // A call's flags come with the provider's analysis, a moment after its scheduled call completes.
    const body = await eventually(
      async () => {
        const res = await stack.t.call('GET', '/activity/daily?timezone=America/New_York', { key });
        expect(res.status).toBe(200);
        return res.body.callsByHour.some((h: any) => h.outcome === 'in_progress') ? undefined : res.body;
      },
      30_000,
      'every call analyzed',
    );
    expect(body).toMatchObject({
      date: '2026-12-08',
      timezone: 'America/New_York',
      from: '2026-12-08T05:00:00.000Z',
      to: '2026-12-09T05:00:00.000Z',
    });
    const outcomes = body.callsByHour.map((h: any) => [h.hour, h.outcome, h.calls]).sort();
    expect(outcomes).toEqual([
      [10, 'no_answer', 1],
      [10, 'right_party', 1],
      [10, 'transferred', 1],
      [10, 'voicemail', 1],
    ]);
    expect(body.rates).toEqual({
      placed: 4,
      connected: 2,
      rightParty: 2,
      transferred: 1,
      connectRate: 0.5,
      rightPartyRate: 0.5,
      transferRate: 0.25,
    });
    // The DNC outcome ends the borrower's later calls: held back by the Do Not Call rule, with its citation.
    expect(body.heldBack).toContainEqual(
      expect.objectContaining({ rule: 'restriction-do-not-call', source: expect.stringContaining('64.1200(d)') }),
    );
    expect(body.dueNext.length).toBeGreaterThan(0);
    expect(body.dueNext.every((c: any) => c.scheduledTime >= CLOCK && c.customerId !== 'dnc-0104')).toBe(true);
    expect(stack.t.violations).toEqual([]);
  });

  it("counts only the credential's company; a console viewer reads it too", async () => {
    const other = await stack.t.company('Other Lending');
    const theirs = await stack.t.call('GET', '/activity/daily', { key: other.apiKey });
    expect(theirs.status).toBe(200);
    expect(theirs.body.rates.placed).toBe(0);
    expect(theirs.body.dueNext).toEqual([]);

    const viewer = await consoleUser(database.db, companyId, 'viewer');
    const { session } = await signIn(stack.t.url, viewer.email, viewer.password);
    const ours = await consoleCall(stack.t.url, session!, 'GET', '/activity/daily?date=2026-12-08');
    expect(ours.status).toBe(200);
    expect(ours.body.rates.placed).toBe(4);
  });

  it('refuses an unknown time zone or a malformed date with 400', async () => {
    expect((await stack.t.call('GET', '/activity/daily?timezone=Mars/Olympus', { key })).status).toBe(400);
    expect((await stack.t.call('GET', '/activity/daily?date=2026-13-45', { key })).status).toBe(400);
    expect(stack.t.violations).toEqual([]);
  });
});
