// @ts-check
/**
 * Mutation testing (docs/testing.md): the modules where a silent break costs most, each group
 * with the test files that guard it. `npm run test:mutation` runs one Stryker per group
 * (scripts/mutation.mjs); `MUTATION_GROUP=backup npx stryker run` runs one by hand, and
 * without MUTATION_GROUP Stryker takes every group at once.
 */
export const MUTATION_GROUPS = {
  passwords: {
    mutate: ['src/server/capabilities/accounts/passwords.ts', 'src/server/capabilities/accounts/login-throttle.ts'],
    testFiles: [
      'src/server/capabilities/accounts/passwords.test.ts',
      'src/server/capabilities/accounts/firebase-password.test.ts',
      'src/server/capabilities/accounts/auth.test.ts',
      'src/server/capabilities/accounts/account.test.ts',
      'src/server/capabilities/accounts/admin-bootstrap.test.ts',
      'src/server/platform/jobs/retention.test.ts',
    ],
  },
  permissions: {
    mutate: ['src/shared/permissions.ts', 'src/server/platform/http/route-groups.ts'],
    testFiles: ['src/shared/permissions.test.ts', 'src/server/quality/authorization-matrix.test.ts', 'src/server/capabilities/accounts/account.test.ts'],
  },
  moderation: {
    mutate: ['src/server/capabilities/moderation/transitions.ts'],
    testFiles: ['src/server/capabilities/moderation/moderation.test.ts', 'src/server/capabilities/moderation/transitions.test.ts'],
  },
  newsletter: {
    // The claim itself is deliveries.ts's claimDeliveries; worker.ts's claim() and claimBatch() decide when to claim.
    mutate: ['src/server/capabilities/newsletter/deliveries.ts', 'src/server/capabilities/newsletter/sent-recorder.ts', 'src/server/capabilities/newsletter/worker.ts:196-217'],
    testFiles: ['src/server/capabilities/newsletter/deliveries.test.ts', 'src/server/capabilities/newsletter/worker.test.ts'],
  },
  'email-verification': {
    mutate: ['src/server/capabilities/accounts/email-verification.ts'],
    testFiles: ['src/server/capabilities/accounts/email-verification.test.ts', 'src/server/capabilities/accounts/registration.test.ts', 'src/server/platform/jobs/retention.test.ts'],
  },
  backup: {
    // Its tests reach PostgreSQL on their own; on the embedded database they also dump and
    // restore what only it writes (a dump from a newer pg_dump, restored into an older server).
    embedded: true,
    mutate: ['src/server/platform/backup/backup-files.ts', 'src/server/platform/backup/take-backup.ts', 'src/server/platform/backup/restore-backup.ts'],
    testFiles: ['src/server/platform/backup/backup.test.ts', 'src/server/platform/backup/take-backup.test.ts', 'src/server/platform/backup/backup-files.test.ts'],
  },
  'anti-bot': {
    mutate: ['src/server/platform/anti-bot/proof-of-work.ts', 'src/server/platform/anti-bot/index.ts'],
    testFiles: ['src/server/platform/anti-bot/anti-bot.test.ts', 'src/server/platform/jobs/retention.test.ts'],
  },
};

const name = process.env.MUTATION_GROUP;
if (name && !(name in MUTATION_GROUPS)) throw new Error(`MUTATION_GROUP=${name}: not one of ${Object.keys(MUTATION_GROUPS).join(', ')}`);
const groups = name ? [MUTATION_GROUPS[/** @type {keyof typeof MUTATION_GROUPS} */ (name)]] : Object.values(MUTATION_GROUPS);
const report = `reports/mutation/${name ?? 'all'}`;
// Read by vitest.mutation.config.ts in the test runners Stryker starts. Not Stryker's own
// `testFiles`: with it, Stryker 10.1 activates static mutants (module-level values) after their
// module is loaded, and reports them survived whatever the tests do.
process.env.MUTATION_TEST_FILES = JSON.stringify([...new Set(groups.flatMap((group) => group.testFiles))]);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', pool: 'forks', related: false },
  mutate: groups.flatMap((group) => group.mutate),
  coverageAnalysis: 'perTest',
  // Two cores: one Vitest each.
  concurrency: 2,
  thresholds: { high: 90, low: 85, break: 85 },
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${report}.html` },
  jsonReporter: { fileName: `${report}.json` },
  // `npx stryker run --incremental` reuses the results of mutants whose code and tests did not change.
  incrementalFile: `${report}.incremental.json`,
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['build', 'data', 'test-results', '.e2e-builds', '.test-builds', 'reports', '.scratch'],
  // Mutants in the database tests wait on real servers: allow for a loaded machine.
  timeoutMS: 20_000,
};
