import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { PGliteDialect } from './pglite-dialect';
import { PGliteThread } from './pglite-thread-client';
import type { Database } from './schema';

type Listener = (payload: string) => void;

/** The database, whichever engine is behind it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  mode: 'pglite' | 'postgres';
  /** The PostgreSQL connection string (postgres mode only). */
  url?: string;
  /**
   * Postgres mode only: a direct connection to the same database, for LISTEN and the
   * migrations (DATABASE_LISTEN_URL), which a pooler in transaction mode cannot hold; `url` when none was given.
   */
  directUrl?: string;
  /**
   * LISTEN on a channel; resolves once listening. `onResumed` runs each time listening starts
   * again after the connection was lost: notices sent meanwhile never came. Returns a
   * function that stops it.
   */
  listen(channel: string, listener: Listener, onResumed?: () => void): Promise<() => Promise<void>>;
  /** Embedded database only: a plain SQL dump of it (pg_dump, on its thread), for backups. */
  dump?(): Promise<string>;
  /** Embedded database only: runs a script of several statements (a dump being restored). */
  exec?(script: string): Promise<void>;
  close(): Promise<void>;
  /** The connections to the database as /metrics shows them: open, idle, and statements waiting for one. */
  poolStats(): PoolStats;
}

interface PoolStats {
  connections: number;
  idle: number;
  waiting: number;
}

interface OpenDatabaseOptions {
  /** postgres://… — PostgreSQL through `pg`. Otherwise the embedded PGlite. */
  databaseUrl?: string;
  /** PostgreSQL only: the direct connection for LISTEN and migrations, when databaseUrl goes through a pooler. */
  listenUrl?: string;
  /** Folder that holds the embedded database files (created if missing). */
  dataDir?: string;
  /** Embedded database only: start from this dump instead of a folder (tests). */
  pgliteDump?: Blob;
  /** Embedded database only: its thread died (every query fails from then on). */
  onLost?: (reason: Error) => void;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.listenUrl ?? options.databaseUrl, options.poolSize ?? 10);
  return openPGlite(options);
}

async function openPGlite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  let unlock = async () => {};
  if (!options.pgliteDump) {
    if (!options.dataDir) throw new Error('openDatabase needs a dataDir, a dump or a databaseUrl');
    // PGlite does not create the parent folder itself.
    dataDir = path.join(options.dataDir, 'db');
    await fs.mkdir(options.dataDir, { recursive: true });
    unlock = await lockDataDir(options.dataDir);
  }
  let pglite: PGliteThread;
  try {
    pglite = await PGliteThread.start({
      dataDir,
      dump: options.pgliteDump ? await options.pgliteDump.arrayBuffer() : undefined,
      onLost: options.onLost,
    });
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    mode: 'pglite',
    // One connection in this process, never lost while the database lives: no notice is missed.
    async listen(channel, listener) {
      const unlisten = await pglite.listen(channel, listener);
      return () => unlisten();
    },
    // Holding Kysely's one connection: pg_dump never lands inside someone's transaction, and
    // statements sent meanwhile wait for it (they run once it is done).
    dump: () => db.connection().execute(() => pglite.dump()),
    exec: (script) => db.connection().execute(() => pglite.exec(script)),
    // One connection, to the thread, which runs its statements one at a time.
    poolStats: () => ({ connections: 1, idle: pglite.waiting === 0 ? 1 : 0, waiting: pglite.waiting }),
    async close() {
      await db.destroy();
      try {
        await pglite.close();
      } finally {
        await unlock();
      }
    },
  };
}

const CONNECT_TIMEOUT_MS = 3000;

async function openPostgres(databaseUrl: string, directUrl: string, poolSize: number): Promise<DatabaseHandle> {
  // Loaded here only: an embedded server need not hold the driver (decision 0017).
  const { default: pg } = await import('pg');
  // A database that does not answer fails a request within seconds (a 503, errors.ts) rather
  // than leave it waiting for a connection for good.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client that loses its connection emits here; without a handler it would crash.
  pool.on('error', () => {});
  // So does one a request holds between two statements (a transaction) when the database
  // restarts: pg-pool listens to its clients only while they are idle. Its statements fail
  // (a 503, errors.ts) and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  // pg sends every statement unnamed (a query without `name`), which a pooler in transaction
  // mode passes on whichever server connection it picks; nothing relies on a session's state
  // (locks are transactions', SET is never used), so DATABASE_URL may name such a pooler.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const listeners = new PostgresListeners(pg, directUrl);
  return {
    db,
    mode: 'postgres',
    url: databaseUrl,
    directUrl,
    listen: (channel, listener, onResumed) => listeners.add(channel, listener, onResumed),
    poolStats: () => ({ connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listeners.close();
      await db.destroy();
    },
  };
}

/** How the LISTEN connection shows in `pg_stat_activity.application_name`. */
export const LISTEN_APPLICATION_NAME = 'unissons-listen';
/** The first retry after the LISTEN connection is lost; each failed one doubles it, to the cap. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

interface Channel {
  listeners: Set<Listener>;
  onResumed: Set<() => void>;
}

/**
 * One dedicated connection for LISTEN (a pooled one would be handed to other queries).
 * If it drops, it reconnects with a growing delay and listens again. Notices sent meanwhile
 * are lost: once listening again, each channel's `onResumed` runs, so the live hub drops
 * every cache and open pages refetch.
 */
class PostgresListeners {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly channels = new Map<string, Channel>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay = FIRST_RETRY_MS;
  /** A connection was lost since the last one opened: its channels missed notices. */
  private missed = false;

  constructor(
    private readonly pg: typeof import('pg').default,
    /** A direct connection: through a pooler in transaction mode, LISTEN hears nothing. */
    private readonly databaseUrl: string,
  ) {}

  async add(channel: string, listener: Listener, onResumed?: () => void) {
    const client = await this.connect();
    let entry = this.channels.get(channel);
    if (!entry) {
      entry = { listeners: new Set(), onResumed: new Set() };
      this.channels.set(channel, entry);
      await client.query(`LISTEN ${this.pg.escapeIdentifier(channel)}`);
    }
    const added = entry;
    added.listeners.add(listener);
    if (onResumed) added.onResumed.add(onResumed);
    return async () => {
      added.listeners.delete(listener);
      if (onResumed) added.onResumed.delete(onResumed);
      if (added.listeners.size === 0 && this.channels.get(channel) === added) {
        this.channels.delete(channel);
        await this.client?.query(`UNLISTEN ${this.pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open() {
    const client = new this.pg.Client({ connectionString: this.databaseUrl, application_name: LISTEN_APPLICATION_NAME });
    client.on('notification', (message) => {
      for (const listener of this.channels.get(message.channel)?.listeners ?? []) listener(message.payload ?? '');
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.missed = true;
      this.retryLater();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${this.pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      // A retry that was under way when the database closed: nobody listens any more.
      await client.end().catch(() => {});
      throw new Error('LISTEN connection closed');
    }
    this.client = client;
    this.retryDelay = FIRST_RETRY_MS;
    if (this.missed) {
      this.missed = false;
      for (const { onResumed } of this.channels.values()) for (const resumed of onResumed) resumed();
    }
    return client;
  }

  private retryLater() {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect().catch(() => this.retryLater()), this.retryDelay);
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
