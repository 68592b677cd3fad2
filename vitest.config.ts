import fs from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongestFiles } from './tests/setup/longest-files';
import { SlowestFirst } from './tests/setup/slowest-first';

// The server's test files that replace a module (vi.mock) need a module cache of their own:
// in a worker that already imported the module, the replacement would not take.
const serverFiles = fs.globSync('src/server/**/*.test.ts');
const serverFilesSharing = serverFiles.filter((file) => !fs.readFileSync(file, 'utf8').includes('vi.mock('));

const unitSetup = {
  environment: 'node' as const,
  globalSetup: ['./tests/setup/database-template.ts', './tests/setup/server-bundle.ts'],
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
    reporters: ['default', new LongestFiles()],
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          ...unitSetup,
          name: 'server',
          include: serverFilesSharing,
          // Each file builds its own app on its own database, and none replaces a module, so
          // the files of a worker share one module cache: importing the app anew for each file
          // cost a quarter of the server tests' time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...unitSetup,
          name: 'unit',
          // The benchmarks' verdicts too: a run that misses a target must fail.
          include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.mjs'],
          exclude: [...configDefaults.exclude, ...serverFilesSharing],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./tests/e2e/support/global-setup.ts'],
          // A journey through several pages, phone and desktop, takes 40–60 s while CI's three
          // workers share the two cores with the servers and browsers: twice that before failing.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
