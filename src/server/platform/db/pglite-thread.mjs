// The embedded database on its own thread (see pglite-thread-client.ts): PGlite runs each
// statement synchronously, and here that blocks only this thread, not the server's.
// Plain JavaScript, so the thread starts the same way under tsx, Vitest and the bundle.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// PGlite's file system (Emscripten's) chmods each file it creates to the mode PostgreSQL
// asked for, 0666 here, and a chmod is not limited by the umask: the database (password
// hashes, signing secrets) would be readable and writable by every user of the machine. Its
// files are its user's alone, as PostgreSQL's own are. Only PGlite chmods in this thread, or
// in this script run as a process.
for (const name of ['chmodSync', 'fchmodSync']) {
  const chmod = fs[name];
  fs[name] = (target, mode) => chmod(target, mode & 0o700);
}

// PostgreSQL's default 128 MB of shared buffers is 128 MB of this process's memory once
// touched; the operating system's page cache keeps the data files warm anyway (decision 0017).
// A start parameter, not `postgresqlconf`, which would replace initdb's postgresql.conf.
const OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

if (!parentPort) {
  // Run as a process of its own (`node pglite-thread.mjs <folder>`): create a new database
  // folder and end. initdb leaves hundreds of megabytes behind that a thread's end does not
  // give back to the system (the allocator keeps them); a process's end does.
  const pglite = await PGlite.create(process.argv[2], OPTIONS);
  await pglite.close();
  process.exit(0);
}

const { dataDir, dump } = workerData;
const pglite = await PGlite.create(dataDir, { ...OPTIONS, ...(dump ? { loadDataDir: new Blob([dump]) } : {}) });
const unlistens = new Map();

// What callers read of a database error (violatedConstraint and friends): plain fields only,
// since an Error's own properties do not survive the trip between threads.
const ERROR_FIELDS = ['message', 'code', 'constraint', 'detail', 'table', 'column', 'schema', 'severity'];
const plainError = (error) => Object.fromEntries(ERROR_FIELDS.filter((field) => error?.[field] !== undefined).map((field) => [field, error[field]]));

async function handle(message) {
  switch (message.type) {
    case 'query': {
      const result = await pglite.query(message.sql, message.params);
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'listen': {
      const unlisten = await pglite.listen(message.channel, (payload) => parentPort.postMessage({ type: 'notify', listenId: message.listenId, payload }));
      unlistens.set(message.listenId, unlisten);
      return {};
    }
    case 'unlisten': {
      await unlistens.get(message.listenId)?.();
      unlistens.delete(message.listenId);
      return {};
    }
    // pg_dump compiled to WebAssembly, run on this database's one connection (backups).
    // Plain SQL with INSERTs and no owners or grants: PostgreSQL and PGlite both restore it.
    case 'dump': {
      // Loaded on the first backup only: a server's memory at start stays as it was.
      const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
      let file;
      try {
        file = await pgDump({ pg: pglite, args: ['--no-owner', '--no-privileges', '--rows-per-insert=100'] });
      } finally {
        // pg_dump ends by disconnecting, which on a server ends its read-only snapshot and its
        // session settings (search_path '' among them). Here the connection stays: without
        // this, every later write would fail ('read-only transaction').
        if (pglite.isInTransaction()) await pglite.exec('rollback');
        await pglite.exec('reset all');
      }
      return { sql: await file.text() };
    }
    case 'exec':
      await pglite.exec(message.sql);
      return {};
    case 'close':
      await pglite.close();
      return {};
    default:
      throw new Error(`unknown message ${message.type}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ type: 'reply', id: message.id, result }),
    (error) => parentPort.postMessage({ type: 'reply', id: message.id, error: plainError(error) }),
  );
});
parentPort.postMessage({ type: 'ready' });
