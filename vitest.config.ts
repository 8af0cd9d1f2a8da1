import { defineConfig } from 'vitest/config';
import SlowFirst from './test/support/slow-first.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker runs its files one after another in the same process, importing the service's
    // modules once: with a fresh process per file, importing them was most of the suite's CPU time
    // (14 files: 89 CPU-s isolated, 47 CPU-s shared). Tests keep no state in modules: each file
    // gets its own database and service (test/support/suite.ts) and stops them after its suite.
    isolate: false,
    // Most tests wait on I/O (the service, simulators, Postgres, real timers), not on a core; the
    // default (cores - 1) ran one file at a time on the 2-core CI machine: 9 minutes instead of 3.
    maxWorkers: 4,
    // The files that mostly wait start first, so the others run while they wait (test/support/slow-first.ts).
    sequence: { sequencer: SlowFirst },
  },
});
