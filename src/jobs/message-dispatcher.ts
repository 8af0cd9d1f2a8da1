import { dispatchDueMessages, type DispatchDeps } from '../domain/messages/message-dispatch.js';

export interface MessageDispatcherOptions {
  pollMs: number;
  batchSize: number;
  perCompany: number;
}

export interface MessageDispatcher {
  /** Runs one round now (tests and the wake-up after a schedule commits). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The email/SMS dispatcher of a worker process: polls for due messages; a full batch is followed
 * at once by the next round. Several processes on one Postgres share the work safely (claims are
 * one conditional UPDATE, src/store/messages/messages.ts).
 */
export function startMessageDispatcher(deps: DispatchDeps, options: MessageDispatcherOptions): MessageDispatcher {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);

  const round = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const n = await dispatchDueMessages(deps, options.batchSize, options.perCompany);
      total += n;
      if (n < options.batchSize || stopped) return total;
    }
  };
  const tick = () => {
    running = round()
      .catch((err: Error) => {
        deps.log.error('message dispatch round failed', { error: err.stack });
        return 0;
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    async runOnce() {
      await running;
      return round();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
