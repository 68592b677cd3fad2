import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { inject } from 'vitest';
import { Mailbox } from '../../../src/server/platform/testing/mailbox';
import { parseLogLine, WARN } from '../../../src/server/platform/testing/server-process';

export const ADMIN = { email: 'admin@unissons.test', password: 'Admin-Password-2025!' };

export interface Site {
  url: string;
  mailbox: Mailbox;
  dataDir: string;
  stop(): Promise<void>;
  /** Stopped as an operator stops it (SIGTERM); the data folder is kept, for a command to open or a restart. */
  halt(): Promise<void>;
  /** kill -9: no shutdown at all; the data folder is kept for a restart. */
  crash(): Promise<void>;
}

/**
 * A port free at the moment of asking, for a program that cannot report the port it bound
 * (Caddy): another process may take it before that program binds it, so its caller retries.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The production server (build/node/main.js) with its own empty data folder and a real SMTP
 * capture, as a visitor's browser would reach it. It binds port 0, so the system gives it a
 * port no other test holds, and the port is read from its "Server listening at" log line.
 */
export async function startSite(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<Site> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-e2e-'));
    await fs.cp(inject('dataDirTemplate'), dataDir, { recursive: true });
  }
  const mailbox = await Mailbox.start();
  const buildDir = inject('buildDir');
  const child: ChildProcess = spawn(process.execPath, [path.join(buildDir, 'node/main.js')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CLIENT_DIR: path.join(buildDir, 'client'),
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Real challenges, solved by the browser's widget and the tests' own requests, quickly.
      ANTI_BOT_DIFFICULTY: '50',
      // A first start backs up at once: CPU the tests need, for a file none of them reads.
      BACKUP_EVERY: 'off',
      // The admin signs in with a password in most specs; accounts-staff-two-factor.e2e.ts sets 'required'.
      STAFF_TWO_FACTOR: 'optional',
      ...env,
      PORT: '0',
      // Info, for the line that names the port; only warnings and errors are shown (below).
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let url: string | undefined;
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const entry = parseLogLine(line);
    const listening = /^Server listening at (http:\/\/\S+)$/.exec(entry?.msg ?? '');
    if (listening) url ??= listening[1];
    if (!entry || entry.level >= WARN) process.stdout.write(`${line}\n`);
  });
  try {
    await waitForHealth(() => url, child);
  } catch (error) {
    // A server that never became healthy must not outlive the test run (each holds ~500 MB).
    child.kill('SIGKILL');
    await exited;
    await mailbox.stop();
    if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: url!,
    mailbox,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await mailbox.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
    async halt() {
      child.kill('SIGTERM');
      await exited;
      await mailbox.stop();
    },
    async crash() {
      child.kill('SIGKILL');
      await exited;
      await mailbox.stop();
    },
  };
}

/**
 * Up to 100 s: a new embedded database takes seconds alone, and far longer while three
 * workers' servers and browsers share two cores (the hook's own limit is 120 s).
 */
async function waitForHealth(url: () => string | undefined, child: ChildProcess) {
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const listening = url();
    if (listening) {
      try {
        const response = await fetch(`${listening}/api/health`);
        if (response.ok) return;
      } catch {
        // listening, not answering yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy within 100 s (${url() ? `listening at ${url()}` : 'no "Server listening at" line yet'})`);
}
