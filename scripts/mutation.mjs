// `npm run test:mutation [-- group…] [-- stryker options]`: mutation testing (docs/testing.md),
// one Stryker run per group of stryker.config.mjs, each killing its mutants with its own test
// files only. Reports land in reports/mutation/<group>.html and .json. Exits 1 if a group
// scores under 85 % or fails to run.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MUTATION_GROUPS } from '../stryker.config.mjs';

// The races that only PostgreSQL can lose kill the concurrency mutants: without a database
// named, use the local one CI uses (docs/testing.md). A group marked `embedded` runs without.
const env = { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' };
const args = process.argv.slice(2);
const names = args.filter((arg) => arg in MUTATION_GROUPS);
const options = args.filter((arg) => !(arg in MUTATION_GROUPS));
const stryker = path.join(path.dirname(createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json')), 'bin/stryker.js');

const results = [];
for (const name of names.length > 0 ? names : Object.keys(MUTATION_GROUPS)) {
  const started = Date.now();
  console.log(`\n=== mutation testing: ${name}`);
  const groupEnv = { ...env, MUTATION_GROUP: name };
  if (MUTATION_GROUPS[name].embedded) delete groupEnv.TEST_DATABASE_URL;
  const { status } = spawnSync(process.execPath, [stryker, 'run', ...options], { stdio: 'inherit', env: groupEnv });
  results.push({ name, status, minutes: ((Date.now() - started) / 60_000).toFixed(1) });
}
console.log('\n=== mutation testing, by group (scores in reports/mutation/<group>.html)');
for (const { name, status, minutes } of results) console.log(`${status === 0 ? 'ok    ' : 'FAILED'} ${name} (${minutes} min)`);
process.exitCode = results.every(({ status }) => status === 0) ? 0 : 1;
