import { spawnSync } from 'node:child_process';
import { buildIsFresh, writeStamp } from './build-stamp.mjs';

/** Runs `npm run build` unless the current build already matches the sources. */
export function ensureBuild() {
  if (buildIsFresh()) return;
  console.log('Construction du site…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error('npm run build failed');
  writeStamp();
}
