import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { buildIsFresh, currentStamp, writeStamp } from './build-stamp.mjs';

const LOCK = '.build.lock';

/**
 * Runs `npm run build` unless the current build already matches the sources. Several test
 * runs may ask at once; a lock folder makes the others wait, then find the build fresh.
 */
export function ensureBuild() {
  withBuildLock(() => {
    if (buildIsFresh()) return;
    console.log('Construction du site…');
    const stamp = currentStamp();
    // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build
    // (40 % more script, dev-only warnings) into what the browser tests and benches serve.
    const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (result.status !== 0) throw new Error('npm run build failed');
    writeStamp(stamp);
  });
}

/**
 * A fresh build, copied (under the lock) to `target` inside the project, so a test run
 * keeps serving the same files while another run rebuilds. Inside the project, the bundled
 * server still finds node_modules.
 */
export function snapshotBuild(target) {
  ensureBuild();
  withBuildLock(() => {
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync('build', target, { recursive: true });
  });
}

function withBuildLock(work) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch {
      const stale = Date.now() - fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > 5 * 60_000;
      if (stale) fs.rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`${LOCK} held for too long`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}
