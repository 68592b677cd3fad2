import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { Mailbox } from '../../../src/server/testing/mailbox';

export const ADMIN = { email: 'admin@unissons.test', password: 'Admin-Password-2025!' };

export interface Site {
  url: string;
  mailbox: Mailbox;
  dataDir: string;
  stop(): Promise<void>;
  /** kill -9: no shutdown at all; the data folder is kept for a restart. */
  crash(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The production server (build/node/main.js) on a free port with its own empty data folder
 * and a real SMTP capture, as a visitor's browser would reach it.
 */
export async function startSite(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<Site> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-e2e-')));
  const mailbox = await Mailbox.start();
  const url = `http://127.0.0.1:${port}`;
  const buildDir = inject('buildDir');
  const child: ChildProcess = spawn(process.execPath, [path.join(buildDir, 'node/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CLIENT_DIR: path.join(buildDir, 'client'),
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Real challenges, solved by the browser's widget and the tests' own requests, quickly.
      ANTI_BOT_DIFFICULTY: '50',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForHealth(url, child);
  } catch (error) {
    // A server that never became healthy must not outlive the test run (each holds ~500 MB).
    child.kill('SIGKILL');
    await exited;
    await mailbox.stop();
    if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    mailbox,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await mailbox.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
    async crash() {
      child.kill('SIGKILL');
      await exited;
      await mailbox.stop();
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy within 60 s');
}
