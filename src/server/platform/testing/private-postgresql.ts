import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's PostgreSQL server programs, of the newest version installed. */
async function binaries(): Promise<string> {
  const versions = (await fs.readdir('/usr/lib/postgresql')).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${newest}/bin`;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface PrivatePostgresql {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server as `pg_ctlcluster … stop` does (fast: every connection is ended at once). */
  stop(): Promise<void>;
  /** Starts it again, on the same port and data. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  remove(): Promise<void>;
}

/**
 * A PostgreSQL server of its own for a test that stops or restarts it (the machine's shared
 * one serves the other tests meanwhile): initdb in a temporary folder, trust authentication on
 * a free port of 127.0.0.1. PostgreSQL refuses to run as root: as root, it runs as `postgres`.
 */
export async function startPrivatePostgresql(): Promise<PrivatePostgresql> {
  const bin = await binaries();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'unissons-postgresql-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', dir]);
  const as = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]) : run(path.join(bin, program), args);
  const port = await freePort();
  const data = path.join(dir, 'data');
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]) => as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', ...args]);
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await ctl('-m', 'fast', 'stop');
    },
    start: async () => {
      await ctl('start');
    },
    async remove() {
      await ctl('-m', 'immediate', 'stop').catch(() => {});
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
