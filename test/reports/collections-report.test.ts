import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { useTestService } from '../support/suite.js';
import { tables } from '../support/tables.js';

/**
 * GET /reports/collections on a small data set whose every figure is counted by hand below: calls
 * placed inside and outside the period (New York days 2026-11-02 to 2026-11-15, two Monday weeks),
 * a call on Sunday 23:30 in New York that is already Monday in UTC, promises in every status, links
 * sent, failed, pending and opened, and another company's rows that must not count.
 */
const AT = '2026-10-01T12:00:00.000Z';

interface Seeded {
  calls: Array<{ id: string; task: 'Collections' | 'PaymentReturned'; dialedAt: string | null; flags: string[] }>;
  promises: Array<{ call: string; createdAt: string; amount: string; status: string; paid: string }>;
  links: Array<{
    id: string;
    task: string;
    createdAt: string;
    channel: 'sms' | 'email' | 'call';
    message?: { status: string; sentAt: string | null };
    opened: boolean;
  }>;
}

const A: Seeded = {
  calls: [
    { id: 'sc1', task: 'Collections', dialedAt: '2026-11-03T15:00:00.000Z', flags: ['CONNECT', 'LIVE_CONNECT', 'RPC'] },
    { id: 'sc2', task: 'Collections', dialedAt: '2026-11-04T15:00:00.000Z', flags: ['NO_ANSWER'] },
    // Sunday 2026-11-08 23:30 in New York: the week of 11-02 there, of 11-09 in UTC.
    {
      id: 'sc3',
      task: 'Collections',
      dialedAt: '2026-11-09T04:30:00.000Z',
      flags: ['CONNECT', 'RPC', 'SUCCESSFUL_TRANSFER'],
    },
    { id: 'sc4', task: 'Collections', dialedAt: '2026-11-10T15:00:00.000Z', flags: ['VOICEMAIL'] },
    { id: 'sc5', task: 'Collections', dialedAt: null, flags: [] }, // never placed
    { id: 'sc6', task: 'Collections', dialedAt: '2026-10-30T15:00:00.000Z', flags: ['CONNECT', 'RPC'] }, // before
    { id: 'sc7', task: 'Collections', dialedAt: '2026-11-16T05:30:00.000Z', flags: ['CONNECT'] }, // 11-16 00:30 NY: after
    { id: 'sc8', task: 'Collections', dialedAt: '2026-11-16T04:30:00.000Z', flags: ['CONNECT'] }, // 11-15 23:30 NY: inside
    { id: 'sc9', task: 'PaymentReturned', dialedAt: '2026-11-05T15:00:00.000Z', flags: ['CONNECT', 'RPC'] },
  ],
  promises: [
    { call: 'sc1', createdAt: '2026-11-03T15:05:00.000Z', amount: '150.00', status: 'kept', paid: '150.00' },
    { call: 'sc3', createdAt: '2026-11-09T04:35:00.000Z', amount: '200.00', status: 'partially_kept', paid: '80.00' },
    { call: 'sc9', createdAt: '2026-11-05T15:05:00.000Z', amount: '100.00', status: 'broken', paid: '0.00' },
    { call: 'sc6', createdAt: '2026-10-30T15:05:00.000Z', amount: '500.00', status: 'kept', paid: '500.00' }, // before
    { call: 'sc8', createdAt: '2026-11-16T04:35:00.000Z', amount: '60.00', status: 'open', paid: '0.00' },
  ],
  links: [
    {
      id: 'l1',
      task: 'Collections',
      createdAt: '2026-11-03T15:05:00.000Z',
      channel: 'sms',
      message: { status: 'delivered', sentAt: '2026-11-03T15:05:02.000Z' },
      opened: true,
    },
    {
      id: 'l2',
      task: 'Collections',
      createdAt: '2026-11-09T04:35:00.000Z',
      channel: 'sms',
      message: { status: 'failed', sentAt: '2026-11-09T04:35:02.000Z' },
      opened: false,
    },
    {
      id: 'l3',
      task: 'PaymentReturned',
      createdAt: '2026-11-05T15:05:00.000Z',
      channel: 'email',
      message: { status: 'pending', sentAt: null },
      opened: false,
    },
    { id: 'l4', task: 'Collections', createdAt: '2026-11-10T15:00:00.000Z', channel: 'call', opened: true },
    { id: 'l5', task: 'Collections', createdAt: '2026-11-20T15:00:00.000Z', channel: 'call', opened: true }, // after
  ],
};

/** Another company's rows in the same period: none of them counts. */
const B: Seeded = {
  calls: [{ id: 'sc1', task: 'Collections', dialedAt: '2026-11-03T15:00:00.000Z', flags: ['CONNECT', 'RPC'] }],
  promises: [{ call: 'sc1', createdAt: '2026-11-03T15:05:00.000Z', amount: '999.00', status: 'kept', paid: '999.00' }],
  links: [{ id: 'l1', task: 'Collections', createdAt: '2026-11-03T15:05:00.000Z', channel: 'call', opened: true }],
};

/** A uuid-shaped id per company and name (the columns hold 36 characters; ids are unique across companies). */
const uid = (company: string, name: string) => {
  const h = createHash('md5').update(`${company}/${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

async function seed(db: Db, companyId: string, data: Seeded): Promise<void> {
  const id = (name: string) => uid(companyId, name);
  await tables(db).customers().insert({
    company_id: companyId,
    id: 'cust-r',
    first_name: 'R',
    last_name: 'Eport',
    timezone: 'America/New_York',
    phone_number: '+12125550100',
    do_not_call: false,
    is_test: true,
    created_at: AT,
    updated_at: AT,
  });
  for (const task of ['Collections', 'PaymentReturned'])
    await tables(db)
      .schedules()
      .insert({
        id: id(`s-${task}`),
        company_id: companyId,
        customer_id: 'cust-r',
        cadence_id: null,
        channel: 'call',
        source: 'replace',
        task_type: task,
        cadence: task,
        loan_id: null,
        status: 'active',
        created_at: AT,
        updated_at: AT,
      });
  for (const [i, c] of data.calls.entries()) {
    await tables(db)
      .scheduledCalls()
      .insert({
        id: id(c.id),
        company_id: companyId,
        customer_id: 'cust-r',
        schedule_id: id(`s-${c.task}`),
        loan_id: null,
        task_type: c.task,
        purpose: 'collections',
        scheduled_time: c.dialedAt ?? '2026-11-20T15:00:00.000Z',
        phone_number: '+12125550100',
        transfer_destination: 'queue:collections',
        step: `day${i}`,
        step_index: i,
        fallback: false,
        status: c.dialedAt ? 'completed' : 'pending',
        call_id: c.dialedAt ? id(`call-${c.id}`) : null,
        post_processing_flags: JSON.stringify(c.flags),
        explanation: null,
        created_at: AT,
        updated_at: AT,
        dial_attempts: c.dialedAt ? 1 : 0,
        dialed_at: c.dialedAt,
      });
    if (c.dialedAt)
      await tables(db)
        .calls()
        .insert({
          id: id(`call-${c.id}`),
          company_id: companyId,
          customer_id: 'cust-r',
          scheduled_call_id: id(c.id),
          provider: 'sandbox',
          provider_call_id: id(`p-${c.id}`),
          to_phone_number: '+12125550100',
          from_phone_number: '+12025550199',
          state: 'analyzed',
          timestamp: c.dialedAt,
          transcript: '',
          summarization: '',
          flags: JSON.stringify(c.flags),
          created_at: c.dialedAt,
          updated_at: c.dialedAt,
        });
  }
  for (const p of data.promises)
    await tables(db)
      .promises()
      .insert({
        company_id: companyId,
        id: id(`promise-${p.call}`),
        customer_id: 'cust-r',
        loan_id: null,
        call_id: id(`call-${p.call}`),
        amount: p.amount,
        promised_date: '2026-11-20',
        status: p.status,
        paid_amount: p.paid,
        created_at: p.createdAt,
        updated_at: p.createdAt,
      });
  for (const [i, l] of data.links.entries()) {
    if (l.message)
      await tables(db)
        .scheduledMessages()
        .insert({
          id: id(`m-${l.id}`),
          company_id: companyId,
          customer_id: 'cust-r',
          schedule_id: id(`s-${l.task}`),
          loan_id: null,
          task_type: l.task,
          purpose: 'collections',
          channel: l.channel,
          step: 'payment-link',
          step_index: 100 + i,
          template: 'pay',
          scheduled_time: l.createdAt,
          status: l.message.status,
          sent_at: l.message.sentAt,
          created_at: l.createdAt,
          updated_at: l.createdAt,
        });
    await tables(db)
      .paymentLinks()
      .insert({
        id: id(l.id),
        company_id: companyId,
        customer_id: 'cust-r',
        loan_id: null,
        amount: '10.00',
        task_type: l.task,
        channel: l.channel,
        source: l.message ? 'promise' : 'call',
        promise_id: null,
        scheduled_message_id: l.message ? id(`m-${l.id}`) : null,
        scheduled_call_id: null,
        created_at: l.createdAt,
        expires_at: '2026-12-31T00:00:00.000Z',
        first_opened_at: l.opened ? l.createdAt : null,
        last_opened_at: l.opened ? l.createdAt : null,
        open_count: l.opened ? 1 : 0,
      });
  }
}

const amount = (count: number, dollars: string) => ({ count, amount: dollars });

/** The figures of a group, counted by hand from the rows above. */
function figures(f: {
  attempts: number;
  connects: number;
  rpc: number;
  transfers: number;
  promises: [number, string];
  open?: [number, string];
  kept?: [number, string];
  partiallyKept?: [number, string];
  broken?: [number, string];
  collected: string;
  links: [number, number];
}) {
  const none: [number, string] = [0, '0.00'];
  return {
    attempts: f.attempts,
    connects: f.connects,
    rightPartyContacts: f.rpc,
    transfers: f.transfers,
    promises: amount(...f.promises),
    open: amount(...(f.open ?? none)),
    kept: amount(...(f.kept ?? none)),
    partiallyKept: amount(...(f.partiallyKept ?? none)),
    broken: amount(...(f.broken ?? none)),
    cancelled: amount(0, '0.00'),
    collected: f.collected,
    links: { sent: f.links[0], opened: f.links[1] },
  };
}

const TOTALS = figures({
  attempts: 6, // sc1 sc2 sc3 sc4 sc8 sc9
  connects: 4, // sc1 sc3 sc8 sc9
  rpc: 3, // sc1 sc3 sc9
  transfers: 1, // sc3
  promises: [4, '510.00'], // p(sc1) 150 + p(sc3) 200 + p(sc9) 100 + p(sc8) 60
  open: [1, '60.00'],
  kept: [1, '150.00'],
  partiallyKept: [1, '80.00'],
  broken: [1, '100.00'],
  collected: '230.00',
  links: [1, 2], // sent: l1 (l2 failed, l3 pending); opened: l1 l4
});

describe.each(DIALECTS)('GET /reports/collections on %s', (dialect) => {
  const suite = useTestService(dialect);
  let key: string;
  const report = (query: string) => suite.t.call('GET', `/reports/collections?${query}`, { key });

  beforeAll(async () => {
    const a = await suite.t.company('Report Lending');
    key = a.apiKey;
    await seed(suite.database.db, a.companyId, A);
    const b = await suite.t.company('Other Lending');
    await seed(suite.database.db, b.companyId, B);
    // Transfer events as the webhooks record them: on A's sc3, the first destination fails and the
    // call falls back to the second; one more event after the period, and one of company B.
    const transfer = (companyId: string, n: number, step: string, destination: string, at: string) => ({
      provider: 'simulator',
      event_id: `${companyId}-t${n}`,
      company_id: companyId,
      scheduled_call_id: uid(companyId, 'sc3'),
      provider_call_id: `call-${companyId}-sc3`,
      step,
      destination,
      received_at: at,
    });
    await tables(suite.database.db)
      .callTransfers()
      .insert([
        transfer(a.companyId, 1, 'started', '+18005550100', '2026-11-03T15:00:00.000Z'),
        transfer(a.companyId, 2, 'cancelled', '+18005550100', '2026-11-03T15:00:20.000Z'),
        transfer(a.companyId, 3, 'started', '+18005550101', '2026-11-03T15:00:21.000Z'),
        transfer(a.companyId, 4, 'bridged', '+18005550101', '2026-11-03T15:00:30.000Z'),
        transfer(a.companyId, 5, 'started', '+18005550100', '2026-11-16T05:00:00.000Z'), // the day after the period
        transfer(b.companyId, 1, 'started', '+18005550100', '2026-11-03T15:00:00.000Z'),
      ]);
  });

  it('by task type: every figure as counted by hand, and the totals', async () => {
    const res = await report('from=2026-11-02&to=2026-11-15&groupBy=taskType&timezone=America/New_York');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      from: '2026-11-02',
      to: '2026-11-15',
      timezone: 'America/New_York',
      groupBy: 'taskType',
      rows: [
        {
          group: 'Collections',
          ...figures({
            attempts: 5,
            connects: 3,
            rpc: 2,
            transfers: 1,
            promises: [3, '410.00'],
            open: [1, '60.00'],
            kept: [1, '150.00'],
            partiallyKept: [1, '80.00'],
            collected: '230.00',
            links: [1, 2],
          }),
        },
        {
          group: 'PaymentReturned',
          ...figures({
            attempts: 1,
            connects: 1,
            rpc: 1,
            transfers: 0,
            promises: [1, '100.00'],
            broken: [1, '100.00'],
            collected: '0.00',
            links: [0, 0],
          }),
        },
      ],
      totals: TOTALS,
      transfersByDestination: [
        { destination: '+18005550100', attempted: 1, bridged: 0, failed: 1, fellBack: 1 },
        { destination: '+18005550101', attempted: 1, bridged: 1, failed: 0, fellBack: 0 },
      ],
    });
  });

  it("by week: the zone's Monday-to-Sunday weeks, Sunday 23:30 in New York in the week it ends", async () => {
    const res = await report('from=2026-11-02&to=2026-11-15&groupBy=week&timezone=America/New_York');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows).toEqual([
      {
        group: '2026-11-02',
        ...figures({
          attempts: 4, // sc1 sc2 sc3 sc9
          connects: 3,
          rpc: 3,
          transfers: 1,
          promises: [3, '450.00'],
          kept: [1, '150.00'],
          partiallyKept: [1, '80.00'],
          broken: [1, '100.00'],
          collected: '230.00',
          links: [1, 1], // l1 sent and opened; l2 failed; l3 pending
        }),
      },
      {
        group: '2026-11-09',
        ...figures({
          attempts: 2, // sc4 sc8
          connects: 1,
          rpc: 0,
          transfers: 0,
          promises: [1, '60.00'],
          open: [1, '60.00'],
          collected: '0.00',
          links: [0, 1], // l4, given to an agent
        }),
      },
    ]);
    expect(res.body.totals).toEqual(TOTALS);
  });

  it('in UTC the same rows fall in other days and weeks', async () => {
    const res = await report('from=2026-11-02&to=2026-11-15&groupBy=week');
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe('UTC');
    // sc3 (Monday 04:30 UTC) moves to the second week; sc8 (2026-11-16 UTC) leaves the period.
    expect(res.body.rows.map((r: { group: string; attempts: number }) => [r.group, r.attempts])).toEqual([
      ['2026-11-02', 3],
      ['2026-11-09', 2],
    ]);
  });

  it('an empty period lists its weeks with zeros', async () => {
    const res = await report('from=2025-01-06&to=2025-01-19&groupBy=week');
    expect(res.body.rows.map((r: { group: string; attempts: number }) => [r.group, r.attempts])).toEqual([
      ['2025-01-06', 0],
      ['2025-01-13', 0],
    ]);
  });

  it.each([
    ['from=2026-11-15&to=2026-11-02', 'to 2026-11-02 is before from 2026-11-15'],
    ['from=2025-01-01&to=2026-12-31', 'the period is 730 days; at most 371'],
    ['from=2026-11-02&to=2026-11-15&timezone=Mars/Olympus', 'Unknown time zone "Mars/Olympus"'],
  ])('%s is 400: %s', async (query, message) => {
    const res = await report(query);
    expect([res.status, res.body]).toEqual([400, { error: 400, message }]);
  });

  it('a missing date or an unknown groupBy is 400; no key is 401', async () => {
    expect((await report('to=2026-11-15')).status).toBe(400);
    expect((await report('from=2026-11-02&to=2026-11-15&groupBy=month')).status).toBe(400);
    expect((await suite.t.call('GET', '/reports/collections?from=2026-11-02&to=2026-11-15')).status).toBe(401);
  });
});
