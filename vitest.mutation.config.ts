import { defineConfig } from 'vitest/config';

// Stryker's Vitest (stryker.config.mjs, docs/testing.md): the unit project's setup without the
// browser project, on the test files of the group being mutated (MUTATION_TEST_FILES, set by
// stryker.config.mjs). Stryker starts one Vitest per concurrent mutant, each with one worker.
const testFiles = process.env.MUTATION_TEST_FILES;

export default defineConfig({
  test: {
    include: testFiles ? (JSON.parse(testFiles) as string[]) : ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['./tests/setup/database-template.ts'],
    setupFiles: ['./tests/setup/fail-on-console-error.ts', './tests/setup/public-config.ts', './tests/setup/fast-check-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
