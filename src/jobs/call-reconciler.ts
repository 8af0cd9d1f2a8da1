import type { CallServices } from '../domain/calls/call-services.js';
import { reconcileStaleCalls, type ReconcileSettings } from '../domain/calls/reconcile-calls.js';
import type { WorkerPool } from './worker-pool.js';

export interface CallReconcileOptions extends ReconcileSettings {
  /** How often this process runs a pass (wall clock). */
  intervalMs: number;
}

/**
 * The reconciliation sweep of a worker process (src/domain/calls/reconcile-calls.ts): a pass
 * every `intervalMs`, a full batch followed at once by the next. Several processes share the work
 * through the per-call reconcile lease (one statement, src/store/calls/call-reconcile.ts).
 */
export function startCallReconciler(s: CallServices, opts: CallReconcileOptions): WorkerPool {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    for (;;) {
      const outcomes = await reconcileStaleCalls(s, opts);
      if (outcomes.size) s.log.info('calls reconciled', countBy(outcomes.values()));
      // A full batch is followed at once only while it settled something: calls left to wait are not taken again in a loop.
      const settled = [...outcomes.values()].some((o) => o !== 'wait' && o !== 'skipped');
      if (outcomes.size < opts.batch || !settled || stopped) return;
    }
  };
  const tick = () => {
    running = pass()
      .catch((err: Error) => s.log.error('call reconciliation pass failed', { error: err.message }))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.intervalMs);
      });
  };
  timer = setTimeout(tick, opts.intervalMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

function countBy(values: Iterable<string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
