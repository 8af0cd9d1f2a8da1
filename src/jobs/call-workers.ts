import { type CallServices, CLAIM_SIGNAL, DIAL_QUEUE } from '../domain/calls/call-services.js';
import { claimCallsToDial, type DialRequest, dialScheduledCalls } from '../domain/calls/dial.js';
import { RECORDING_QUEUE, type RecordingMessage, storeRecording } from '../domain/calls/recordings.js';
import type { Claimed } from '../domain/ports/job-queue.js';
import { startWorkerPool, type WorkerPool } from './worker-pool.js';
import type { CallDispatchOptions } from '../config/calls.js';
import { recordDial } from '../observability/metrics.js';
import { readAccountLimits } from '../domain/calls/account-limits.js';

/** Calls dialed together (one guard statement, one read of their state, one write of the answers). */
const DIAL_BATCH_MAX = 32;
/** Batches in flight per worker process (the concurrency is split among them). */
const DIAL_BATCHES_IN_FLIGHT = 4;
/** Recordings claimed and acked together by one of the two copy slots. */
const RECORDINGS_PER_UNIT = 8;

/**
 * The dispatcher of one worker process, on the job queue port:
 * - a claim loop: due pending calls → dialing, within each company's and each account's limit (one
 *   store operation: docs/architecture/decisions/dial-claim-order.md), and a `call-dial` message per call,
 *   committed together (so a claimed call always has a message; a dead worker's message comes back);
 * - a pool dialing those messages (src/domain/calls/dial.ts), acked after the dial is recorded;
 * - a pool copying recordings announced by call_analyzed callbacks into the recording store.
 */
export function startCallWorkers(s: CallServices, opts: CallDispatchOptions, dialing = true): WorkerPool {
  const enqueueOpts = { maxAttempts: opts.maxAttempts, retryDelaySeconds: 1, timeoutSeconds: opts.timeoutSeconds };
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  // The accounts' limits, read from the provider when older than accountReadMs (looked at no more
  // often than every 5 s, so an account whose read fails is not asked on every poll).
  let accountsLookedAt = -Infinity;
  const readAccounts = async () => {
    const maxAgeMs = opts.accountReadMs ?? 0;
    if (maxAgeMs <= 0 || Date.now() - accountsLookedAt < Math.min(maxAgeMs, 5_000)) return;
    accountsLookedAt = Date.now();
    await readAccountLimits(s, { maxAgeMs, operatorReservedInbound: opts.reservedInbound ?? 0 });
  };

  const claimOnce = async (): Promise<number> => {
    await readAccounts().catch((err: Error) => s.log.error('voice account limits not read', { error: err.message }));
    const claimed = await claimCallsToDial(
      s,
      { batch: opts.claimBatch, defaultConcurrency: opts.maxConcurrentPerCompany },
      enqueueOpts,
    );
    if (claimed > 0) s.queue.wake(DIAL_QUEUE);
    return claimed;
  };

  const offWake = s.queue.onWake(CLAIM_SIGNAL, () => wake?.());
  const claimLoop = (async () => {
    while (!stopping && dialing) {
      let claimed = 0;
      try {
        claimed = await claimOnce();
      } catch (err) {
        s.log.error('call claim failed', { error: (err as Error).message });
      }
      if (claimed >= opts.claimBatch || stopping) continue; // more may be due right now
      await new Promise<void>((resolve) => {
        timer = setTimeout(resolve, opts.pollMs);
        wake = resolve;
      });
    }
  })();

  // Dials go in batches: one guard, one read per kind of state and one write of the answers per batch
  // instead of per call, and a few batches in flight so one slow provider answer does not stall the pool.
  const dialBatch = Math.max(1, Math.min(DIAL_BATCH_MAX, Math.ceil(opts.concurrency / DIAL_BATCHES_IN_FLIGHT)));
  const dials = !dialing
    ? { stop: async () => {} }
    : startWorkerPool<DialRequest>(
        s.queue,
        {
          queue: DIAL_QUEUE,
          concurrency: Math.max(1, Math.ceil(opts.concurrency / dialBatch)),
          groupSize: dialBatch,
          groupKey: () => 'dial',
          pollMs: opts.pollMs,
          shutdownGraceMs: opts.shutdownGraceMs,
          log: s.log,
        },
        async (messages: Claimed<DialRequest>[]) => {
          const results = await dialScheduledCalls(
            s,
            messages.map((m) => m.data),
            messages.map((m) => m.attempt >= m.maxAttempts),
          );
          const done = messages.filter((_, i) => 'outcome' in results[i]);
          await s.queue.complete(s.db, done);
          let freed = false;
          for (const [i, m] of messages.entries()) {
            const r = results[i];
            recordDial('retry' in r ? 'retry' : r.outcome);
            if ('retry' in r) {
              s.log.error('dial attempt failed', {
                scheduledCallId: m.data.scheduledCallId,
                attempt: m.attempt,
                error: r.retry.message,
              });
              await s.queue
                .fail(m, r.retry)
                .catch((e: Error) =>
                  s.log.error('could not record job failure', { messageId: m.id, error: e.message }),
                );
            } else {
              s.log.debug('dial', { scheduledCallId: m.data.scheduledCallId, outcome: r.outcome, attempt: m.attempt });
              freed ||= ['moved', 'held', 'skipped', 'failed', 'refused', 'paused'].includes(r.outcome);
            }
          }
          if (freed) wake?.(); // room freed for a company
        },
      );

  // Recordings are copied one after another, a few claimed at once and acked together: one fetch and
  // one ack per unit instead of per recording, the same two copies in flight as before.
  const recordings = startWorkerPool<RecordingMessage>(
    s.queue,
    {
      queue: RECORDING_QUEUE,
      concurrency: 2,
      groupSize: RECORDINGS_PER_UNIT,
      groupKey: () => 'recording',
      pollMs: opts.pollMs,
      shutdownGraceMs: opts.shutdownGraceMs,
      log: s.log,
    },
    async (messages: Claimed<RecordingMessage>[]) => {
      const copied: Claimed<RecordingMessage>[] = [];
      for (const m of messages) {
        try {
          await storeRecording(s, m.data);
          copied.push(m);
        } catch (err) {
          s.log.error('recording copy failed', {
            callId: m.data.callId,
            attempt: m.attempt,
            error: (err as Error).message,
          });
          await s.queue
            .fail(m, err as Error)
            .catch((e: Error) => s.log.error('could not record job failure', { messageId: m.id, error: e.message }));
        }
      }
      await s.queue.complete(s.db, copied);
    },
  );

  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      wake?.();
      await claimLoop;
      offWake();
      await Promise.all([dials.stop(), recordings.stop()]);
    },
  };
}
