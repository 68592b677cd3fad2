import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './tests/setup/slowest-first';

// Kept apart from vite.config.ts: the reactRouter() plugin must not run under Vitest.
export default defineConfig({
  test: {
    // Vitest's default is one worker per core minus one: a single worker on these 2-core
    // machines. The tests mostly wait on databases, servers and browsers, so run three.
    maxWorkers: 3,
    sequence: { sequencer: SlowestFirst },
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The benchmarks' verdicts too: a run that misses a target must fail.
          include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.mjs'],
          environment: 'node',
          globalSetup: ['./tests/setup/database-template.ts'],
          setupFiles: ['./tests/setup/public-config.ts', './tests/setup/fast-check-seed.ts'],
          // A new embedded database (initdb) takes 4 s on a quiet machine and 20 s or more while
          // three workers' servers and browsers share the two cores.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./tests/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
