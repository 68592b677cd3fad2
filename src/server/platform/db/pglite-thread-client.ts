import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';

export interface QueryRunner {
  query<R>(sql: string, params: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
}

const execFileAsync = promisify(execFile);
const THREAD_SCRIPT = new URL('./pglite-thread.mjs', import.meta.url);

type Reply = { type: 'reply'; id: number; result?: unknown; error?: Record<string, unknown> };
type Notify = { type: 'notify'; listenId: number; payload: string };

/**
 * The embedded database, run by PGlite on a worker thread (pglite-thread.mjs). PGlite is
 * PostgreSQL compiled to WebAssembly and runs each statement synchronously: on the server's
 * own thread, every statement stopped every socket meanwhile (newsletter SMTP connections,
 * live streams, other requests). Statements still run one at a time, in order.
 */
export class PGliteThread implements QueryRunner {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  /** Why the thread is gone (closed, crashed): every call from then on fails with it. */
  private gone: Error | undefined;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    private readonly onLost: ((reason: Error) => void) | undefined,
  ) {
    worker.on('message', (message: Reply | Notify) => {
      if (message.type === 'notify') {
        this.listeners.get(message.listenId)?.(message.payload);
        return;
      }
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(Object.assign(new Error(String(message.error.message)), message.error));
      else waiting?.resolve(message.result);
    });
    worker.on('error', (error) => this.end(error));
    worker.on('exit', (code) => this.end(new Error(`database thread exited (${code})`)));
  }

  /** A dead thread answers nothing: what waits for it fails now rather than hang. */
  private end(reason: Error) {
    const first = !this.gone;
    this.gone ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(this.gone);
    this.pending.clear();
    if (first && !this.closing) this.onLost?.(reason);
  }

  /**
   * Starts the thread on `dataDir`, or on a dump of a database (tests). `onLost` hears of the
   * thread dying other than by close(): from then on every query fails.
   */
  static async start({ onLost, ...options }: { dataDir?: string; dump?: ArrayBuffer; onLost?: (reason: Error) => void }): Promise<PGliteThread> {
    // A new folder is created by a process of its own: initdb's memory goes with it (a
    // server's first start held 900 MB, a restart 400 MB; decision 0017).
    if (options.dataDir && !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
      await execFileAsync(process.execPath, [fileURLToPath(THREAD_SCRIPT), options.dataDir]);
    }
    // The thread's own JavaScript only carries statements and rows across; V8's default young
    // generation (up to 48 MB) would grow to fill under load for nothing (decision 0017).
    const worker = new Worker(THREAD_SCRIPT, { workerData: options, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`database thread exited (${code})`)));
    });
    return new PGliteThread(worker, onLost);
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** Calls sent to the thread and not answered yet (the one running included). */
  get waiting(): number {
    return this.pending.size;
  }

  query<R>(sql: string, params: unknown[]) {
    return this.call<{ rows: R[]; affectedRows?: number }>({ type: 'query', sql, params });
  }

  /** A plain SQL dump of the whole database (pg_dump): callers make sure no transaction is open. */
  async dump(): Promise<string> {
    return (await this.call<{ sql: string }>({ type: 'dump' })).sql;
  }

  /** Runs a script of several statements (a dump being restored). */
  async exec(sql: string): Promise<void> {
    await this.call({ type: 'exec', sql });
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = this.nextId++;
    this.listeners.set(listenId, listener);
    await this.call({ type: 'listen', channel, listenId });
    return async () => {
      this.listeners.delete(listenId);
      await this.call({ type: 'unlisten', listenId });
    };
  }

  async close() {
    this.closing = true;
    try {
      await this.call({ type: 'close' });
    } finally {
      this.end(new Error('database closed'));
      await this.worker.terminate();
    }
  }
}
