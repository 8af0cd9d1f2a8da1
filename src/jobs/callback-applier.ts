import { applyInboxBatch, type InboxSettings } from '../domain/outreach/callback-inbox.js';
import { CALLBACK_INBOX_SIGNAL } from '../domain/outreach/callback-receipts.js';
import type { CallServices } from '../domain/outreach/call-services.js';
import type { WorkerPool } from './worker-pool.js';

/** Fixed for now: a batch per claim (applied in one transaction), calls taken one by one side by side (under the pool of 10), a minute's lease. */
export const CALLBACK_APPLIER_DEFAULTS: CallbackApplierOptions = { batch: 500, parallelCalls: 8, leaseMs: 60_000, pollMs: 1_000 };

export interface CallbackApplierOptions extends InboxSettings {
  /** How often an idle applier looks for rows another process (or a crash) left (wall clock). */
  pollMs: number;
}

/**
 * Applies the callback inbox in this process: at once when a grouped receipt commits here (wake),
 * and every `pollMs` for rows left by a process that died between receipt and apply. Runs passes
 * one at a time; a full batch is followed at once by the next.
 */
export function startCallbackApplier(s: CallServices, opts: CallbackApplierOptions): WorkerPool {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const pass = async () => {
    while (!stopped && (await applyInboxBatch(s, opts)) >= opts.batch);
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass()
      .catch((err: Error) => s.log.error('callback inbox pass failed', { error: err.message }))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else {
          timer = setTimeout(run, opts.pollMs);
        }
      });
  };
  const unwake = s.queue.onWake(CALLBACK_INBOX_SIGNAL, run);
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
