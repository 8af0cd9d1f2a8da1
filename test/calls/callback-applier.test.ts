import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type JobQueue, WakeSignals } from '../../src/domain/ports/job-queue.js';
import type { CallServices } from '../../src/domain/calls/call-services.js';
import { CALLBACK_INBOX_SIGNAL } from '../../src/domain/calls/callback-receipts.js';
import { type CallbackApplierOptions, startCallbackApplier } from '../../src/jobs/callback-applier.js';
import type { WorkerPool } from '../../src/jobs/worker-pool.js';
import { createLogger } from '../../src/lib/logger.js';

/**
 * When the inbox applier runs its passes: receipts first during a burst, bounded by maxDelayMs.
 * The inbox is a counter; a pass settles up to a batch of it. Time is vitest's fake clock (Date and
 * timers), moved only by the test, so a slow machine cannot stretch a gap meant to be short.
 */
const OPTS: CallbackApplierOptions = {
  batch: 10,
  parallelCalls: 1,
  leaseMs: 60_000,
  pollMs: 60_000,
  quietMs: 150,
  maxDelayMs: 600,
};
/** Moves the fake clock, running the timers and the promise callbacks that fall due on the way. */
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

function harness(opts: CallbackApplierOptions) {
  const signals = new WakeSignals();
  const queue = {
    wake: (q: string) => signals.wake(q),
    onWake: (q: string, l: () => void) => signals.onWake(q, l),
  } as unknown as JobQueue;
  const s = { queue, log: createLogger('silent') } as unknown as CallServices;
  let inbox = 0;
  const t0 = Date.now();
  /** When each pass ran (ms since start) and what it settled. */
  const passes: Array<[at: number, settled: number]> = [];
  const applier = startCallbackApplier(s, opts, async () => {
    const settled = Math.min(inbox, opts.batch);
    inbox -= settled;
    passes.push([Date.now() - t0, settled]);
    return settled;
  });
  return {
    applier,
    passes,
    t0,
    /** A committed group of receipts. */
    receive(n: number) {
      inbox += n;
      queue.wake(CALLBACK_INBOX_SIGNAL);
    },
    inbox: () => inbox,
  };
}

describe('callback inbox applier', () => {
  let applier: WorkerPool | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(async () => {
    await applier?.stop();
    vi.useRealTimers();
  });

  it('applies at start, then after a lone receipt once it is quiet for quietMs', async () => {
    const h = harness(OPTS);
    applier = h.applier;
    await sleep(5);
    expect(h.passes).toEqual([[expect.any(Number), 0]]); // the start-up pass
    h.receive(3);
    await sleep(OPTS.quietMs - 1);
    expect(h.passes).toHaveLength(1); // not yet quiet
    await sleep(1);
    expect(h.inbox()).toBe(0);
    expect(h.passes[1]).toEqual([5 + OPTS.quietMs, 3]);
  });

  it('waits while receipts keep arriving and drains the inbox when they stop', async () => {
    const h = harness(OPTS);
    applier = h.applier;
    await sleep(5);
    for (let i = 0; i < 8; i++) {
      h.receive(5);
      await sleep(15); // far closer together than quietMs
    }
    expect(h.passes).toHaveLength(1); // only the start-up pass: nothing applied during the burst
    expect(h.inbox()).toBe(40);
    await sleep(OPTS.quietMs + 100);
    expect(h.inbox()).toBe(0);
    // Drained back to back in full batches, then the short one that ends the drain.
    expect(h.passes.slice(1).map(([, n]) => n)).toEqual([10, 10, 10, 10, 0]);
  });

  it('a stream that does not stop is drained every maxDelayMs: no receipt waits longer (plus its drain)', async () => {
    const h = harness(OPTS);
    applier = h.applier;
    await sleep(5);
    const streamMs = OPTS.maxDelayMs * 2;
    while (Date.now() - h.t0 < streamMs) {
      h.receive(2);
      await sleep(10);
    }
    const during = h.passes.slice(1).filter(([, n]) => n > 0);
    expect(during.length).toBeGreaterThan(0);
    // The first receipt came at 5 ms: the inbox waited exactly maxDelayMs for the stream to pause.
    expect(during[0][0]).toBe(5 + OPTS.maxDelayMs);
    // Drained then, whole (full batches back to back), not a batch at a time: at the end the inbox
    // holds at most what arrived since the last drain (2 per 10 ms over maxDelayMs).
    expect(h.inbox()).toBeLessThanOrEqual((2 * OPTS.maxDelayMs) / 10);
    const firstDrain = h.passes.slice(1).findIndex(([, n]) => n > 0) + 1;
    expect(h.passes[firstDrain][1]).toBe(OPTS.batch);
  });
});
