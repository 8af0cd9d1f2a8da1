import { applyInboxBatch, type InboxSettings } from '../domain/calls/callback-inbox.js';
import { CALLBACK_INBOX_SIGNAL } from '../domain/calls/callback-receipts.js';
import type { CallServices } from '../domain/calls/call-services.js';
import type { WorkerPool } from './worker-pool.js';

/** Fixed for now: a batch per claim (applied in one transaction), the calls of a failed batch taken event by event side by side (under the pool of 10), a minute's lease. */
export const CALLBACK_APPLIER_DEFAULTS: CallbackApplierOptions = {
  batch: 500,
  parallelCalls: 8,
  leaseMs: 60_000,
  pollMs: 1_000,
  quietMs: 50,
  maxDelayMs: 5_000,
};

export interface CallbackApplierOptions extends InboxSettings {
  /** How often an idle applier looks for rows another process (or a crash) left (wall clock). */
  pollMs: number;
  /** While receipts keep arriving less than this far apart, applying waits (ms)... */
  quietMs: number;
  /** ...but never longer than this: then it drains the inbox, receipts or not (ms). */
  maxDelayMs: number;
}

/**
 * Applies the callback inbox in this process: after receipts commit here (wake), and every `pollMs`
 * for rows left by a process that died between receipt and apply. Runs passes one at a time; a
 * full batch is followed at once by the next.
 *
 * Receipts come first during a burst: a provider's senders wait for each answer (and redeliver on a
 * timeout), while applying has no one waiting. So while receipts keep arriving (less than `quietMs`
 * apart) the applier waits, at most `maxDelayMs`; then it drains the inbox (full batches back to
 * back), as it does when the burst ends. A stream that never pauses is drained every `maxDelayMs`:
 * no event waits longer than that plus its drain.
 */
export function startCallbackApplier(
  s: CallServices,
  opts: CallbackApplierOptions,
  apply = applyInboxBatch,
): WorkerPool {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let lastReceiptAt = -Infinity;
  /** When the applier first waited for the current backlog; null once a pass drained the inbox. */
  let waitingSince: number | null = null;

  /** Milliseconds to wait before applying, 0 to apply now (wall clock: this is transport, not business time). */
  const waitMs = () => {
    const now = Date.now();
    if (now - lastReceiptAt >= opts.quietMs) return 0;
    waitingSince ??= now;
    if (now - waitingSince >= opts.maxDelayMs) return 0;
    return Math.min(lastReceiptAt + opts.quietMs, waitingSince + opts.maxDelayMs) - now;
  };

  const pass = async (): Promise<number> => {
    for (;;) {
      const wait = waitMs();
      if (wait > 0) return wait;
      const settled = await apply(s, opts);
      if (stopped) return 0;
      if (settled < opts.batch) {
        waitingSince = null; // drained
        return 0;
      }
    }
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    let next = opts.pollMs;
    running = pass()
      .then((wait) => {
        if (wait > 0) next = wait;
      })
      .catch((err: Error) => s.log.error('callback inbox pass failed', { error: err.message }))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again && next === opts.pollMs) {
          again = false;
          run();
        } else {
          again = false;
          timer = setTimeout(run, next);
        }
      });
  };
  const unwake = s.queue.onWake(CALLBACK_INBOX_SIGNAL, () => {
    lastReceiptAt = Date.now();
    run();
  });
  run(); // rows left unapplied by a previous run of this process

  return {
    async stop() {
      stopped = true;
      unwake();
      clearTimeout(timer);
      await running;
    },
  };
}
