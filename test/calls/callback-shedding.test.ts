import { describe, expect, it } from 'vitest';
import { NotFoundError, UnavailableError } from '../../src/domain/shared/errors.js';
import type { JobQueue } from '../../src/domain/ports/job-queue.js';
import type { VoiceEvent, VoiceProvider } from '../../src/domain/ports/voice-provider.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
import { receiveVoiceCallback } from '../../src/domain/calls/voice-callbacks.js';
import { createLogger } from '../../src/lib/logger.js';
import { dialectOf } from '../../src/store/shared/db.js';
import { DIALECTS } from '../support/databases.js';
import { useTestDatabase } from '../support/suite.js';

const NOW = new Date('2026-12-08T15:05:00Z');
const IN_FLIGHT = 2;
/** Far beyond what the old gate kept waiting (8 per slot): a burst waits for the inbox, it is not refused. */
const BURST = 200;
/** Callbacks whose bytes the second test's memory cap holds. */
const CAPPED = 6;

/**
 * Load shedding of provider callbacks (voice-callbacks.ts). Retell retries a webhook only 3 times
 * (docs/operators/voice-provider.md#webhooks-from-retell) and a 503 stores nothing, while a callback
 * that waits is stored even after its sender gave up on the answer. So while the inbox cannot be
 * written (held here by an open transaction), IN_FLIGHT callbacks are verified at a time and every
 * one waits in memory, however many arrive; only past the memory cap (CALLBACK_BYTES_MAX, 64 MiB;
 * the bytes of CAPPED callbacks here) is a new one refused at once with 503 semantics
 * (UnavailableError, Retry-After 1). When the inbox is writable again every waiting callback is
 * processed and new ones are admitted. No timing: the cap counts bytes.
 */
describe.each(DIALECTS)('provider callbacks beyond the in-flight limit on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  // The signature is the adapter's business (tested with it); here the body is the event itself.
  const provider = {
    name: 'sandbox',
    readCallback: (raw: Buffer) => JSON.parse(raw.toString()) as VoiceEvent,
  } as unknown as VoiceProvider;
  const services = (callbackBytesMax?: number): CallServices => ({
    db: database.db,
    now: () => NOW,
    log: createLogger('silent'),
    queue: { wake: () => undefined } as unknown as JobQueue,
    voice: { sandbox: provider } as unknown as CallServices['voice'],
    recordings: {} as CallServices['recordings'],
    settings: {
      publicBaseUrl: 'http://127.0.0.1',
      fromNumber: '+12025550199',
      signingSecret: 'x'.repeat(32),
      dialLeaseMs: 60_000,
      maxCallbacksInFlight: IN_FLIGHT,
      ...(callbackBytesMax === undefined ? {} : { callbackBytesMax }),
    },
  });
  const body = (n: number) =>
    Buffer.from(
      JSON.stringify({
        eventId: `ev-${n}`,
        type: 'call_started',
        providerCallId: `pc-${n}`,
        scheduledCallId: `sc-${n}`,
        call: {
          toNumber: '+12125550100',
          fromNumber: '+12025550199',
          startedAt: NOW,
          endedAt: null,
          durationMs: null,
          disconnectionReason: null,
          answeredBy: null,
          transcript: '',
          summary: '',
          recordingUrl: null,
          flags: [],
        },
      }),
    );
  const settle = (p: Promise<unknown>) =>
    p.then(
      () => 'accepted',
      (err: Error) => err.constructor.name,
    );
  /** Holds the inbox: SQLite's one connection is taken; on Postgres the table is locked. */
  const holdInbox = async () => {
    const hold = await database.db.transaction();
    if (dialectOf(database.db) === 'pg') await hold.raw('LOCK TABLE callback_inbox IN ACCESS EXCLUSIVE MODE');
    return hold;
  };

  it('a burst far beyond the in-flight limit waits for the inbox: none is refused, each is answered once it frees up', async () => {
    const s = services(); // the default cap, 64 MiB
    const hold = await holdInbox();
    let waiting: Array<Promise<string>>;
    try {
      waiting = Array.from({ length: BURST }, (_, n) => settle(receiveVoiceCallback(s, 'sandbox', body(n), {})));
      // Nothing is answered while the inbox is held: no callback was refused at once.
      const first = await Promise.race([...waiting, new Promise((r) => setTimeout(() => r('none yet'), 300))]);
      expect(first).toBe('none yet');
    } finally {
      await hold.rollback();
    }
    // No scheduled call exists, so each callback ends as an unknown call (404), none as 503.
    expect(await Promise.all(waiting)).toEqual(Array(BURST).fill(NotFoundError.name));
  });

  it('past the memory cap a new callback is refused at once; the waiting ones are served when the inbox frees up', async () => {
    const s = services(body(0).length * CAPPED);
    const hold = await holdInbox();
    let waiting: Array<Promise<string>>;
    try {
      waiting = Array.from({ length: CAPPED }, (_, n) => settle(receiveVoiceCallback(s, 'sandbox', body(n), {})));
      // Refused at once: it neither waits for a slot nor reaches the inbox.
      const shed = await receiveVoiceCallback(s, 'sandbox', body(7), {}).then(
        () => 'accepted',
        (err: unknown) => err,
      );
      expect(shed).toBeInstanceOf(UnavailableError);
      expect((shed as UnavailableError).retryAfterSeconds).toBe(1);
    } finally {
      await hold.rollback();
    }
    expect(await Promise.all(waiting)).toEqual(Array(CAPPED).fill(NotFoundError.name));
    expect(await settle(receiveVoiceCallback(s, 'sandbox', body(8), {}))).toBe(NotFoundError.name);
  });
});
