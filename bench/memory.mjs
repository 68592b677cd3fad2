// Memory and start-up: the server's resident memory (RSS, what the machine must hold) after
// its first start on a new database, after a restart, and while the API benchmark's load runs
// and once it ends; the time from launching `node main.js` to /api/health answering. On the
// embedded database (PGlite) and on PostgreSQL.
import autocannon from 'autocannon';
import { SPORT, reactionRequests } from './api.mjs';
import { call, loginAdmin, registerMembers } from './lib/client.mjs';
import { inBothModes, withSql } from './lib/database.mjs';
import { record } from './lib/report.mjs';
import { insertAccounts, insertWords } from './lib/seed.mjs';
import { startServer } from './lib/site.mjs';

const LIMIT_MB = 300;
const WORDS = 5000;
const MEMBERS = 200;
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 20);
const LOAD_SECONDS = Number(process.env.BENCH_MEMORY_LOAD_SECONDS ?? 10);
// Idle figures are read once the start-up's garbage has had time to be collected.
const SETTLE_MS = 5000;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

const megabytes = (server) => server.rssKb() / 1024;

async function timedStart(database, env) {
  const started = performance.now();
  const server = await startServer({ database, env });
  return { server, healthyMs: performance.now() - started };
}

/** Runs `work` while reading the server's RSS every 100 ms; returns the highest reading. */
async function peakDuring(server, work) {
  let peak = megabytes(server);
  const sampler = setInterval(() => (peak = Math.max(peak, megabytes(server))), 100);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, megabytes(server));
}

async function runMode(database) {
  const bench = `memory/${database.mode}`;
  const target = { op: '<=', value: LIMIT_MB };
  console.log(`\n[${bench}] RSS after a first start, a restart and under load (${CONNECTIONS} connections)`);

  const first = await timedStart(database);
  record(bench, 'first start: time to healthy', first.healthyMs, ' ms');
  await settle();
  record(bench, 'first start: RSS idle', megabytes(first.server), ' MB', target);
  await first.server.stop();

  // The API benchmark's data: 5,000 public words, by SQL while the server is stopped.
  await withSql(database, async (query) => {
    await insertAccounts(query, { prefix: 'auteur', count: WORDS });
    await insertWords(query, { prefix: 'auteur', isPublic: true });
  });

  const again = await timedStart(database, { REACTION_RATE_LIMIT_PER_MINUTE: '1000000' });
  const { server } = again;
  try {
    record(bench, 'restart: time to healthy', again.healthyMs, ' ms');
    await settle();
    record(bench, 'restart: RSS idle', megabytes(server), ' MB', target);

    const { url } = server;
    const cookies = await registerMembers(url, MEMBERS, 'membre');
    await call(url, '/api/sports', { method: 'POST', body: SPORT, cookie: cookies[0] });
    const sportId = SPORT.name.toLowerCase();
    await call(url, `/api/admin/sports/${encodeURIComponent(sportId)}/approve`, { method: 'POST', cookie: await loginAdmin(url) });
    const peak = await peakDuring(server, async () => {
      const headers = { 'accept-encoding': 'br, gzip' };
      await autocannon({ url: `${url}/api/words`, connections: CONNECTIONS, duration: LOAD_SECONDS, headers });
      await autocannon({ url, requests: reactionRequests(cookies, sportId), connections: CONNECTIONS, duration: LOAD_SECONDS, headers });
    });
    record(bench, `under load: highest RSS (${MEMBERS} registrations, then words and reactions ${LOAD_SECONDS} s each)`, peak, ' MB', target);
    await settle();
    record(bench, 'after load: RSS idle', megabytes(server), ' MB', target);
  } finally {
    await server.stop();
  }
}

export async function run() {
  await inBothModes('memory', runMode);
}
