// Decides whether the build is older than the sources or than the public settings baked
// into the pages, so `npm start` and the browser tests rebuild only when needed.
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'content', 'public', 'scripts', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json'];
const BAKED_SETTINGS = ['PROJECT_NAME', 'APP_NAME', 'CONTACT_EMAIL', 'IOS_STORE_URL', 'ANDROID_STORE_URL', 'PUBLIC_URL'];
const STAMP = 'build/.stamp.json';

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function currentStamp() {
  return {
    sources: Math.max(...SOURCES.map(newestMtime)),
    settings: Object.fromEntries(BAKED_SETTINGS.map((name) => [name, process.env[name] ?? ''])),
  };
}

export function buildIsFresh() {
  if (!fs.existsSync('build/node/main.js') || !fs.existsSync('build/client/index.html')) return false;
  try {
    return JSON.stringify(JSON.parse(fs.readFileSync(STAMP, 'utf8'))) === JSON.stringify(currentStamp());
  } catch {
    return false;
  }
}

/** Records the stamp taken before the build, so an edit made during it still counts. */
export function writeStamp(stamp) {
  fs.writeFileSync(STAMP, JSON.stringify(stamp));
}
