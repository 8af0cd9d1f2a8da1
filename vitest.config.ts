import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most tests wait on I/O (the service, simulators, Postgres, real timers), not on a core; the
    // default (cores - 1) ran one file at a time on the 2-core CI machine: 9 minutes instead of 3.
    maxWorkers: 4,
  },
});
