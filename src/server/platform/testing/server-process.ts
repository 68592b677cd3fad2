import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { inject } from 'vitest';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Every log line it has printed so far, parsed (the JSON lines of pino). */
  logs: { level: number; msg?: string }[];
}

/**
 * The real server as a process of its own, healthy. It runs main.js of the run's bundle
 * (tests/setup/server-bundle.ts): the form production runs, and a few CPU-seconds less per
 * start than src/server/main.ts under tsx, which compiles the TypeScript first. It binds
 * port 0 and the test reads the port from its "Server listening at" line, so no other test
 * can take the port between a check and the bind. Warnings and errors are shown.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(inject('serverBundle'), 'main.js')], {
    env: { ...process.env, HOST: '127.0.0.1', CLIENT_DIR: '/nonexistent', ...env, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logs: ServerProcess['logs'] = [];
  let url: string | undefined;
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const entry = parseLogLine(line);
    if (entry) logs.push(entry);
    url ??= /^Server listening at (http:\/\/\S+)$/.exec(entry?.msg ?? '')?.[1];
    if (!entry || entry.level >= WARN) process.stdout.write(`${line}\n`);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `server did not become healthy within 60 s (${url ? `listening at ${url}` : 'no "Server listening at" line yet'})`,
      );
    }
    const healthy =
      url &&
      (await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      ));
    if (healthy) return { url: url!, child, exited, logs };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** pino's level for warnings: lines from it up are shown. */
export const WARN = 40;

/** A line of the server's output as pino wrote it, or undefined for anything else. */
export function parseLogLine(line: string): { level: number; msg?: string } | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as { level: number; msg?: string };
  } catch {
    return undefined;
  }
}
