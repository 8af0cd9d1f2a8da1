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
const QUEUED = IN_FLIGHT * 8; // QUEUED_PER_SLOT in voice-callbacks.ts

/**
 * Load shedding of provider callbacks: while the inbox cannot be written (held here by an open
 * transaction), IN_FLIGHT callbacks are in progress and QUEUED more wait in memory; the next one
 * is refused at once with 503 semantics (UnavailableError, Retry-After 1), so the provider retries it. When the inbox is writable again every waiting callback is processed and
 * the gate admits new ones.
 */
describe.each(DIALECTS)('provider callbacks beyond the in-flight limit on %s', (dialect) => {
  const database = useTestDatabase(dialect);

  // The signature is the adapter's business (tested with it); here the body is the event itself.
  const provider = {
    name: 'sandbox',
    readCallback: (raw: Buffer) => JSON.parse(raw.toString()) as VoiceEvent,
  } as unknown as VoiceProvider;
  const services = (): CallServices => ({
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

  it('refuses the callback past the queue at once and serves the waiting ones when the inbox frees up', async () => {
    const s = services();
    // Hold the inbox: SQLite's one connection is taken; on Postgres the table is locked.
    const hold = await database.db.transaction();
    if (dialectOf(database.db) === 'pg') await hold.raw('LOCK TABLE callback_inbox IN ACCESS EXCLUSIVE MODE');
    let waiting: Array<Promise<string>>;
    try {
      waiting = Array.from({ length: IN_FLIGHT + QUEUED }, (_, n) =>
        settle(receiveVoiceCallback(s, 'sandbox', body(n), {})),
      );
      await new Promise((r) => setTimeout(r, 200));
      // Refused at once: it neither waits for a slot nor reaches the inbox.
      const shed = await Promise.race([
        receiveVoiceCallback(s, 'sandbox', body(999), {}).then(
          () => 'accepted',
          (err: unknown) => err,
        ),
        new Promise((r) => setTimeout(() => r('still waiting after 1 s'), 1_000)),
      ]);
      expect(shed).toBeInstanceOf(UnavailableError);
      expect((shed as UnavailableError).retryAfterSeconds).toBe(1);
    } finally {
      await hold.rollback();
    }
    // No scheduled call exists, so each waiting callback ends as an unknown call (404), none as 503.
    expect(await Promise.all(waiting)).toEqual(Array(IN_FLIGHT + QUEUED).fill(NotFoundError.name));
    expect(await settle(receiveVoiceCallback(s, 'sandbox', body(1000), {}))).toBe(NotFoundError.name);
  });
});
