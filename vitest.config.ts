import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestFirst } from './tests/setup/slowest-first';

// With POSTGRESQL_PASS_URL (CI sets it), the server's tests run a second time, against that
// PostgreSQL server, as a third project of the same run: their files fill the cores the first
// two leave idle while their last long files finish. Left out: the files that test the
// embedded database itself or files alone and never read TEST_DATABASE_URL (they would run
// exactly as in the first project), the response schemas' parity (the same serializer), and
// the demo data, a minute of the same API calls the first project made.
const postgresqlPass = process.env.POSTGRESQL_PASS_URL;
const unitSetup = {
  environment: 'node' as const,
  globalSetup: ['./tests/setup/database-template.ts'],
  setupFiles: ['./tests/setup/public-config.ts', './tests/setup/fast-check-seed.ts'],
  // A new embedded database (initdb) takes 4 s on a quiet machine and 20 s or more while
  // three workers' servers and browsers share the two cores.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

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
          ...unitSetup,
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
      ...(postgresqlPass
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgresql',
                include: ['src/server/**/*.test.ts'],
                exclude: [
                  ...configDefaults.exclude,
                  'src/server/platform/db/pglite-thread-client.test.ts',
                  'src/server/platform/db/pglite-dialect.test.ts',
                  'src/server/platform/private-files.test.ts',
                  'src/server/platform/backup/backup-files.test.ts',
                  'src/server/capabilities/firebase-import/hash-config.test.ts',
                  'src/server/quality/response-schemas.test.ts',
                  'src/server/demo/demo-data.test.ts',
                ],
                ...unitSetup,
                // The fuzzer's inputs are drawn anew each run: fewer here than in the first project.
                env: { TEST_DATABASE_URL: postgresqlPass, FUZZ_RUNS: process.env.POSTGRESQL_PASS_FUZZ_RUNS ?? '200' },
              },
            },
          ]
        : []),
    ],
  },
});
