// Moving in from Firebase at full size: a generated export of 1,000,000 users, 300,000 words
// and 2,000,000 reactions (BENCH_FIREBASE_USERS… to change it) imported on PostgreSQL by the
// release's command, timed, its resident memory watched; then the first sign-in of imported
// members, whose old password is checked with Firebase's scrypt and hashed again.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { login } from './lib/client.mjs';
import { postgresDatabase, postgresUnavailable } from './lib/database.mjs';
import { percentile, record, round, skipped } from './lib/report.mjs';
import { REPO, SCRATCH, siteBuild, startServer } from './lib/site.mjs';

const USERS = Number(process.env.BENCH_FIREBASE_USERS ?? 1_000_000);
const WORDS = Number(process.env.BENCH_FIREBASE_WORDS ?? 300_000);
const REACTIONS = Number(process.env.BENCH_FIREBASE_REACTIONS ?? 2_000_000);
const SIGN_INS = 60;
const LIMIT_MINUTES = 10;
const RSS_MB = 300;
const SIGN_IN_P95_MS = 150;
const OLD_PASSWORD = 'Ancien-2023';

/** The export, written by the tests' own generator (src/server/capabilities/firebase-import/export-fixture.ts). */
function writeExport(dir) {
  const script = `import { writeGeneratedExport } from './src/server/capabilities/firebase-import/export-fixture.ts';
    const files = await writeGeneratedExport(${JSON.stringify(dir)}, { users: ${USERS}, words: ${WORDS}, reactions: ${REACTIONS} });
    console.log(JSON.stringify(files));`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO, encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`export generation failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

/** Runs the built command, sampling its resident memory; resolves with its wall time and peak RSS. */
function runImport(files, databaseUrl) {
  const build = siteBuild();
  const args = [path.join(build, 'node/import-firebase.js'), '--auth', files.auth, '--hash-config', files.hashConfig, '--firestore', files.firestore];
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: REPO, env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: path.join(SCRATCH, 'firebase-unused') }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let peakKb = 0;
  const sampler = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      peakKb = Math.max(peakKb, kb);
    } catch {
      // Gone between two samples.
    }
  }, 100);
  const timer = setTimeout(() => child.kill('SIGKILL'), 3 * LIMIT_MINUTES * 60_000);
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => {
      clearInterval(sampler);
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`import-firebase exited with ${code}:\n${output.slice(-2000)}`));
      else resolve({ seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024, output });
    }),
  );
}

export async function run() {
  const unavailable = await postgresUnavailable();
  if (unavailable) {
    skipped('firebase-import', 'all', unavailable);
    return;
  }
  const dir = path.join(SCRATCH, 'firebase-export');
  console.log(`[firebase-import] writing an export of ${USERS} users, ${WORDS} words, ${REACTIONS} reactions…`);
  const files = writeExport(dir);
  const sizeMb = (fs.statSync(files.auth).size + fs.statSync(files.firestore).size) / 2 ** 20;
  const database = await postgresDatabase('firebase');
  try {
    const { seconds, peakMb, output } = await runImport(files, database.databaseUrl);
    console.log(output.split('\n').filter((line) => line.startsWith('- ')).join('\n'));
    record('firebase-import', `import of ${USERS} users, ${WORDS} words, ${REACTIONS} reactions (${Math.round(sizeMb)} MB of JSON), PostgreSQL`, round(seconds / 60, 2), ' min', { op: '<=', value: LIMIT_MINUTES });
    record('firebase-import', 'importer peak RSS', Math.round(peakMb), ' MB', { op: '<=', value: RSS_MB });

    const server = await startServer({ database });
    try {
      const durations = [];
      for (let index = 0; index < SIGN_INS; index++) {
        // Spread over the accounts: each signs in for the first time.
        const member = Math.floor((index * USERS) / SIGN_INS) + 1;
        const started = performance.now();
        await login(server.url, `membre${member}@exemple.fr`, OLD_PASSWORD);
        durations.push(performance.now() - started);
      }
      record('firebase-import', `first sign-in with the old password, p95 of ${SIGN_INS}`, round(percentile(durations, 95)), ' ms', { op: '<=', value: SIGN_IN_P95_MS });
      // The second sign-in of one of them: argon2id, as any member.
      const started = performance.now();
      await login(server.url, `membre${USERS - 1}@exemple.fr`, OLD_PASSWORD);
      const again = performance.now() - started;
      console.log(`[firebase-import] a second sign-in (argon2id now): ${round(again)} ms`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
