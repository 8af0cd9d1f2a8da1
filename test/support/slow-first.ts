import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, longest first, as measured by `npm run test:all` on a quiet
 * 2-core machine (2026-11-28; seconds in the comment). Most of their time is waiting (a browser,
 * a moved clock reaching 11:00 in real time, child processes), so started first they overlap with
 * everything else instead of running alone at the end: with vitest's own order (on a fresh clone,
 * no cached durations, larger files first) the 60-second clock test started at 250 s and the run
 * ended at 310 s. test/architecture/slow-first.test.ts fails when a listed file no longer exists.
 */
export const SLOW_FILES = [
  'test/console/console-browser.test.ts', // 71
  'test/messages/messages-clock.test.ts', // 60
  'test/calls/calls-reconcile.test.ts', // 56
  'test/main/demo.test.ts', // 35
  'test/main/startup.test.ts', // 32
  'test/calls/calls-crash.test.ts', // 29
  'test/consent/consent.test.ts', // 27
  'test/calls/calls.test.ts', // 25
  'test/webhooks/webhook-payloads.test.ts', // 22
  'test/outcomes/call-outcome-effects.test.ts', // 22
  'test/outcomes/callbacks.test.ts', // 22
  'test/console/console-auth.test.ts', // 22
  'src/adapters/voice/retell-voice-provider.test.ts', // 21
];

/** Vitest's order (failed first, then longest by its cache, else larger files first), with SLOW_FILES ahead of it. */
export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FILES.findIndex((slow) => f.moduleId.endsWith(`/${slow}`));
      return i === -1 ? SLOW_FILES.length : i;
    };
    return sorted
      .map((f, i) => ({ f, i, r: rank(f) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map(({ f }) => f);
  }
}
