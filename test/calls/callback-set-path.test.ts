import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ConflictError, NotFoundError } from '../../src/domain/shared/errors.js';
import type { JobQueue } from '../../src/domain/ports/job-queue.js';
import type {
  CallFacts,
  CallSnapshot,
  VoiceEvent,
  VoiceEventType,
  VoiceProvider,
} from '../../src/domain/ports/voice-provider.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
import { applyInboxBatch } from '../../src/domain/calls/callback-inbox.js';
import { reconcileStaleCalls } from '../../src/domain/calls/reconcile-calls.js';
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
 * One apply path for every provider event (callback-batch.ts, applyCallEvents): the reconciliation
 * sweep's synthetic events and the same events from the callback inbox leave identical rows (but
 * for the sweep's note on the scheduled call), and a callback that beats the dialer's record is
 * recorded and applied inside the inbox batch's one transaction, as it is alone.
 */
const NOW = new Date('2026-12-08T17:00:00Z');
const DIALED = '2026-12-08T15:00:00.000Z';
const STARTED = new Date('2026-12-08T15:00:05Z');
const ENDED = new Date('2026-12-08T15:01:35Z');
const SETTINGS = { batch: 500, parallelCalls: 4, leaseMs: 60_000 };
const RECONCILE = { afterMs: 900_000, deadlineMs: 2 * 3_600_000, leaseMs: 60_000, batch: 50 };
const NOTE_ANALYZED = 'Reconciliation: the callbacks did not arrive; the result was read from the voice provider';
const NOTE_DEADLINE = 'Reconciliation: the provider produced no analysis by the deadline; flags from the ended call';

interface Seeded {
  /** Scheduled call status, and whether its call record exists (with its state). */
  status: 'dialing' | 'pending';
  record: 'registered' | 'ongoing' | 'ended' | null;
  /** The customer has a later pending call, which the outcome's effects re-check. */
  later?: boolean;
}

const scId = (set: string, i: number) => `${set}-sc${i}`;
const pcId = (set: string, i: number) => `${set}-pc${i}`;

function facts(i: number, flags: string[], recording: boolean): CallFacts {
  return {
    toNumber: `+1212555${2000 + i}`,
    fromNumber: '+12025550199',
    startedAt: STARTED,
    endedAt: ENDED,
    durationMs: 90_000,
    disconnectionReason: 'user_hangup',
    answeredBy: 'human',
    transcript: `transcript ${i}`,
    summary: `summary ${i}`,
    recordingUrl: recording ? `https://provider.example/${i}.wav` : null,
    flags,
  };
}

describe.each(DIALECTS)('one apply path for provider events on %s', (dialect) => {
  const database = useTestDatabase(dialect);
  let companyId: string;
  const enqueued: Array<{ callId: string }> = [];
  const woken: string[] = [];
  const queue = {
    enqueue: async (_trx: unknown, _queue: string, messages: Array<{ callId: string }>) => {
      enqueued.push(...messages);
    },
    wake: (signal: string) => {
      woken.push(signal);
    },
  } as unknown as JobQueue;
  /** What the provider answers the sweep, by provider call id. */
  const snapshots = new Map<string, CallSnapshot>();
  const provider = {
    name: 'sandbox',
    getCall: async (providerCallId: string) => snapshots.get(providerCallId) ?? null,
  } as unknown as VoiceProvider;
  const services = (): CallServices => ({
    db: database.db,
    now: () => NOW,
    log: createLogger('silent'),
    queue,
    voice: { sandbox: provider, live: provider },
    recordings: {} as CallServices['recordings'],
    settings: {
      publicBaseUrl: 'http://127.0.0.1',
      fromNumber: '+12025550199',
      signingSecret: 'x'.repeat(32),
      dialLeaseMs: 60_000,
      maxCallbacksInFlight: 16,
    },
  });

  async function seed(set: string, calls: Seeded[]): Promise<void> {
    for (const [i, sc] of calls.entries()) {
      const placed = sc.record !== null;
      await seedCollectionsCall(
        database.db,
        companyId,
        {
          customerId: `${set}-cu${i}`,
          scheduledCallId: scId(set, i),
          phone: `+1212555${2000 + i}`,
          status: sc.status,
          scheduledTime: DIALED,
          placed: placed ? { callId: `${set}-call${i}`, providerCallId: pcId(set, i), state: sc.record! } : undefined,
          later: sc.later,
          dial: { claimed_at: DIALED, dialed_at: placed ? DIALED : null, dial_attempts: 1 },
        },
        NOW.toISOString(),
      );
    }
  }

  const receive = (events: VoiceEvent[]) => receiveEvents(database.db, events, NOW);

  /** Everything applying may have changed for one set, its own ids taken out (call ids by their scheduled call). */
  const endState = (set: string) => callSetState(database.db, set, { enqueued, dialColumns: true, receivedAt: true });

  const outcomesOf = (set: string) => inboxOutcomes(database.db, set);

  beforeAll(async () => {
    companyId = await companyWithEndpoint(database.db, 'Set path', NOW);
  });

  it("the sweep's synthetic events and the same events from the inbox leave identical rows, but for the sweep's note", async () => {
    // Placed two hours ago; the provider shows them ended: analyzed (0: a conversation, with a later
    // call to re-check; 2: Do Not Call; 3: already ended here), or not analyzed by the deadline (1).
    const calls: Seeded[] = [
      { status: 'dialing', record: 'registered', later: true },
      { status: 'dialing', record: 'ongoing' },
      { status: 'dialing', record: 'registered', later: true },
      { status: 'dialing', record: 'ended' },
    ];
    const snapshot = (set: string, i: number): CallSnapshot => {
      const analyzed = i !== 1;
      const flags = [
        ['CONNECT', 'LIVE_CONNECT', 'RPC'],
        ['CONNECT', 'NO_ANSWER'],
        ['CONNECT', 'RPC', 'DNC'],
        ['VOICEMAIL'],
      ][i];
      return {
        providerCallId: pcId(set, i),
        scheduledCallId: scId(set, i),
        state: 'ended',
        analyzed,
        call: facts(i, flags, analyzed),
      };
    };
    /** The events the sweep makes of a snapshot (reconcile-calls.ts), as the provider would have sent them. */
    const eventsOf = (set: string, i: number): VoiceEvent[] => {
      const s = snapshot(set, i);
      const event = (type: VoiceEventType, tag: string): VoiceEvent => ({
        eventId: `reconcile:${s.providerCallId}:${tag}`,
        type,
        providerCallId: s.providerCallId,
        scheduledCallId: scId(set, i),
        call: s.call,
      });
      return s.analyzed
        ? [event('call_analyzed', 'analyzed')]
        : [event('call_ended', 'ended'), event('call_analyzed', 'deadline')];
    };
    await seed('rec', calls);
    await seed('inb', calls);

    // The inbox twin first (its calls are then no longer dialing, so the sweep takes only its own).
    const inboxEvents = calls.flatMap((_, i) => eventsOf('inb', i));
    await receive(inboxEvents);
    expect(await applyInboxBatch(services(), SETTINGS)).toBe(inboxEvents.length);
    expect((await outcomesOf('inb')).every(([, outcome]) => outcome === 'applied')).toBe(true);

    calls.forEach((_, i) => snapshots.set(pcId('rec', i), snapshot('rec', i)));
    const outcomes = await reconcileStaleCalls(services(), RECONCILE);
    expect(Object.fromEntries(outcomes)).toEqual({
      [scId('rec', 0)]: 'apply_analyzed',
      [scId('rec', 1)]: 'complete_unanalyzed',
      [scId('rec', 2)]: 'apply_analyzed',
      [scId('rec', 3)]: 'apply_analyzed',
    });

    const [rec, inb] = [await endState('rec'), await endState('inb')];
    const notes = Object.fromEntries(rec.scheduled.map((r: any) => [r.id, r.status_reason]));
    expect(notes).toEqual({
      sc0: NOTE_ANALYZED,
      'sc0-later': expect.stringMatching(/moved/),
      sc1: NOTE_DEADLINE,
      sc2: NOTE_ANALYZED,
      'sc2-later': expect.stringMatching(/Do Not Call/),
      sc3: NOTE_ANALYZED,
    });
    const unnoted = rec.scheduled.map((r: any) => (r.id.endsWith('-later') ? r : { ...r, status_reason: null }));
    expect({ ...rec, scheduled: unnoted }).toEqual(inb);

    // And that is what the rules give (so the comparison is not between two wrong answers).
    expect(inb.scheduled.map((r: any) => [r.id, r.status, r.post_processing_flags])).toEqual([
      ['sc0', 'completed', ['CONNECT', 'LIVE_CONNECT', 'RPC']],
      ['sc0-later', 'pending', []],
      ['sc1', 'completed', ['CONNECT', 'NO_ANSWER']],
      ['sc2', 'completed', ['CONNECT', 'RPC', 'DNC']],
      ['sc2-later', 'cancelled', []],
      ['sc3', 'completed', ['VOICEMAIL']],
    ]);
    expect(inb.events.map(([id, , type, applied]) => [id, type, applied])).toEqual([
      ['reconcile:pc0:analyzed', 'call_analyzed', true],
      ['reconcile:pc1:deadline', 'call_analyzed', true],
      ['reconcile:pc1:ended', 'call_ended', true],
      ['reconcile:pc2:analyzed', 'call_analyzed', true],
      ['reconcile:pc3:analyzed', 'call_analyzed', true],
    ]);
    expect(inb.calls.map((c: any) => [c.scheduled_call_id, c.state, c.transcript])).toEqual([
      ['sc0', 'analyzed', 'transcript 0'],
      ['sc1', 'analyzed', 'transcript 1'],
      ['sc2', 'analyzed', 'transcript 2'],
      ['sc3', 'analyzed', 'transcript 3'],
    ]);
    expect(inb.customers.map((c: any) => Boolean(c.do_not_call))).toEqual([false, false, true, false]);
    expect(inb.recordings).toEqual(['sc0', 'sc2', 'sc3']);
    expect(inb.published.filter(([type]) => type === 'call.completed')).toHaveLength(4);

    // A second pass (its lease run out) finds every synthetic event recorded: nothing changes.
    await tables(database.db).scheduledCalls().where('id', 'like', 'rec-%').update({ reconcile_lease_until: null });
    expect((await reconcileStaleCalls(services(), RECONCILE)).size).toBe(0); // none is dialing any more
    expect(await endState('rec')).toEqual(rec);
  });

  it("a callback that beats the dialer's record is recorded and applied inside the inbox batch, as it is alone", async () => {
    // 0: no call record yet (the callback beat the provider's answer), every event in the batch;
    // 1: a recorded call; 2: no record yet, one event; 3: no record and not dialing (unknown call).
    const calls: Seeded[] = [
      { status: 'dialing', record: null, later: true },
      { status: 'dialing', record: 'registered' },
      { status: 'dialing', record: null },
      { status: 'pending', record: null },
    ];
    const deliveries: Array<[i: number, tag: string, type: VoiceEventType, flags?: string[]]> = [
      [0, 's', 'call_started'],
      [1, 's', 'call_started'],
      [2, 'e', 'call_ended'],
      [3, 's', 'call_started'],
      [0, 'e', 'call_ended'],
      [1, 'e', 'call_ended'],
      [0, 'a', 'call_analyzed', ['CONNECT', 'LIVE_CONNECT', 'RPC']],
      [0, 's2', 'call_started'],
    ];
    const eventsOf = (set: string): VoiceEvent[] =>
      deliveries.map(([i, tag, type, flags]) => ({
        eventId: `${pcId(set, i)}:${tag}`,
        type,
        providerCallId: pcId(set, i),
        scheduledCallId: scId(set, i),
        call: facts(i, flags ?? [], type === 'call_analyzed'),
      }));
    await seed('one', calls);
    await seed('batch', calls);

    // Alone: each event a set of one, in receipt order.
    const reference: Array<[string, string]> = [];
    for (const event of eventsOf('one')) {
      let outcome: string;
      try {
        outcome = (await applyVoiceEvent(services(), 'sandbox', event)).applied ? 'applied' : 'stale';
      } catch (err) {
        if (err instanceof ConflictError) outcome = 'duplicate';
        else if (err instanceof NotFoundError) outcome = 'unknown_call';
        else throw err;
      }
      reference.push([event.eventId.replace('one-', ''), outcome]);
    }

    // In the batch: ONE transaction, the early calls' records included.
    await receive(eventsOf('batch'));
    const transactions = vi.spyOn(database.db, 'transaction');
    try {
      expect(await applyInboxBatch(services(), SETTINGS)).toBe(deliveries.length);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }

    expect(await outcomesOf('batch')).toEqual(reference);
    expect(reference).toEqual([
      ['pc0:s', 'applied'],
      ['pc1:s', 'applied'],
      ['pc2:e', 'applied'],
      ['pc3:s', 'unknown_call'],
      ['pc0:e', 'applied'],
      ['pc1:e', 'applied'],
      ['pc0:a', 'applied'],
      ['pc0:s2', 'stale'],
    ]);
    const [batch, one] = [await endState('batch'), await endState('one')];
    expect(batch).toEqual(one);
    // The early calls got the call record and the provider call the dialer would have recorded.
    expect(
      batch.scheduled.map((r: any) => [
        r.id,
        r.status,
        r.provider,
        r.provider_call_id,
        r.call_id,
        r.dialed_at === null ? null : new Date(r.dialed_at as string).toISOString(),
      ]),
    ).toEqual([
      ['sc0', 'completed', 'sandbox', 'pc0', 'sc0', NOW.toISOString()],
      ['sc0-later', 'pending', null, null, null, null],
      ['sc1', 'dialing', 'sandbox', 'pc1', 'sc1', DIALED],
      ['sc2', 'dialing', 'sandbox', 'pc2', 'sc2', NOW.toISOString()],
      ['sc3', 'pending', null, null, null, null],
    ]);
    expect(batch.calls.map((c: any) => [c.scheduled_call_id, c.provider_call_id, c.state])).toEqual([
      ['sc0', 'pc0', 'analyzed'],
      ['sc1', 'pc1', 'ended'],
      ['sc2', 'pc2', 'ended'],
    ]);
    expect(batch.recordings).toEqual(['sc0']);
    expect(woken).toEqual(expect.arrayContaining(['call-recordings', 'call-claim']));
  });
});
