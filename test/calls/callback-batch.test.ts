import { beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../src/domain/shared/errors.js';
import type { JobQueue } from '../../src/domain/ports/job-queue.js';
import type { VoiceEvent, VoiceEventType } from '../../src/domain/ports/voice-provider.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
import { applyInboxBatch } from '../../src/domain/calls/callback-inbox.js';
import { applyVoiceEvent } from '../support/calls.js';
import {
  callSetState,
  companyWithEndpoint,
  inboxOutcomes,
  receiveEvents,
  seedCollectionsCall,
} from '../support/call-seeds.js';
import { createLogger } from '../../src/lib/logger.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';
import { tables } from '../support/tables.js';

/**
 * The set-based inbox applier (callback-batch.ts) against applyVoiceEvent one event at a time: two
 * twin sets of calls in one database, the same deliveries (out of order, redelivered, for unknown
 * calls, for a call whose record is not there yet, for a sweep-failed call), the same end state.
 */
const NOW = new Date('2026-12-08T15:05:00Z');
const STARTED = new Date('2026-12-08T15:00:05Z');
const ENDED = new Date('2026-12-08T15:01:35Z');
const SETTINGS = { batch: 500, parallelCalls: 4, leaseMs: 60_000 };

type Delivery = [tag: string, type: VoiceEventType, flags?: string[]];

interface Scenario {
  /** Scheduled call status and whether the call record exists (false: the callback beats the provider's answer). */
  status: 'dialing' | 'failed' | 'none';
  record: boolean;
  /** Applied before the batch (as the sweep or an earlier pass would have). */
  before: Delivery[];
  deliveries: Delivery[];
  /** Deliveries name another provider call. */
  foreign?: boolean;
  /** The customer has a later pending call, which the outcome's effects re-check, move or cancel. */
  later?: boolean;
}

const SCENARIOS: Scenario[] = [
  {
    status: 'dialing',
    record: true,
    before: [],
    deliveries: [
      ['s', 'call_started'],
      ['e', 'call_ended'],
      ['a', 'call_analyzed', ['VOICEMAIL']],
    ],
  },
  {
    status: 'dialing',
    record: true,
    before: [],
    deliveries: [
      ['a', 'call_analyzed', ['RPC', 'LIVE_CONNECT']],
      ['e', 'call_ended'],
      ['s', 'call_started'],
    ],
  },
  {
    status: 'dialing',
    record: true,
    before: [['s', 'call_started']],
    deliveries: [
      ['e', 'call_ended'],
      ['s', 'call_started'],
      ['a', 'call_analyzed', ['NO_ANSWER']],
    ],
  },
  {
    status: 'dialing',
    record: true,
    before: [
      ['s', 'call_started'],
      ['e', 'call_ended'],
    ],
    deliveries: [
      ['a', 'call_analyzed', ['VOICEMAIL']],
      ['e2', 'call_ended'],
    ],
  },
  {
    status: 'failed',
    record: true,
    before: [
      ['s', 'call_started'],
      ['e', 'call_ended'],
    ],
    deliveries: [
      ['a', 'call_analyzed', ['RPC', 'DNC']],
      ['s', 'call_started'],
    ],
  },
  {
    status: 'dialing',
    record: true,
    before: [],
    deliveries: [
      ['s', 'call_started'],
      ['e', 'call_ended'],
    ],
    foreign: true,
  },
  {
    status: 'dialing',
    record: false,
    before: [],
    deliveries: [
      ['e', 'call_ended'],
      ['s', 'call_started'],
      ['a', 'call_analyzed', ['VOICEMAIL']],
    ],
  },
  { status: 'none', record: false, before: [], deliveries: [['s', 'call_started']] },
  { status: 'dialing', record: true, before: [], deliveries: [['s', 'call_started']] },
  {
    status: 'dialing',
    record: true,
    before: [],
    deliveries: [['a', 'call_analyzed', ['CONNECT', 'LIVE_CONNECT', 'RPC']]],
    later: true,
  },
  {
    status: 'dialing',
    record: true,
    before: [],
    deliveries: [['a', 'call_analyzed', ['CONNECT', 'WRONG_NUMBER']]],
    later: true,
  },
  {
    status: 'dialing',
    record: true,
    before: [],
    deliveries: [['a', 'call_analyzed', ['CONNECT', 'RPC', 'DNC']]],
    later: true,
  },
  { status: 'dialing', record: true, before: [], deliveries: [['a', 'call_analyzed', ['VOICEMAIL']]], later: true },
];

const scId = (set: string, i: number) => `${set}-sc${i}`;
const pcId = (set: string, i: number) => `${set}-pc${i}`;

function eventOf(set: string, i: number, [tag, type, flags]: Delivery): VoiceEvent {
  const over = type !== 'call_started';
  return {
    eventId: `${pcId(set, i)}:${tag}`,
    type,
    providerCallId: SCENARIOS[i].foreign ? `${set}-elsewhere${i}` : pcId(set, i),
    scheduledCallId: scId(set, i),
    call: {
      toNumber: `+1212555${String(1000 + i)}`,
      fromNumber: '+12025550199',
      startedAt: STARTED,
      endedAt: over ? ENDED : null,
      durationMs: over ? 90_000 : null,
      disconnectionReason: over ? 'user_hangup' : null,
      answeredBy: 'human',
      transcript: `transcript ${tag}`,
      summary: `summary ${tag}`,
      recordingUrl: type === 'call_analyzed' ? `https://provider.example/${i}.wav` : null,
      flags: flags ?? [],
    },
  };
}

/** The deliveries in receipt order: calls interleaved, as concurrent providers send them. */
function deliveries(set: string): VoiceEvent[] {
  const out: VoiceEvent[] = [];
  for (let k = 0; k < 3; k++)
    SCENARIOS.forEach((sc, i) => sc.deliveries[k] && out.push(eventOf(set, i, sc.deliveries[k])));
  return out;
}

describe.each(DIALECTS)('set-based callback applier on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let companyId: string;
  const enqueued: Array<{ callId: string }> = [];
  /** Calls whose recording cannot be enqueued (a poisonous event: its transaction always fails). */
  const poisoned = new Set<string>();
  const queue = {
    enqueue: async (_trx: unknown, _queue: string, messages: Array<{ callId: string }>) => {
      if (messages.some((m) => poisoned.has(m.callId))) throw new Error('poisoned');
      enqueued.push(...messages);
    },
    wake: () => undefined,
  } as unknown as JobQueue;
  const services = (): CallServices => ({
    db: database.db,
    now: () => NOW,
    log: createLogger('silent'),
    queue,
    voice: {} as CallServices['voice'],
    recordings: {} as CallServices['recordings'],
    settings: {
      publicBaseUrl: 'http://127.0.0.1',
      fromNumber: '+12025550199',
      signingSecret: 'x'.repeat(32),
      dialLeaseMs: 60_000,
      maxCallbacksInFlight: 16,
    },
  });

  async function seed(set: string): Promise<void> {
    for (const [i, sc] of SCENARIOS.entries()) {
      if (sc.status === 'none') continue;
      await seedCollectionsCall(
        database.db,
        companyId,
        {
          customerId: `${set}-cu${i}`,
          scheduledCallId: scId(set, i),
          phone: `+1212555${1000 + i}`,
          status: sc.status,
          scheduledTime: '2026-12-08T15:00:00.000Z',
          placed: sc.record
            ? { callId: `${set}-call${i}`, providerCallId: pcId(set, i), state: 'registered' }
            : undefined,
          later: sc.later,
        },
        NOW.toISOString(),
      );
      for (const d of sc.before) await applyVoiceEvent(services(), 'sandbox', eventOf(set, i, d));
    }
  }

  /** What applying one delivery did, in the inbox's terms. */
  async function applyOne(event: VoiceEvent): Promise<string> {
    try {
      return (await applyVoiceEvent(services(), 'sandbox', event)).applied ? 'applied' : 'stale';
    } catch (err) {
      if (err instanceof ConflictError) return 'duplicate';
      if (err instanceof NotFoundError) return 'unknown_call';
      throw err;
    }
  }

  const receive = (events: VoiceEvent[]) => receiveEvents(database.db, events, NOW);

  /** Everything the deliveries may have changed for one set, with its own ids taken out. */
  const endState = (set: string) => callSetState(database.db, set, { enqueued });

  /** What applying the reference set's deliveries one by one did, in receipt order. */
  const reference: Array<[string, string]> = [];

  const outcomesOf = (set: string) => inboxOutcomes(database.db, set);

  beforeAll(async () => {
    companyId = await companyWithEndpoint(database.db, 'Batch', NOW);
    await seed('batch');
    await seed('ref');
  });

  it('a batch mixing calls, out of order and redelivered, ends exactly where applying the events one by one ends', async () => {
    for (const e of deliveries('ref')) reference.push([e.eventId.replace('ref-', ''), await applyOne(e)]);
    await receive(deliveries('batch'));
    expect(await applyInboxBatch(services(), SETTINGS)).toBe(reference.length);

    expect(await outcomesOf('batch')).toEqual(reference);
    const [batch, ref] = [await endState('batch'), await endState('ref')];
    expect(batch).toEqual(ref);
    // And that end state is the one the rules give (so the comparison is not between two wrong answers).
    const byId = (rows: any[], key: string, value: (r: any) => unknown) =>
      Object.fromEntries(rows.map((r) => [r[key], value(r)]));
    expect(byId(batch.scheduled, 'id', (r) => r.status)).toEqual({
      sc0: 'completed',
      sc1: 'completed',
      sc2: 'completed',
      sc3: 'completed',
      sc4: 'completed',
      sc5: 'dialing',
      sc6: 'completed',
      sc8: 'dialing',
      sc9: 'completed',
      sc10: 'completed',
      sc11: 'completed',
      sc12: 'completed',
      // The later calls: a conversation about the debt moves it out of the Reg F quiet period, a wrong
      // number (the only one) cancels it, Do Not Call stops it, a voicemail leaves it.
      'sc9-later': 'pending',
      'sc10-later': 'cancelled',
      'sc11-later': 'cancelled',
      'sc12-later': 'pending',
    });
    expect(
      byId(
        batch.scheduled.filter((r: any) => r.id.endsWith('-later')),
        'id',
        (r) => new Date(r.scheduled_time).toISOString(),
      ),
    ).toEqual({
      'sc9-later': '2026-12-15T15:00:00.000Z',
      'sc10-later': '2026-12-09T15:00:00.000Z',
      'sc11-later': '2026-12-09T15:00:00.000Z',
      'sc12-later': '2026-12-09T15:00:00.000Z',
    });
    expect(byId(batch.calls, 'scheduled_call_id', (c) => c.state)).toEqual({
      sc0: 'analyzed',
      sc1: 'analyzed',
      sc2: 'analyzed',
      sc3: 'analyzed',
      sc4: 'analyzed',
      sc5: 'registered',
      sc6: 'analyzed',
      sc8: 'ongoing',
      sc9: 'analyzed',
      sc10: 'analyzed',
      sc11: 'analyzed',
      sc12: 'analyzed',
    });
    expect(byId(batch.customers, 'id', (c) => Boolean(c.do_not_call))).toEqual({
      cu0: false,
      cu1: false,
      cu2: false,
      cu3: false,
      cu4: true,
      cu5: false,
      cu6: false,
      cu8: false,
      cu9: false,
      cu10: false,
      cu11: true,
      cu12: false,
    });
    expect(batch.published.filter(([type]) => type === 'call.completed')).toHaveLength(10);
    expect(batch.recordings).toEqual(['sc0', 'sc1', 'sc10', 'sc11', 'sc12', 'sc2', 'sc3', 'sc4', 'sc6', 'sc9']);
    expect(reference.filter(([, o]) => o !== 'applied').sort()).toEqual([
      ['pc1:e', 'stale'],
      ['pc1:s', 'stale'],
      ['pc2:s', 'duplicate'],
      ['pc3:e2', 'stale'],
      ['pc4:s', 'duplicate'],
      ['pc5:e', 'unknown_call'],
      ['pc5:s', 'unknown_call'],
      ['pc6:s', 'stale'],
      ['pc7:s', 'unknown_call'],
    ]);
  });

  it('a batch applied again after a crash (its rows still unmarked, their lease run out) changes nothing', async () => {
    const before = await endState('batch');
    await tables(database.db)
      .callbackInbox()
      .where('scheduled_call_id', 'like', 'batch-%')
      .update({ applied_at: null, outcome: null, lease_until: new Date(Date.now() - 1000).toISOString() }); // the lease is wall-clock
    expect(await applyInboxBatch(services(), SETTINGS)).toBe(deliveries('batch').length);
    expect(await endState('batch')).toEqual(before);
    const outcomes = await outcomesOf('batch');
    expect(outcomes.filter(([, o]) => o !== 'duplicate')).toEqual([
      ['pc5:s', 'unknown_call'],
      ['pc7:s', 'unknown_call'],
      ['pc5:e', 'unknown_call'],
    ]);
  });

  it('nothing left to claim: a pass settles nothing', async () => {
    expect(await applyInboxBatch(services(), SETTINGS)).toBe(0);
  });

  it('a batch that fails (one poisonous event) is applied call by call: only that event waits, for its lease', async () => {
    await seed('p');
    poisoned.add('p-call0');
    await receive(deliveries('p'));
    const total = deliveries('p').length;
    expect(await applyInboxBatch(services(), SETTINGS)).toBe(total - 1);
    const waiting = await tables(database.db)
      .callbackInbox()
      .where('scheduled_call_id', 'like', 'p-%')
      .whereNull('applied_at');
    expect(waiting.map((r: any) => [r.event_id, r.lease_until !== null])).toEqual([['p-pc0:a', true]]);
    expect((await outcomesOf('p')).filter(([id]) => id !== 'pc0:a')).toEqual(
      reference.filter(([id]) => id !== 'pc0:a'),
    );

    // Once it can pass, the next pass after its lease applies it: the end state is the reference's.
    poisoned.clear();
    await tables(database.db)
      .callbackInbox()
      .where({ event_id: 'p-pc0:a' })
      .update({ lease_until: new Date(Date.now() - 1000).toISOString() });
    expect(await applyInboxBatch(services(), SETTINGS)).toBe(1);
    expect(await endState('p')).toEqual(await endState('ref'));
  });
});
