import { attestWrittenConsent } from '../support/calls.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWebhookEndpoint } from '../../src/domain/webhooks/endpoints.js';
import { startVoiceSimulator, type VoiceSimulator } from '../../src/simulators/voice/server.js';
import { eventually } from '../support/eventually.js';
import { DIALECTS } from '../support/databases.js';
import { enrollBody, newKey, NOW, replaceBody } from '../support/enrollment.js';
import { startTestService, type TestService } from '../support/service.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/**
 * Calls planned at 10:00 on Tuesday 2026-12-08 (New York) are dispatched later by a worker whose
 * clock says something else, after the customer's state changed behind the plan's back. The
 * dispatcher re-checks each with the scheduler and never dials outside the rules.
 */
describe.each(DIALECTS)('dial-time compliance on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let planner: TestService; // plans, never dials
  let simulator: VoiceSimulator;
  let key: string;
  let companyId: string;
  const firstCall: Record<string, string> = {};

  beforeAll(async () => {
    simulator = await startVoiceSimulator();
    planner = await startTestService(database.db, { now: () => NOW });
    ({ apiKey: key, companyId } = await planner.company());
    // The leads' written consent is attested (docs/partners/consent.md): this suite is about the calling rules.
    await attestWrittenConsent(database.db, companyId);
    await addWebhookEndpoint(database.db, companyId, 'http://127.0.0.1:9/hooks', NOW); // deliveries are only checked as written
    for (const id of ['late', 'restricted', 'dnc', 'xmas']) {
      const res = await planner.call('POST', '/customers/schedule/sync', {
        key,
        headers: { 'Idempotency-Key': newKey() },
        body: enrollBody({ id, loanId: `loan-${id}`, phoneNumber: '(212) 736-5000' }),
      });
      expect(res.status).toBe(200);
      firstCall[id] = res.body.origination.scheduledCallId;
    }
    const coll = await planner.call('POST', '/customers/schedule/sync', {
      key,
      body: replaceBody({
        id: 'capped',
        taskType: 'Collections',
        loanId: 'debt-1',
        timezone: 'America/New_York',
        state: 'NY',
        phoneNumber: '(212) 736-5001',
      }),
    });
    expect(coll.status).toBe(200);
    firstCall.capped = (await tables(database.db)
      .scheduledCalls()
      .where({ company_id: companyId, customer_id: 'capped' })
      .orderBy('scheduled_time')
      .first())!.id;

    // Behind the plan's back: a restriction row, the Do Not Call flag, seven collection attempts on the debt in the last days.
    const db = database.db;
    await tables(db).contactRestrictions().insert({
      id: randomUUID(),
      company_id: companyId,
      customer_id: 'restricted',
      loan_id: null,
      kind: 'cease_request',
      source: 'operator',
      created_at: NOW.toISOString(),
    });
    await tables(db).customers().where({ company_id: companyId, id: 'dnc' }).update({ do_not_call: true });
    const capped = await tables(db).scheduledCalls().where({ id: firstCall.capped }).first();
    await tables(db)
      .scheduledCalls()
      .insert(
        Array.from({ length: 7 }, (_, i) => {
          const at = new Date(NOW.getTime() - (i + 1) * 8 * 3600_000).toISOString();
          return {
            ...capped,
            id: randomUUID(),
            step_index: 100 + i,
            step: `history-${i}`,
            status: 'completed',
            scheduled_time: at,
            dialed_at: at,
            post_processing_flags: JSON.stringify(['NO_ANSWER']),
            explanation: JSON.stringify(capped!.explanation ?? null),
            fallback: capped!.fallback,
          };
        }),
      );
  }, 90_000);

  afterAll(async () => {
    await planner?.stop();
    await simulator?.close();
  });

  const row = (id: string) => tables(database.db).scheduledCalls().where({ id }).first();
  const dispatcherAt = (instant: string) =>
    startTestService(database.db, {
      now: () => new Date(instant),
      env: { OUTREACH_CALLS_DISPATCH: 'on', OUTREACH_CALLS_POLL_MS: '50', OUTREACH_VOICE_SIMULATOR_URL: simulator.url },
    });
  const reasonOf = (id: string) =>
    eventually(
      async () => {
        const r = await row(id);
        return r!.status_reason ? r : undefined;
      },
      60_000,
      `a dispatch decision on ${id}`,
    );

  it('at 21:30 nothing is dialed: each call is moved or skipped with its reason', { timeout: 120_000 }, async () => {
    const dispatcher = await dispatcherAt('2026-12-09T02:30:00Z'); // Tuesday 21:30 in New York
    try {
      const late = await reasonOf(firstCall.late);
      expect(late.status).toBe('pending');
      expect(new Date(late.scheduled_time).toISOString()).toBe('2026-12-09T13:00:00.000Z'); // Wednesday 08:00
      expect(late.status_reason).toMatch(/^Moved at dial time: .*calling-window/);

      const restricted = await reasonOf(firstCall.restricted);
      expect(restricted.status).toBe('skipped');
      expect(restricted.status_reason).toMatch(
        /^Not allowed at dial time: restriction-cease-request: contact restriction cease_request/,
      );

      const dnc = await reasonOf(firstCall.dnc);
      expect(dnc.status).toBe('skipped');
      expect(dnc.status_reason).toMatch(/Do Not Call/);

      const capped = await reasonOf(firstCall.capped);
      expect(capped.status).toBe('pending');
      expect(capped.status_reason).toMatch(/^Moved at dial time: .*regf/);
      // The oldest of the seven attempts (NOW − 56 h) leaves the 7-day window at NOW + 112 h.
      expect(new Date(capped.scheduled_time).getTime()).toBeGreaterThanOrEqual(NOW.getTime() + 112 * 3600_000);
      expect(simulator.dials()).toEqual({});
    } finally {
      await dispatcher.stop();
    }
    // A skipped call is a status change for the partner; a moved one is still pending.
    const events = async (id: string) =>
      (
        await tables(database.db)
          .webhookDeliveries()
          .where({ subject_id: id, event_type: 'scheduled_call.updated' })
          .select('event_key')
      ).map((r: { event_key: string }) => r.event_key);
    expect(await events(firstCall.restricted)).toEqual([`scheduled_call.updated:${firstCall.restricted}:skipped`]);
    expect(await events(firstCall.dnc)).toEqual([`scheduled_call.updated:${firstCall.dnc}:skipped`]);
    expect(await events(firstCall.late)).toEqual([]);
    const api = await planner.call('GET', `/scheduled-calls/${firstCall.restricted}`, { key });
    expect(api.body).toMatchObject({ status: 'skipped', postProcessingFlags: [] });
    // The extension fields name the rule that ruled it out, and the rule that moved the late one.
    expect(api.body.endReason).toEqual({
      rule: 'restriction-cease-request',
      source: 'FDCPA 15 U.S.C. 1692c(c); Reg F 12 CFR 1006.6(c)(1)',
      detail: expect.stringMatching(/^contact restriction cease_request/),
    });
    const moved = await planner.call('GET', `/scheduled-calls/${firstCall.late}`, { key });
    expect(moved.body.timingReasons.at(-1)).toMatchObject({
      rule: 'calling-window',
      source: 'TCPA 47 CFR 64.1200(c)(1); Reg F 12 CFR 1006.6(b)(1)(i)',
    });
    expect(moved.body).not.toHaveProperty('endReason');
  });

  it('on a federal holiday (Christmas) a due call moves to the next business day', { timeout: 120_000 }, async () => {
    const dispatcher = await dispatcherAt('2026-12-25T15:00:00Z'); // Friday 10:00 in New York
    try {
      const xmas = await eventually(
        async () => {
          const r = await row(firstCall.xmas);
          return r!.status === 'pending' && new Date(r!.scheduled_time) > new Date('2026-12-25T00:00:00Z')
            ? r
            : undefined;
        },
        60_000,
        'the holiday move',
      );
      expect(new Date(xmas.scheduled_time).toISOString()).toBe('2026-12-26T13:00:00.000Z'); // Saturday 08:00
      expect(xmas.status_reason).toMatch(/^Moved at dial time: federal-holiday → calling-window/);
      expect(simulator.dials()).toEqual({});
    } finally {
      await dispatcher.stop();
    }
  });
});
