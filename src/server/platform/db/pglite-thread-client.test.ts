import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from './pglite-thread-client';

describe('the embedded database on its own thread', () => {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })));
  });

  async function start() {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pglite-thread-'));
    folders.push(folder);
    return { folder, thread: await PGliteThread.start({ dataDir: path.join(folder, 'db') }) };
  }

  // Each start runs initdb, seconds of CPU: the tests that need no folder of their own share one.
  it("answers queries with their rows and types, with small shared buffers and initdb's own settings, and keeps both after a restart", async () => {
    const { folder, thread } = await start();
    await thread.query('create table t (id int primary key, at timestamptz, data jsonb)', []);
    const inserted = await thread.query('insert into t values ($1, $2, $3), (2, now(), null)', [1, new Date('2026-01-02T03:04:05Z'), JSON.stringify({ a: 1 })]);
    expect(inserted.affectedRows).toBe(2);
    const { rows } = await thread.query<{ id: number; at: Date; data: unknown }>('select * from t where id = $1', [1]);
    expect(rows).toEqual([{ id: 1, at: new Date('2026-01-02T03:04:05Z'), data: { a: 1 } }]);
    const settings = async (database: PGliteThread) =>
      (await database.query<{ name: string; setting: string }>("select name, setting from pg_settings where name in ('shared_buffers', 'TimeZone') order by name", [])).rows;
    // 16 MB in 8 kB pages; the time zone comes from initdb's postgresql.conf, which stays.
    const expected = [
      { name: 'TimeZone', setting: 'UTC' },
      { name: 'shared_buffers', setting: '2048' },
    ];
    expect(await settings(thread)).toEqual(expected);
    await thread.close();

    const again = await PGliteThread.start({ dataDir: path.join(folder, 'db') });
    expect((await again.query('select count(*)::int as n from t', [])).rows).toEqual([{ n: 2 }]);
    expect(await settings(again)).toEqual(expected);
    await again.close();
  });

  it('fails to start, saying why, when the new folder cannot be created', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pglite-thread-'));
    folders.push(folder);
    await fs.writeFile(path.join(folder, 'db'), 'not a folder');
    await expect(PGliteThread.start({ dataDir: path.join(folder, 'db') })).rejects.toThrow(/db/);
  });

  describe('while it runs', () => {
    let thread: PGliteThread;
    beforeAll(async () => {
      thread = await PGliteThread.start({});
    });
    afterAll(() => thread.close());

    it('passes database errors on with their code and constraint', async () => {
      await thread.query('create table u (name text constraint u_name unique)', []);
      await thread.query("insert into u values ('a')", []);
      await expect(thread.query("insert into u values ('a')", [])).rejects.toMatchObject({ code: '23505', constraint: 'u_name' });
    });

    it('delivers notices to listeners until they stop', async () => {
      const heard: string[] = [];
      const stop = await thread.listen('news', (payload) => heard.push(payload));
      await thread.query("select pg_notify('news', 'un')", []);
      await expect.poll(() => heard).toEqual(['un']);
      await stop();
      await thread.query("select pg_notify('news', 'deux')", []);
      await thread.query('select 1', []);
      expect(heard).toEqual(['un']);
    });
  });

  it('fails calls once closed instead of leaving them waiting', async () => {
    const lost: Error[] = [];
    const thread = await PGliteThread.start({ onLost: (reason) => lost.push(reason) });
    await thread.close();
    await expect(thread.query('select 1', [])).rejects.toThrow('database closed');
    expect(lost).toEqual([]);
  });

  it('tells its owner when the thread dies, and fails the calls waiting for it', async () => {
    const lost: Error[] = [];
    const thread = await PGliteThread.start({ onLost: (reason) => lost.push(reason) });
    const waiting = thread.query('select pg_sleep(1)', []);
    // The thread dying on its own (a WebAssembly abort, say), simulated.
    await (thread as unknown as { worker: Worker }).worker.terminate();
    await expect(waiting).rejects.toThrow('database thread exited');
    await expect(thread.query('select 1', [])).rejects.toThrow('database thread exited');
    expect(lost).toHaveLength(1);
  });
});
