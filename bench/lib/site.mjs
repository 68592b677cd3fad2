// Starts the production server (a private copy of build/) the way an operator would, on a
// free loopback port, and stops it. Every benchmark talks to real processes over TCP.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { snapshotBuild } from '../../scripts/ensure-build.mjs';
import { heapUsedAfterGc } from './inspector.mjs';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN = { email: 'admin@bench.test', password: 'Admin-Bench-2025!' };

/** This run's scratch folder, inside the project so the bundled server finds node_modules. */
export const SCRATCH = path.join(REPO, '.e2e-builds', `bench-${process.pid}`);

let buildDir;

/** A fresh production build, copied once per run so another developer's rebuild cannot disturb it. */
export function siteBuild() {
  if (!buildDir) {
    const target = path.join(SCRATCH, 'site');
    const cwd = process.cwd();
    process.chdir(REPO);
    try {
      snapshotBuild(target);
    } finally {
      process.chdir(cwd);
    }
    buildDir = target;
  }
  return buildDir;
}

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let dataDirs = 0;
const running = new Set();

/** Stops every server a benchmark left running (after a failure). */
export async function stopAllServers() {
  await Promise.all([...running].map((server) => server.stop()));
}

// If the run is cut short, no server outlives it.
process.on('exit', () => {
  for (const server of running) server.kill();
});

/** A new, empty data folder for one embedded database. */
export function newDataDir(label) {
  const dir = path.join(SCRATCH, `data-${label}-${++dataDirs}`);
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}

/** The flags `npm start` and deploy/unissons.service give Node (decision 0017). */
function startFlags() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  return scripts.start.split(' ').filter((word) => word.startsWith('--'));
}

/**
 * `node <build>/node/main.js` with its own data. `database` is `{ dataDir }` (PGlite) or
 * `{ databaseUrl }` (PostgreSQL). Resolves once /api/health answers.
 */
export async function startServer(options) {
  // The port was free when asked, but another process may bind it before the server does (the
  // server logs its port only at info level, which the benchmarks keep off): then try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(options);
    } catch (error) {
      if (attempt === 3 || !String(error.message).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOnce({ database, clientDir, smtpUrl, env = {}, inspect = false }) {
  const build = siteBuild();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const nodeArgs = [...startFlags(), ...(inspect ? ['--inspect=127.0.0.1:0'] : [])];
  const child = spawn(process.execPath, [...nodeArgs, path.join(build, 'node/main.js')], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir ?? newDataDir('unused'),
      DATABASE_URL: database.databaseUrl ?? '',
      CLIENT_DIR: clientDir ?? path.join(build, 'client'),
      // Without SMTP the server writes .eml files; with a closed port it would log failures.
      SMTP_URL: smtpUrl ?? '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      // Registrations solve real challenges (lib/proof-of-work.mjs), at a few attempts each.
      ANTI_BOT_DIFFICULTY: '10',
      // The live benchmarks open all their streams from 127.0.0.1: one client, for the server.
      LIVE_STREAMS_PER_CLIENT: '1000000',
      LOG_LEVEL: 'error',
      // The benchmarks sign the admin in with a password.
      STAFF_TWO_FACTOR: 'optional',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = {
    kill: () => child.kill('SIGKILL'),
    async stop() {
      running.delete(server);
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(server);
  await waitForHealth(url, child, () => stderr);
  // Node prints where its inspector listens before the server starts.
  const inspectorUrl = inspect ? /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1] : undefined;
  if (inspect && !inspectorUrl) throw new Error(`no inspector address in the server's output:\n${stderr}`);
  return {
    url,
    pid: child.pid,
    /** With `inspect`: the JS heap of the server's main thread after a full GC, in kB. */
    heapKb: async () => (await heapUsedAfterGc(inspectorUrl)) / 1024,
    /** Resident memory of the server process, in kB (Linux /proc). */
    rssKb: () => rssKb(child.pid),
    /** CPU time the server process has used so far, every thread, in ms (Linux /proc). */
    cpuMs: () => cpuMs(child.pid),
    stop: server.stop,
  };
}

async function waitForHealth(url, child, stderr) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${stderr()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy within 90 s:\n${stderr()}`);
}

function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
}

function cpuMs(pid) {
  // utime and stime, the 14th and 15th fields, after the command name in parentheses.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
// USER_HZ, which Linux keeps at 100 on every architecture this runs on.
const CLOCK_TICKS = 100;

/** Removes this run's scratch folder (builds, embedded databases). */
export function cleanScratch() {
  fs.rmSync(SCRATCH, { recursive: true, force: true });
}
