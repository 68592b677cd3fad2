// Live fan-out: 1,000 open /api/live?topics=words streams (the supporters' wall's topic); time
// from an admin's approval of a word to the 'words' event at every stream, and the server
// memory each open stream costs.
import { spawnSync } from 'node:child_process';
import { call, loginAdmin } from './lib/client.mjs';
import { pgliteDatabase, withSql } from './lib/database.mjs';
import { latenciesMs, openCrowd } from './lib/live-crowd.mjs';
import { percentile, record, round, skipped } from './lib/report.mjs';
import { insertAccounts, insertWords, pendingWordIds } from './lib/seed.mjs';
import { startServer } from './lib/site.mjs';

const CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 1000);
const ROUNDS = 20;
// Long enough for every stream to receive the event; the figures show if some did not.
const ROUND_WAIT_MS = 1500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Approves one pending word per round (the first one as a warm-up) and gathers when each stream heard of it. Shared with
 * the scale-out benchmark, where the approving instance is not the one the streams are on.
 */
export async function approvalRounds({ approveUrl, adminCookie, wordIds, crowds }) {
  const samples = crowds.map(() => []);
  // Per round: the first stream served (notice path) and first-to-last (the fan-out itself).
  const firsts = crowds.map(() => []);
  const spreads = crowds.map(() => []);
  const lasts = crowds.map(() => []);
  const missing = crowds.map(() => 0);
  const requestMs = [];
  for (const [turn, id] of wordIds.entries()) {
    const start = process.hrtime.bigint();
    await call(approveUrl, `/api/admin/words/${id}/approve`, { method: 'POST', cookie: adminCookie });
    if (turn > 0) requestMs.push(Number(process.hrtime.bigint() - start) / 1e6);
    await sleep(ROUND_WAIT_MS);
    for (const [i, crowd] of crowds.entries()) {
      const latencies = latenciesMs(start, await crowd.collect());
      // The first approval warms the paths up (JIT, caches, first NOTIFY); it is not counted.
      if (turn === 0) continue;
      samples[i].push(...latencies);
      if (latencies.length > 0) {
        firsts[i].push(Math.min(...latencies));
        spreads[i].push(Math.max(...latencies) - Math.min(...latencies));
        lasts[i].push(Math.max(...latencies));
      }
      missing[i] += Math.max(0, crowd.open - latencies.length);
    }
  }
  return { samples, firsts, spreads, lasts, missing, requestMs };
}

/** `lasts`: per approval, when the last stream got it; a slow round shows up there. */
export function recordLatencies(bench, label, latencies, lasts, target) {
  console.log(
    `  ${label}: ${latencies.length} events, p50 ${round(percentile(latencies, 50))} ms, ` +
      `p95 ${round(percentile(latencies, 95))} ms, max ${round(Math.max(...latencies))} ms; ` +
      `last stream per approval: ${lasts.map((ms) => round(ms, 0)).join(', ')} ms`,
  );
  record(bench, `${label} p50`, percentile(latencies, 50), ' ms');
  record(bench, `${label} p95`, percentile(latencies, 95), ' ms', target);
  record(bench, `${label} max`, Math.max(...latencies), ' ms');
}

/** The server's RSS once it has settled (after the GC heapKb() forces): the median of samples over two seconds. */
async function steadyRssKb(server) {
  await sleep(2000);
  const samples = [];
  for (let i = 0; i < 10; i++) {
    samples.push(server.rssKb());
    await sleep(200);
  }
  return percentile(samples, 50);
}

/** Open files this process (and so the server it starts) may hold, per `ulimit -n`. */
function openFileLimit() {
  const shown = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  return shown === 'unlimited' ? Infinity : Number(shown);
}

export async function run() {
  const bench = 'live';
  const limit = openFileLimit();
  if (limit < CLIENTS + 100) {
    skipped(bench, 'all', `ulimit -n is ${limit}; ${CLIENTS} streams need more (raise it with ulimit -n 4096)`);
    return;
  }
  console.log(`\n[${bench}] ${CLIENTS} open /api/live?topics=words streams, ${ROUNDS} approvals, embedded database`);
  const database = pgliteDatabase('live');
  await (await startServer({ database })).stop();
  await withSql(database, async (query) => {
    await insertAccounts(query, { prefix: 'temoin', count: 300 });
    await insertWords(query, { prefix: 'temoin', isPublic: true });
    await insertAccounts(query, { prefix: 'attente', count: ROUNDS + 1 });
    await insertWords(query, { prefix: 'attente', isPublic: false });
  });
  const wordIds = await withSql(database, (query) => pendingWordIds(query, 'attente'));

  const server = await startServer({ database, inspect: true });
  try {
    const adminCookie = await loginAdmin(server.url);
    await call(server.url, '/api/words');
    // A first crowd comes and goes, so one-time allocations (code, buffer pools) are not counted.
    await (await openCrowd(server.url, 100, 1)).close();
    const heapBefore = await server.heapKb();
    const rssBefore = await steadyRssKb(server);
    const crowd = await openCrowd(server.url, CLIENTS);
    try {
      record(bench, 'streams open', crowd.open, '', { op: '>=', value: CLIENTS });
      const heapAfter = await server.heapKb();
      const rssAfter = await steadyRssKb(server);
      // RSS is shown, not divided: the collection frees pages too, so its difference says little.
      console.log(
        `  server JS heap after GC: ${round(heapBefore / 1024)} MB before, ${round(heapAfter / 1024)} MB with ${crowd.open} streams; ` +
          `RSS ${round(rssBefore / 1024)} MB, then ${round(rssAfter / 1024)} MB`,
      );
      record(bench, 'server memory (JS heap) per open stream', (heapAfter - heapBefore) / Math.max(crowd.open, 1), ' kB');

      const rounds = await approvalRounds({ approveUrl: server.url, adminCookie, wordIds, crowds: [crowd] });
      recordLatencies(bench, 'approval → event at every stream', rounds.samples[0], rounds.lasts[0], { op: '<=', value: 100 });
      record(bench, 'approval request itself p50', percentile(rounds.requestMs, 50), ' ms');
      record(bench, 'approval → first stream served p50', percentile(rounds.firsts[0], 50), ' ms');
      record(bench, 'first → last stream served p50', percentile(rounds.spreads[0], 50), ' ms');
      record(bench, 'events not received', rounds.missing[0], '', { op: '<=', value: 0 });
    } finally {
      await crowd.close();
    }
  } finally {
    await server.stop();
  }
}
